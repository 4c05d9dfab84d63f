import type { Generated } from 'kysely';

/** One invitation event (an invitee registered, or paid for the first time) and what it earned. */
export interface InviteEventTable {
  id: Generated<number>;
  inviter_id: number;
  invitee_id: number;
  /** `register` or `first-order`. */
  event: string;
  /** VIP days granted to the inviter: 0 when the monthly cap was already reached. */
  inviter_days: number;
  invitee_days: number;
  /** China-time YYYY-MM, for the monthly cap. */
  month: string;
  created_at: number;
}

export interface InviteTables {
  invite_events: InviteEventTable;
}
