import type { RoleBody } from '@chuhai/contract';
import { api } from '../../../lib/api-client';
import { useAdminMutation } from './admin-mutation';

/** `POST /api/admin/users/:id/role` */
export const setRole = (userId: number, body: RoleBody) =>
  api.post<null>(`/api/admin/users/${userId}/role`, body);

export const useSetRole = (userId: number) => useAdminMutation((body: RoleBody) => setRole(userId, body));
