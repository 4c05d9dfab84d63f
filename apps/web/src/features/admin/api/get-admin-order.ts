import type { AdminOrderDetail } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** `GET /api/admin/orders/:orderNo` */
export const getAdminOrder = (orderNo: string) => api.get<AdminOrderDetail>(`/api/admin/orders/${orderNo}`);

/** No order picked (`null`): nothing is asked. */
export const adminOrderQueryOptions = (orderNo: string | null) =>
  queryOptions({
    queryKey: adminKeys.order(orderNo ?? ''),
    queryFn: () => getAdminOrder(orderNo ?? ''),
    enabled: orderNo !== null,
  });

export const useAdminOrder = (orderNo: string | null) => useQuery(adminOrderQueryOptions(orderNo));
