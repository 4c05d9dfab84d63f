import type { AdminOrderPage } from '@chuhai/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** `GET /api/admin/orders` */
export const getAdminOrders = (params: QueryParams) => api.get<AdminOrderPage>('/api/admin/orders', params);

export const adminOrdersQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: adminKeys.orders(params),
    queryFn: () => getAdminOrders(params),
    placeholderData: keepPreviousData,
  });

export const useAdminOrders = (params: QueryParams) => useQuery(adminOrdersQueryOptions(params));
