import type { OrderPage, OrderView, PayBody, PayChannelList, PayResult } from '@chuhai/contract';
import { PAGE_SIZE } from '@chuhai/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';

/** `GET /api/v1/payChannels`: the channels this server offers. */
export const getPayChannels = () => api.get<PayChannelList>('/api/v1/payChannels');
export const payChannelsQueryOptions = () =>
  queryOptions({ queryKey: ['pay-channels'], queryFn: getPayChannels, staleTime: 300_000 });
export const usePayChannels = () => useQuery(payChannelsQueryOptions());

/** `POST /api/v1/pay/`: creates the order; the server prices it. */
export const createOrder = (body: PayBody) => api.post<PayResult>('/api/v1/pay/', body);
export const useCreateOrder = () => useMutation({ mutationFn: createOrder });

/** `GET /api/v1/callback/order/`: the order's state (the server asks the provider while pending). Errors stay silent. */
export const checkOrder = (orderNo: string) =>
  api.get<OrderView>('/api/v1/callback/order/', { orderNo }, { silent: true });

/** `GET /api/v1/orderList` (15 a page). */
export const getOrderList = (pageNo: number) =>
  api.get<OrderPage>('/api/v1/orderList', { pageNo, pageSize: PAGE_SIZE.orders });

export function useOrderList(pageNo: number) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: ['orders', token, pageNo],
    queryFn: () => getOrderList(pageNo),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}
