import type { SellerCostPeriod, SellerCostReport } from '@chuhai/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { channelKeys } from './channel-keys';

/** `GET /api/admin/costs/sellers?period=`: the costliest sellers with what they paid, and the totals. */
export const getSellerCosts = (period: SellerCostPeriod) =>
  api.get<SellerCostReport>('/api/admin/costs/sellers', { period });

export const sellerCostsQueryOptions = (period: SellerCostPeriod) =>
  queryOptions({
    queryKey: channelKeys.sellerCosts(period),
    queryFn: () => getSellerCosts(period),
    placeholderData: keepPreviousData,
  });

export const useSellerCosts = (period: SellerCostPeriod) => useQuery(sellerCostsQueryOptions(period));
