import type { AuditPage } from '@chuhai/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** `GET /api/admin/audit`: the operators' action log. */
export const getAudit = (params: QueryParams) => api.get<AuditPage>('/api/admin/audit', params);

export const auditQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: adminKeys.audit(params),
    queryFn: () => getAudit(params),
    placeholderData: keepPreviousData,
  });

export const useAudit = (params: QueryParams) => useQuery(auditQueryOptions(params));
