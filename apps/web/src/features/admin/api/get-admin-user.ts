import type { AdminUserDetail } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** `GET /api/admin/users/:id` */
export const getAdminUser = (id: number) => api.get<AdminUserDetail>(`/api/admin/users/${id}`);

/** No user picked (`null`): nothing is asked. */
export const adminUserQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: adminKeys.user(id ?? 0),
    queryFn: () => getAdminUser(id ?? 0),
    enabled: id !== null,
  });

export const useAdminUser = (id: number | null) => useQuery(adminUserQueryOptions(id));
