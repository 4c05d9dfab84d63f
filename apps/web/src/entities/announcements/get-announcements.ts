import type { Announcement } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type { Announcement };

/** `GET /api/v1/announcements`: what the operators are showing now. */
export const announcementsQueryOptions = () =>
  queryOptions({
    queryKey: ['announcements'],
    queryFn: () => api.get<Announcement[]>('/api/v1/announcements', undefined, { silent: true }),
    staleTime: 120_000,
    // A bar that ends while the page is open goes at the next look.
    refetchInterval: 300_000,
  });

export const useAnnouncements = () => useQuery(announcementsQueryOptions());
