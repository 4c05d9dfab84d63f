import type { Generated } from 'kysely';

/** One counted event (a wrong password, a failed login from an IP) in a sliding window. */
export interface ThrottleEventTable {
  id: Generated<number>;
  bucket: string;
  subject: string;
  created_at: number;
}

export interface ThrottleTables {
  throttle_events: ThrottleEventTable;
}
