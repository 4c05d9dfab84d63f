import type { Generated } from 'kysely';

/** One operator action: who did what to which thing, from where, and what it looked like before and after. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number;
  /** `vip.grant`, `order.refund`, `user.disable`, `role.change`, `totp.bind`… */
  action: string;
  /** `user:42`, `order:CH…` */
  target: string;
  /** JSON. */
  before: string | null;
  after: string | null;
  ip: string;
  created_at: number;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
