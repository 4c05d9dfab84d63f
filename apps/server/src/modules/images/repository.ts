import type { Insertable, Kysely, Selectable } from 'kysely';
import { countRows } from '../../db/count.ts';
import type { Database } from '../../db/database.ts';
import { insertId } from '../../db/insert-id.ts';
import { own } from '../../db/own.ts';
import type { PageWindow } from '../../lib/paging.ts';
import type { StoredImageKind, StoredImageTable } from './table.ts';

type Db = Kysely<Database>;
export type StoredImageRow = Selectable<StoredImageTable>;

export async function insertImage(db: Db, values: Insertable<StoredImageTable>): Promise<number> {
  return insertId(db, 'stored_images', values);
}

/** The user's own image of this kind, or undefined (someone else's id looks the same as a missing one). */
export function findOwnImage(db: Db, userId: number, id: number, kind: StoredImageKind) {
  return db
    .selectFrom('stored_images')
    .selectAll()
    .where(own(userId, id))
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/**
 * Keeps the user's images among `ids` at least until `until` (never shorter): a picture still being
 * worked on is kept as long as what is made from it.
 */
export async function keepUntilAtLeast(db: Db, userId: number, ids: readonly number[], until: number) {
  if (ids.length === 0) return;
  await db
    .updateTable('stored_images')
    .set({ keep_until: until })
    .where(own(userId, ids))
    .where('keep_until', '<', until)
    .execute();
}

/** What the user's images among `ids` are said to be (`about`), by id. */
export function aboutOfImages(db: Db, userId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('stored_images').select(['id', 'about']).where(own(userId, ids)).execute();
}

export async function setImageAbout(db: Db, userId: number, id: number, about: string): Promise<void> {
  await db.updateTable('stored_images').set({ about }).where(own(userId, id)).execute();
}

/** The user's images of these kinds that are still kept at `now`. */
function ownImages(db: Db, userId: number, kinds: readonly StoredImageKind[], now: number) {
  return db
    .selectFrom('stored_images')
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds)
    .where((eb) => eb.or([eb('keep_until', 'is', null), eb('keep_until', '>', now)]));
}

export function imagesPage(
  db: Db,
  userId: number,
  filter: { kinds: readonly StoredImageKind[]; now: number },
  { offset, limit }: PageWindow,
) {
  return ownImages(db, userId, filter.kinds, filter.now)
    .selectAll()
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countImages(
  db: Db,
  userId: number,
  filter: { kinds: readonly StoredImageKind[]; now: number },
): Promise<number> {
  return countRows(ownImages(db, userId, filter.kinds, filter.now));
}

/** Removes the user's images of these kinds among `ids`, returning their file keys (others' are skipped). */
export async function deleteOwnImages(
  db: Db,
  userId: number,
  kinds: readonly StoredImageKind[],
  ids: readonly number[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('stored_images')
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds)
    .where('id', 'in', ids)
    .returning('file_key')
    .execute();
  return rows.map((row) => row.file_key);
}

/** Removes up to `limit` images whose keeping ended before `now`, oldest first; returns their file keys. */
export async function deleteExpiredImages(db: Db, now: number, limit: number): Promise<string[]> {
  const due = db
    .selectFrom('stored_images')
    .select('id')
    .where('keep_until', '<=', now)
    .orderBy('keep_until')
    .limit(limit);
  const rows = await db.deleteFrom('stored_images').where('id', 'in', due).returning('file_key').execute();
  return rows.map((row) => row.file_key);
}

/** Every kept image of the user, of any kind (导出我的数据). */
export function allOwnImages(db: Db, userId: number) {
  return db.selectFrom('stored_images').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** Removes every image row of the user and returns the file keys to delete. */
export async function deleteAllOwnImages(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .deleteFrom('stored_images')
    .where('user_id', '=', userId)
    .returning('file_key')
    .execute();
  return rows.map((row) => row.file_key);
}
