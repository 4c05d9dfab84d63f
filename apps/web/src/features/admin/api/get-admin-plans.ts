import type { AdminPlan } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** `GET /api/admin/plans` */
export const getAdminPlans = () => api.get<AdminPlan[]>('/api/admin/plans');

export const adminPlansQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.plans, queryFn: getAdminPlans });

export const useAdminPlans = () => useQuery(adminPlansQueryOptions());
