import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SessionTable, UserTable } from './table.ts';

type Db = Kysely<Database>;
export type UserRow = Selectable<UserTable>;
export type SessionRow = Selectable<SessionTable>;

export function findUserByPhone(db: Db, phone: string) {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
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
  const row = await db
    .insertInto('users')
    .values({
      phone: values.phone,
      password_hash: values.passwordHash,
      invite_code: values.inviteCode,
      invited_by: values.invitedBy,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
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
  values: { userId: number; tokenHash: string; now: number; expiresAt: number },
): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: values.userId,
      token_hash: values.tokenHash,
      created_at: values.now,
      last_seen_at: values.now,
      expires_at: values.expiresAt,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
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
  return Number(result.numUpdatedRows);
}
