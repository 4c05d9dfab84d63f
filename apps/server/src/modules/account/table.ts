import type { Generated } from 'kysely';

/**
 * Accounts (PRODUCT.md "Accounts"). Times are epoch milliseconds in every table, so SQLite and
 * PostgreSQL return the same JavaScript numbers.
 */
export interface UserTable {
  id: Generated<number>;
  /** The phone number is the username (mainland China, 11 digits). */
  phone: string;
  password_hash: string | null;
  invite_code: string;
  invited_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface SessionTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token: the token itself is never stored. */
  token_hash: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface AccountTables {
  users: UserTable;
  sessions: SessionTable;
}
