import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { insertId } from '../../db/insert-id.ts';

type Db = Kysely<Database>;

/** When the subject's latest `limit` events in the bucket happened, newest first, since `since`. */
export async function latestEventTimes(
  db: Db,
  key: { bucket: string; subject: string },
  since: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('throttle_events')
    .select('created_at')
    .where('bucket', '=', key.bucket)
    .where('subject', '=', key.subject)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.created_at));
}

/** Counts one event; its id lets a reservation that was refused take it back. */
export async function insertEvent(db: Db, key: { bucket: string; subject: string }, now: number) {
  return insertId(db, 'throttle_events', { bucket: key.bucket, subject: key.subject, created_at: now });
}

export async function deleteEvent(db: Db, id: number) {
  await db.deleteFrom('throttle_events').where('id', '=', id).execute();
}

/** How many events the subject has in the bucket since `since`, counting up to `cap` of them. */
export async function countEvents(
  db: Db,
  key: { bucket: string; subject: string },
  since: number,
  cap: number,
): Promise<number> {
  return (await latestEventTimes(db, key, since, cap)).length;
}

/** Removes the subject's events in the bucket, or only those up to `until`. */
export async function deleteEvents(db: Db, key: { bucket: string; subject: string }, until?: number) {
  let query = db
    .deleteFrom('throttle_events')
    .where('bucket', '=', key.bucket)
    .where('subject', '=', key.subject);
  if (until !== undefined) query = query.where('created_at', '<=', until);
  await query.execute();
}

/** Takes the slot if it is free; false when someone holds it. */
export async function claimSlot(
  db: Db,
  slot: { userId: number; kind: string; slot: number },
  now: number,
): Promise<boolean> {
  const row = await db
    .insertInto('work_slots')
    .values({ user_id: slot.userId, kind: slot.kind, slot: slot.slot, started_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'slot']).doNothing())
    .returning('slot')
    .executeTakeFirst();
  return row !== undefined;
}

/** Frees slots of this user and kind that were taken before `before` (work on a node that died). */
export async function freeStaleSlots(db: Db, key: { userId: number; kind: string }, before: number) {
  await db
    .deleteFrom('work_slots')
    .where('user_id', '=', key.userId)
    .where('kind', '=', key.kind)
    .where('started_at', '<', before)
    .execute();
}

export async function freeSlot(db: Db, slot: { userId: number; kind: string; slot: number }) {
  await db
    .deleteFrom('work_slots')
    .where('user_id', '=', slot.userId)
    .where('kind', '=', slot.kind)
    .where('slot', '=', slot.slot)
    .execute();
}

/** Forgets every counted event about a subject, in any bucket (注销账号: the phone number). */
export async function deleteEventsAbout(db: Db, subject: string): Promise<void> {
  await db.deleteFrom('throttle_events').where('subject', '=', subject).execute();
}
