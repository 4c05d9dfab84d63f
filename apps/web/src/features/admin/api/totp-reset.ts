import { api } from '../../../lib/api-client';
import { useAdminMutation } from './admin-mutation';

/** `POST /api/admin/users/:id/totp-reset`: another admin's reset of an operator's lost authenticator. */
export const totpReset = (userId: number, totp: string) =>
  api.post<null>(`/api/admin/users/${userId}/totp-reset`, { totp });

export const useTotpReset = (userId: number) => useAdminMutation((totp: string) => totpReset(userId, totp));
