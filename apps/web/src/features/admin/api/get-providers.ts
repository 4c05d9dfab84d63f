import type { ProviderStatus } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** `GET /api/admin/providers` */
export const getProviders = () => api.get<ProviderStatus[]>('/api/admin/providers');

export const providersQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.providers, queryFn: getProviders });

export const useProviders = () => useQuery(providersQueryOptions());
