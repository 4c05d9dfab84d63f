import type { Announcement } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** `GET /api/admin/announcements` */
export const getAdminAnnouncements = () => api.get<Announcement[]>('/api/admin/announcements');

export const adminAnnouncementsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.announcements, queryFn: getAdminAnnouncements });

export const useAdminAnnouncements = () => useQuery(adminAnnouncementsQueryOptions());
