import type { Generated } from 'kysely';

/** One VIP grant (`ConsumerLevel`): a purchase or a reward, laid end to end with earlier grants. */
export interface ConsumerLevelTable {
  id: Generated<number>;
  user_id: number;
  level_name: string;
  level_start_at: number;
  level_end_at: number;
  /** What granted it: `order`, `invite-register`, `admin`… */
  source: string;
  /** The order number or event id; unique with `source`, so a grant is applied once. */
  source_ref: string;
  created_at: number;
}

/** The usage ledger: +1 per use, -1 per refund of a failed use, so every count can be audited. */
export interface UsageLedgerTable {
  id: Generated<number>;
  user_id: number;
  feature: string;
  /** The China-time day the use counts against (a refund keeps the day of its use). */
  day: string;
  delta: number;
  /** For a refund: the id of the use it gives back (unique, so a use is refunded once). */
  refund_of: number | null;
  created_at: number;
}

export interface EntitlementTables {
  consumer_levels: ConsumerLevelTable;
  usage_ledger: UsageLedgerTable;
}
