import type { Kysely } from 'kysely';
import { countRows } from '../../db/count.ts';
import type { Database } from '../../db/database.ts';
import type { PageWindow } from '../../lib/paging.ts';

type Db = Kysely<Database>;

/** Who made a change: the operator's user id (0 for the system itself) and the address they came from. */
export interface Actor {
  userId: number;
  ip: string;
}

/** The system's own changes (a channel cooling down): no operator, no address. */
export const SYSTEM_ACTOR: Actor = { userId: 0, ip: '' };

/** What changed: the action, its target and, stored as JSON, the values before and after. */
export interface AuditEntry {
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit row; call it inside the transaction that makes the change. */
export async function recordAudit(db: Db, actor: Actor, entry: AuditEntry, now: number): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: actor.userId,
      action: entry.action,
      target: entry.target,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      ip: actor.ip,
      created_at: now,
    })
    .execute();
}

function filtered(db: Db, filter: { action?: string; target?: string }) {
  let query = db.selectFrom('audit_log').leftJoin('users', 'users.id', 'audit_log.actor_id');
  if (filter.action) query = query.where('audit_log.action', '=', filter.action);
  if (filter.target) query = query.where('audit_log.target', '=', filter.target);
  return query;
}

export function auditPage(
  db: Db,
  filter: { action?: string; target?: string },
  { offset, limit }: PageWindow,
) {
  return filtered(db, filter)
    .select([
      'audit_log.id',
      'audit_log.action',
      'audit_log.target',
      'audit_log.before',
      'audit_log.after',
      'audit_log.ip',
      'audit_log.created_at',
      'users.phone as actor_phone',
    ])
    .orderBy('audit_log.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function countAudit(db: Db, filter: { action?: string; target?: string }) {
  return countRows(filtered(db, filter));
}
