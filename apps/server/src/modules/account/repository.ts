import type { Kysely, Selectable } from 'kysely';
import { countRows } from '../../db/count.ts';
import type { Database } from '../../db/database.ts';
import { insertId } from '../../db/insert-id.ts';
import { own } from '../../db/own.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { forgetSessions } from './session-cache.ts';
import type { SessionTable, UserRole, UserTable } from './table.ts';

type Db = Kysely<Database>;

/** Where a sign-in came from. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}
export type UserRow = Selectable<UserTable>;
export type SessionRow = Selectable<SessionTable>;

export function findUserByPhone(db: Db, phone: string) {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Phones of the accounts `ids`, by id (a closed account's phone is `deleted-<id>`). */
export async function phonesOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'phone']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [Number(row.id), row.phone]));
}

export function findUserByInviteCode(db: Db, inviteCode: string) {
  return db
    .selectFrom('users')
    .select(['id', 'phone'])
    .where('invite_code', '=', inviteCode)
    .executeTakeFirst();
}

export async function inviteCodeTaken(db: Db, inviteCode: string): Promise<boolean> {
  return (await findUserByInviteCode(db, inviteCode)) !== undefined;
}

export async function insertUser(
  db: Db,
  values: { phone: string; passwordHash: string; inviteCode: string; invitedBy: number | null; now: number },
): Promise<number> {
  return insertId(db, 'users', {
    phone: values.phone,
    password_hash: values.passwordHash,
    invite_code: values.inviteCode,
    invited_by: values.invitedBy,
    created_at: values.now,
    updated_at: values.now,
  });
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string, now: number) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function insertSession(
  db: Db,
  values: { userId: number; tokenHash: string; now: number; expiresAt: number; client: ClientInfo },
): Promise<number> {
  return insertId(db, 'sessions', {
    user_id: values.userId,
    token_hash: values.tokenHash,
    created_at: values.now,
    last_seen_at: values.now,
    expires_at: values.expiresAt,
    revoked_at: null,
    user_agent: values.client.userAgent.slice(0, 300),
    ip: values.client.ip.slice(0, 64),
  });
}

export function findSessionByTokenHash(db: Db, tokenHash: string) {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function touchSession(db: Db, sessionId: number, now: number, expiresAt: number) {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now, expires_at: expiresAt })
    .where('id', '=', sessionId)
    .execute();
}

export async function revokeSession(db: Db, sessionId: number, now: number) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  forgetSessions();
}

/** Revokes every live session of a user except `keepSessionId`; returns how many. */
export async function revokeOtherSessions(
  db: Db,
  userId: number,
  keepSessionId: number | null,
  now: number,
): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  forgetSessions();
  return Number(result.numUpdatedRows);
}

/** The user's sessions still in force at `now`, most recently used first. */
export function liveSessions(db: Db, userId: number, now: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .execute();
}

/** Revokes one of the user's own sessions; false when it is not theirs or already ended. */
export async function revokeOwnSession(
  db: Db,
  userId: number,
  sessionId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where(own(userId, sessionId))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  forgetSessions();
  return Number(result.numUpdatedRows) > 0;
}

/** Changes the stored password hash (an upgrade to the current cost, at login). */
export async function replacePasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/**
 * 注销账号: the row stays (orders must keep their owner for the tax record) but nothing in it
 * points at a person any more: the phone becomes `deleted-<id>`, the password and invite code go.
 */
export async function anonymiseUser(db: Db, userId: number, values: { inviteCode: string; now: number }) {
  await db
    .updateTable('users')
    .set({
      phone: `deleted-${userId}`,
      password_hash: null,
      invite_code: values.inviteCode,
      updated_at: values.now,
    })
    .where('id', '=', userId)
    .execute();
}

/** Deletes every sign-in of the user (注销账号): devices, addresses and user agents go with them. */
export async function deleteSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  forgetSessions();
}

/** Makes these registered numbers admins (ADMIN_PHONES at start); returns how many changed. */
export async function promoteToAdmin(db: Db, phones: readonly string[]): Promise<number> {
  if (phones.length === 0) return 0;
  const result = await db
    .updateTable('users')
    .set({ role: 'admin' })
    .where('phone', 'in', phones)
    .where('role', '!=', 'admin')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setRole(db: Db, userId: number, role: UserRole): Promise<void> {
  await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
}

export async function setDisabled(db: Db, userId: number, disabledAt: number | null): Promise<void> {
  await db.updateTable('users').set({ disabled_at: disabledAt }).where('id', '=', userId).execute();
}

export async function setPendingTotp(db: Db, userId: number, secret: string): Promise<void> {
  await db.updateTable('users').set({ totp_pending_secret: secret }).where('id', '=', userId).execute();
}

export async function bindTotp(db: Db, userId: number, secret: string, step: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step })
    .where('id', '=', userId)
    .execute();
}

/** Accepts a TOTP step once: false when this step (or a later one) was used already. */
/** Forgets an operator's authenticator (another admin's reset); they bind a new one. */
export async function clearTotp(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null })
    .where('id', '=', userId)
    .execute();
}

export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

function userSearch(db: Db, keyword: string) {
  let query = db.selectFrom('users').where('phone', 'not like', 'deleted-%');
  if (keyword)
    query = query.where((eb) =>
      eb.or([eb('phone', 'like', `%${keyword}%`), eb('invite_code', '=', keyword.toUpperCase())]),
    );
  return query;
}

/** Accounts whose phone contains `keyword` or whose invite code is it, newest first. */
export function usersPage(db: Db, keyword: string, { offset, limit }: PageWindow) {
  return userSearch(db, keyword)
    .select(['id', 'phone', 'invite_code', 'role', 'disabled_at', 'created_at'])
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function countUsers(db: Db, keyword: string) {
  return countRows(userSearch(db, keyword));
}
