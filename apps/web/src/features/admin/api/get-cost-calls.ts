import type { CostCallPage } from '@chuhai/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/api-client';
import { channelKeys } from './channel-keys';

/** `GET /api/admin/costs/calls`: the cost ledger call by call, newest first, with the filters set. */
export const getCostCalls = (params: QueryParams) => api.get<CostCallPage>('/api/admin/costs/calls', params);

export const costCallsQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: channelKeys.costCalls(params),
    queryFn: () => getCostCalls(params),
    placeholderData: keepPreviousData,
  });

export const useCostCalls = (params: QueryParams) => useQuery(costCallsQueryOptions(params));
