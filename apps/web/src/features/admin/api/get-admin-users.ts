import type { AdminUserPage } from '@chuhai/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** `GET /api/admin/users` */
export const getAdminUsers = (params: QueryParams) => api.get<AdminUserPage>('/api/admin/users', params);

export const adminUsersQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: adminKeys.users(params),
    queryFn: () => getAdminUsers(params),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (params: QueryParams) => useQuery(adminUsersQueryOptions(params));
