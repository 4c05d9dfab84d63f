import type {
  AdminOrderDetail,
  AdminOrderPage,
  AdminUserDetail,
  AdminUserPage,
  AuditPage,
  Dashboard,
  RefundBody,
  RoleBody,
  StaffMe,
  TotpSetup,
  VipAdjustBody,
} from '@chuhai/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';

/** The operator console's calls (`/api/admin/*`); every one is checked by role on the server. */
const keys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  dashboard: (days: number) => ['admin', 'dashboard', days] as const,
  users: (params: QueryParams) => ['admin', 'users', params] as const,
  user: (id: number) => ['admin', 'user', id] as const,
  orders: (params: QueryParams) => ['admin', 'orders', params] as const,
  order: (orderNo: string) => ['admin', 'order', orderNo] as const,
  audit: (params: QueryParams) => ['admin', 'audit', params] as const,
};

export function useStaffMe() {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: [...keys.me, token],
    // Silent: a seller opening #/admin gets the screen's own 没有权限, not a toast.
    queryFn: () => api.get<StaffMe>('/api/admin/me', undefined, { silent: true }),
    enabled: Boolean(token),
    retry: false,
  });
}

export const useDashboard = (days: 1 | 7 | 30) =>
  useQuery({
    queryKey: keys.dashboard(days),
    queryFn: () => api.get<Dashboard>('/api/admin/dashboard', { days }),
  });

export const useAdminUsers = (params: QueryParams) =>
  useQuery({
    queryKey: keys.users(params),
    queryFn: () => api.get<AdminUserPage>('/api/admin/users', params),
    placeholderData: keepPreviousData,
  });

export const useAdminUser = (id: number | null) =>
  useQuery({
    queryKey: keys.user(id ?? 0),
    queryFn: () => api.get<AdminUserDetail>(`/api/admin/users/${id}`),
    enabled: id !== null,
  });

export const useAdminOrders = (params: QueryParams) =>
  useQuery({
    queryKey: keys.orders(params),
    queryFn: () => api.get<AdminOrderPage>('/api/admin/orders', params),
    placeholderData: keepPreviousData,
  });

export const useAdminOrder = (orderNo: string | null) =>
  useQuery({
    queryKey: keys.order(orderNo ?? ''),
    queryFn: () => api.get<AdminOrderDetail>(`/api/admin/orders/${orderNo}`),
    enabled: orderNo !== null,
  });

export const useAudit = (params: QueryParams) =>
  useQuery({
    queryKey: keys.audit(params),
    queryFn: () => api.get<AuditPage>('/api/admin/audit', params),
    placeholderData: keepPreviousData,
  });

/** Any change: everything the console shows may have moved (lists, details, the log). */
function useAdminMutation<Body, Result>(call: (body: Body) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}

export const useAdjustVip = (userId: number) =>
  useAdminMutation((body: VipAdjustBody) =>
    api.post<{ vipEndAt: number }>(`/api/admin/users/${userId}/vip`, body),
  );

export const useSetDisabled = (userId: number) =>
  useAdminMutation((body: { disabled: boolean; reason: string }) =>
    api.post<null>(`/api/admin/users/${userId}/disable`, body),
  );

export const useSetRole = (userId: number) =>
  useAdminMutation((body: RoleBody) => api.post<null>(`/api/admin/users/${userId}/role`, body));

export const useRefund = (orderNo: string) =>
  useAdminMutation((body: RefundBody) =>
    api.post<{ refundNo: string; status: string }>(`/api/admin/orders/${orderNo}/refund`, body),
  );

/** Starts binding; replacing a bound authenticator sends a code from it. */
export const useTotpSetup = () =>
  useAdminMutation((currentCode: string | undefined) =>
    api.post<TotpSetup>('/api/admin/totp/setup', currentCode ? { code: currentCode } : {}),
  );
/** Another admin's reset of an operator's lost authenticator. */
export const useTotpReset = (userId: number) =>
  useAdminMutation((totp: string) => api.post<null>(`/api/admin/users/${userId}/totp-reset`, { totp }));
export const useTotpConfirm = () =>
  useAdminMutation((code: string) => api.post<null>('/api/admin/totp/confirm', { code }));
