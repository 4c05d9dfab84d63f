import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
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
  const row = await db
    .selectFrom('sms_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('phone', '=', phone)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
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
  const row = await db
    .insertInto('sms_codes')
    .values({
      phone: values.phone,
      type: values.type,
      code_hash: values.codeHash,
      ip: values.ip,
      created_at: values.createdAt,
      expires_at: values.expiresAt,
      used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteCode(db: Db, id: number): Promise<void> {
  await db.deleteFrom('sms_codes').where('id', '=', id).execute();
}

export async function addWrongTry(db: Db, id: number): Promise<void> {
  await db
    .updateTable('sms_codes')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
    .where('id', '=', id)
    .execute();
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
