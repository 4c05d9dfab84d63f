import type { Kysely, Selectable } from 'kysely';
import { countRows } from '../../db/count.ts';
import type { Database } from '../../db/database.ts';
import { insertId } from '../../db/insert-id.ts';
import type { SmsCodeTable } from './table.ts';

type Db = Kysely<Database>;
export type SmsCodeRow = Selectable<SmsCodeTable>;

/** The code that counts for a phone and purpose: only the newest, so a new code replaces the old. */
export function findCurrent(db: Db, phone: string, type: number) {
  return db
    .selectFrom('sms_codes')
    .selectAll()
    .where('phone', '=', phone)
    .where('type', '=', type)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countSentByPhoneSince(db: Db, phone: string, since: number): Promise<number> {
  return countRows(db.selectFrom('sms_codes').where('phone', '=', phone).where('created_at', '>=', since));
}

/** Send times from one IP since `since`, oldest first. */
export async function sentTimesByIpSince(db: Db, ip: string, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('sms_codes')
    .select('created_at')
    .where('ip', '=', ip)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((r) => r.created_at);
}

export async function insertCode(
  db: Db,
  values: { phone: string; type: number; codeHash: string; ip: string; createdAt: number; expiresAt: number },
): Promise<number> {
  return insertId(db, 'sms_codes', {
    phone: values.phone,
    type: values.type,
    code_hash: values.codeHash,
    ip: values.ip,
    created_at: values.createdAt,
    expires_at: values.expiresAt,
    used_at: null,
  });
}

export async function deleteCode(db: Db, id: number): Promise<void> {
  await db.deleteFrom('sms_codes').where('id', '=', id).execute();
}

/**
 * Counts one try against a code before it is compared, in one statement, so concurrent guesses
 * cannot all slip in under the limit. Returns the tries counted so far, or null when none are left.
 */
export async function claimTry(db: Db, id: number, maxTries: number): Promise<number | null> {
  const row = await db
    .updateTable('sms_codes')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
    .where('id', '=', id)
    .where('wrong_tries', '<', maxTries)
    .returning('wrong_tries')
    .executeTakeFirst();
  return row ? Number(row.wrong_tries) : null;
}

/** Marks a code used; false when another request used it first. */
export async function markUsed(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a spent challenge; false when it was spent before (a replayed solution). */
export async function spendCaptcha(db: Db, signature: string, expiresAt: number): Promise<boolean> {
  const row = await db
    .insertInto('used_captchas')
    .values({ signature, expires_at: expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteExpiredCaptchas(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('used_captchas').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Texts sent since `since`, to every number (failed sends delete their row, so these went out). */
export function countSentSince(db: Db, since: number): Promise<number> {
  return countRows(db.selectFrom('sms_codes').where('created_at', '>=', since));
}

/** Forgets every code sent to a number (注销账号). */
export async function deleteCodesFor(db: Db, phone: string): Promise<void> {
  await db.deleteFrom('sms_codes').where('phone', '=', phone).execute();
}
