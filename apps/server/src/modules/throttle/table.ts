import type { Generated } from 'kysely';

/** One counted event (a wrong password, a failed login from an IP) in a sliding window. */
export interface ThrottleEventTable {
  id: Generated<number>;
  bucket: string;
  subject: string;
  created_at: number;
}

/**
 * A piece of long work a user has running (a chat answer, a generation): one row per slot, so the
 * primary key (user, kind, slot) admits at most `limit` at once on every node.
 */
export interface WorkSlotTable {
  user_id: number;
  kind: string;
  slot: number;
  started_at: number;
}

export interface ThrottleTables {
  throttle_events: ThrottleEventTable;
  work_slots: WorkSlotTable;
}
