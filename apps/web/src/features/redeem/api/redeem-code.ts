import type { RedeemResult } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountInfoKey } from '../../../entities/account/get-account-info';
import { api } from '../../../lib/api-client';

/** `POST /api/v1/redeem`: turns a 兑换码 into VIP days; the account (and its popover) reloads after. */
export function useRedeemCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<RedeemResult>('/api/v1/redeem', { code }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountInfoKey }),
  });
}
