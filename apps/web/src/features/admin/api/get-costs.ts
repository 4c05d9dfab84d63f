import type { CostReport } from '@chuhai/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { channelKeys } from './channel-keys';

/** `GET /api/admin/costs?days=`: revenue against provider cost, per day, feature and channel. */
export const getCosts = (days: number) => api.get<CostReport>('/api/admin/costs', { days });

export const costsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: channelKeys.costs(days),
    queryFn: () => getCosts(days),
    placeholderData: keepPreviousData,
  });

export const useCosts = (days: number) => useQuery(costsQueryOptions(days));
