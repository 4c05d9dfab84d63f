import type { Dashboard } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** `GET /api/admin/dashboard?days=` */
export const getDashboard = (days: 1 | 7 | 30) => api.get<Dashboard>('/api/admin/dashboard', { days });

export const dashboardQueryOptions = (days: 1 | 7 | 30) =>
  queryOptions({ queryKey: adminKeys.dashboard(days), queryFn: () => getDashboard(days) });

export const useDashboard = (days: 1 | 7 | 30) => useQuery(dashboardQueryOptions(days));
