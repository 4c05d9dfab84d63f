import type { QueryParams } from '../../../lib/api-client';

/** Query keys of the operator console's calls (`/api/admin/*`; every one is checked by role on the server). */
export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  dashboard: (days: number) => ['admin', 'dashboard', days] as const,
  users: (params: QueryParams) => ['admin', 'users', params] as const,
  user: (id: number) => ['admin', 'user', id] as const,
  orders: (params: QueryParams) => ['admin', 'orders', params] as const,
  order: (orderNo: string) => ['admin', 'order', orderNo] as const,
  audit: (params: QueryParams) => ['admin', 'audit', params] as const,
  // 运营后台 II: plans, limits, prompt library, redeem codes, announcements, providers.
  plans: ['admin', 'plans'] as const,
  library: ['admin', 'library'] as const,
  batches: (pageNo: number) => ['admin', 'redeem-batches', pageNo] as const,
  announcements: ['admin', 'announcements'] as const,
  providers: ['admin', 'providers'] as const,
};
