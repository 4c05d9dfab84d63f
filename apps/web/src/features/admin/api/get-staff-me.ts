import type { StaffMe } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { adminKeys } from './admin-keys';

/** `GET /api/admin/me`: the signed-in operator (role, whether an authenticator is bound). */
export const getStaffMe = () =>
  // Silent: a seller opening #/admin gets the screen's own 没有权限, not a toast.
  api.get<StaffMe>('/api/admin/me', undefined, { silent: true });

export const staffMeQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: [...adminKeys.me, token],
    queryFn: getStaffMe,
    enabled: Boolean(token),
    retry: false,
  });

export function useStaffMe() {
  const token = useAuthStore((s) => s.token);
  return useQuery(staffMeQueryOptions(token));
}
