import type { SiteOffer } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/**
 * `GET /api/v1/offer`: which tools are on and whether the advanced chat model exists, so the price
 * page, 个人中心 and the console's plan editor promise only what the site delivers now.
 */
export const offerQueryOptions = () =>
  queryOptions({
    queryKey: ['offer'],
    queryFn: () => api.get<SiteOffer>('/api/v1/offer', undefined, { silent: true }),
    staleTime: 60_000,
  });

export const useSiteOffer = () => useQuery(offerQueryOptions());
