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
  /** `user`, `support` (客服: reads every console page, changes nothing but their own 两步验证) or `admin` (everything). */
  role: Generated<UserRole>;
  /** Set while an operator has disabled the account: login is refused. */
  disabled_at: number | null;
  /** Base32 TOTP secret once two-factor is bound (operators only); pending while being set up. */
  totp_secret: Generated<string | null>;
  totp_pending_secret: Generated<string | null>;
  /** The last accepted 30-second step: a code is good once. */
  totp_last_step: Generated<number | null>;
}

export type UserRole = 'user' | 'support' | 'admin';

export interface SessionTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token: the token itself is never stored. */
  token_hash: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** The browser's User-Agent and the address it signed in from (登录设备). */
  user_agent: string | null;
  ip: string | null;
}

export interface AccountTables {
  users: UserTable;
  sessions: SessionTable;
}
