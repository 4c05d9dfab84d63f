import type { Generated } from 'kysely';

/** A batch of 兑换码 made in the console: what each code is worth, until when, and how many per account. */
export interface RedeemBatchTable {
  id: Generated<number>;
  name: string;
  /** The plan whose days a code gives (null: `days` set by hand). */
  plan_id: string | null;
  days: number;
  count: number;
  expires_at: number;
  per_user_limit: number;
  disabled_at: number | null;
  created_by: number;
  created_at: number;
}

/** One code, kept only as its SHA-256; redeemed once, by one account. */
export interface RedeemCodeTable {
  id: Generated<number>;
  batch_id: number;
  code_hash: string;
  redeemed_by: number | null;
  redeemed_at: number | null;
}

export interface RedeemTables {
  redeem_batches: RedeemBatchTable;
  redeem_codes: RedeemCodeTable;
}
