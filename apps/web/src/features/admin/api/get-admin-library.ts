import type { AdminLibraryCategory } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** `GET /api/admin/library`: the prompt library, by category. */
export const getAdminLibrary = () => api.get<AdminLibraryCategory[]>('/api/admin/library');

export const adminLibraryQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.library, queryFn: getAdminLibrary });

export const useAdminLibrary = () => useQuery(adminLibraryQueryOptions());
