import type { AuditPage } from '@chuhai/contract';
import type { AppDeps } from '../../deps.ts';
import { type PageParams, paginate } from '../../lib/paging.ts';
import * as audit from './repository.ts';

/**
 * 操作日志, the module's door. Every module that changes what sellers pay or get, or what the
 * console controls, writes one row with `recordAudit` inside the transaction that makes the change
 * (so a rolled-back change leaves no row): the door passes the repository's writer through.
 */
export { type Actor, type AuditEntry, recordAudit, SYSTEM_ACTOR } from './repository.ts';

/** 操作日志: every operator action, newest first, by action or target. */
export function auditLog(
  deps: Pick<AppDeps, 'db'>,
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
