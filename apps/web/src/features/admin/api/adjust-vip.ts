import type { VipAdjustBody } from '@chuhai/contract';
import { api } from '../../../lib/api-client';
import { useAdminMutation } from './admin-mutation';

/** `POST /api/admin/users/:id/vip` */
export const adjustVip = (userId: number, body: VipAdjustBody) =>
  api.post<{ vipEndAt: number }>(`/api/admin/users/${userId}/vip`, body);

export const useAdjustVip = (userId: number) =>
  useAdminMutation((body: VipAdjustBody) => adjustVip(userId, body));
