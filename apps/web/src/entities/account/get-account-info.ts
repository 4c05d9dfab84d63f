import type { AccountInfo } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useAuthStore } from '../../stores/auth-store';
import { showsSpending } from './spending';

/**
 * `GET /api/v1/info`: the account, VIP grants and today's usage. `noError` (param and header) keeps
 * an auth failure silent: the popover uses it; the personal centre does not, so a dead session there
 * sends the user to log in (spec section 8).
 */
export function getAccountInfo(options: { noError?: boolean } = {}): Promise<AccountInfo> {
  return options.noError
    ? api.get<AccountInfo>('/api/v1/info', { noError: 1 }, { noError: true })
    : api.get<AccountInfo>('/api/v1/info');
}

export const accountInfoKey = ['account-info'] as const;

export const accountInfoQueryOptions = (token: string | null, options: { noError?: boolean } = {}) =>
  queryOptions({
    queryKey: [...accountInfoKey, token],
    queryFn: () => getAccountInfo(options),
    enabled: Boolean(token),
    staleTime: 60_000,
    meta: showsSpending,
  });

/**
 * Account info of the signed-in user; `enabled: false` waits (the popover loads on first show).
 * `fresh` asks again each time the caller mounts, cached info shown meanwhile: the popover is where a
 * seller reads their VIP, and a refund or a grant made in the console since must show there at once.
 */
export function useAccountInfo(options: { noError?: boolean; enabled?: boolean; fresh?: boolean } = {}) {
  const token = useAuthStore((s) => s.token);
  const base = accountInfoQueryOptions(token, { noError: options.noError });
  return useQuery({
    ...base,
    enabled: base.enabled !== false && options.enabled !== false,
    ...(options.fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}
