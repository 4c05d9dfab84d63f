import type { LoginDevice, RevokeSessionsBody } from '@chuhai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';

/** `GET /api/v1/sessions`: where the account is signed in, this device first. */
export const getSessions = () => api.get<LoginDevice[]>('/api/v1/sessions');

export const sessionsQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: ['sessions', token] as const, queryFn: getSessions, enabled: Boolean(token) });

export function useSessions() {
  const token = useAuthStore((s) => s.token);
  return useQuery(sessionsQueryOptions(token));
}

/** `POST /api/v1/sessions/revoke`: one device, or `all` the others. */
export function useRevokeSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RevokeSessionsBody) => api.post<{ revoked: number }>('/api/v1/sessions/revoke', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['sessions'] }),
  });
}
