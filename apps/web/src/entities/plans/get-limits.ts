import type { DailyLimits } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** `GET /api/v1/limits`: the daily limits the server enforces now (the console edits them). */
export const limitsQueryOptions = () =>
  queryOptions({
    queryKey: ['limits'],
    queryFn: () => api.get<DailyLimits>('/api/v1/limits'),
    staleTime: 60_000,
  });

export const useDailyLimits = () => useQuery(limitsQueryOptions());
