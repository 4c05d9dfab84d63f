import type { AuditPage } from '@chuhai/contract';
import { type PageParams, paginate } from '../../lib/paging.ts';
import * as audit from '../audit/repository.ts';
import type { OperatorDeps } from './operators.ts';

/** 操作日志: every operator action, newest first, by action or target. */
export function auditLog(
  deps: OperatorDeps,
  query: PageParams & { action?: string; target?: string },
): Promise<AuditPage> {
  const filter = { action: query.action || undefined, target: query.target || undefined };
  return paginate(
    query,
    'audit',
    {
      rows: (window) => audit.auditPage(deps.db, filter, window),
      total: () => audit.countAudit(deps.db, filter),
    },
    (row) => ({
      id: Number(row.id),
      actorPhone: row.actor_phone ?? '',
      action: row.action,
      target: row.target,
      before: row.before,
      after: row.after,
      ip: row.ip,
      createdAt: Number(row.created_at),
    }),
  );
}
