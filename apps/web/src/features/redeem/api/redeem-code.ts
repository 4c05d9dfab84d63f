import type { RedeemResult } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateSpending } from '../../../entities/account/spending';
import { api } from '../../../lib/api-client';

/** `POST /api/v1/redeem`: turns a 兑换码 into VIP days; every figure of VIP and uses reloads after. */
export function useRedeemCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<RedeemResult>('/api/v1/redeem', { code }, { silent: true }),
    onSuccess: () => invalidateSpending(client),
  });
}
