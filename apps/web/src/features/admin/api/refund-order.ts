import type { RefundBody } from '@chuhai/contract';
import { api } from '../../../lib/api-client';
import { useAdminMutation } from './admin-mutation';

/** `POST /api/admin/orders/:orderNo/refund` */
export const refundOrder = (orderNo: string, body: RefundBody) =>
  api.post<{ refundNo: string; status: string }>(`/api/admin/orders/${orderNo}/refund`, body);

export const useRefund = (orderNo: string) =>
  useAdminMutation((body: RefundBody) => refundOrder(orderNo, body));
