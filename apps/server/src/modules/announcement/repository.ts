import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { insertId } from '../../db/insert-id.ts';

type Db = Kysely<Database>;

export type AnnouncementRow = Awaited<ReturnType<typeof allAnnouncements>>[number];

export function allAnnouncements(db: Db) {
  return db
    .selectFrom('announcements')
    .selectAll()
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** Those showing at `now`, the newest first. */
export function liveAnnouncements(db: Db, now: number) {
  return db
    .selectFrom('announcements')
    .selectAll()
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('starts_at', 'desc')
    .limit(10)
    .execute();
}

export interface AnnouncementValues {
  title: string;
  body: string;
  place: string;
  startsAt: number;
  endsAt: number;
}

const columns = (values: AnnouncementValues, now: number) => ({
  title: values.title,
  body: values.body,
  place: values.place,
  starts_at: values.startsAt,
  ends_at: values.endsAt,
  updated_at: now,
});

export async function insertAnnouncement(db: Db, values: AnnouncementValues, createdBy: number, now: number) {
  return insertId(db, 'announcements', { ...columns(values, now), created_by: createdBy });
}

export async function updateAnnouncement(db: Db, id: number, values: AnnouncementValues, now: number) {
  const result = await db
    .updateTable('announcements')
    .set(columns(values, now))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteAnnouncement(db: Db, id: number) {
  const result = await db.deleteFrom('announcements').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
