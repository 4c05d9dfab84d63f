import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { StudioImageKind } from './table.ts';

type Db = Kysely<Database>;

export async function insertStudioImage(
  db: Db,
  values: {
    userId: number;
    kind: StudioImageKind;
    fileKey: string;
    width: number;
    height: number;
    now: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('studio_images')
    .values({
      user_id: values.userId,
      kind: values.kind,
      file_key: values.fileKey,
      width: values.width,
      height: values.height,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The user's own image of this kind, or undefined (someone else's id looks the same as a missing one). */
export function findOwnImage(db: Db, userId: number, id: number, kind: StudioImageKind) {
  return db
    .selectFrom('studio_images')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** The user's images made at or after `since`, newest first, optionally of some kinds only. */
function ownRecent(db: Db, userId: number, since: number, kinds: readonly StudioImageKind[]) {
  let query = db.selectFrom('studio_images').where('user_id', '=', userId).where('created_at', '>=', since);
  if (kinds.length > 0) query = query.where('kind', 'in', kinds);
  return query;
}

export function recentImagesPage(
  db: Db,
  userId: number,
  filter: { since: number; kinds: readonly StudioImageKind[] },
  offset: number,
  limit: number,
) {
  return ownRecent(db, userId, filter.since, filter.kinds)
    .selectAll()
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countRecentImages(
  db: Db,
  userId: number,
  filter: { since: number; kinds: readonly StudioImageKind[] },
): Promise<number> {
  const row = await ownRecent(db, userId, filter.since, filter.kinds)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Removes the user's images among `ids` and returns their file keys (others' ids are skipped). */
export async function deleteOwnImages(db: Db, userId: number, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('studio_images')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .returning('file_key')
    .execute();
  return rows.map((row) => row.file_key);
}

/** Removes up to `limit` images made before `cutoff`, oldest first, and returns their file keys. */
export async function deleteImagesBefore(db: Db, cutoff: number, limit: number): Promise<string[]> {
  const due = db
    .selectFrom('studio_images')
    .select('id')
    .where('created_at', '<', cutoff)
    .orderBy('id')
    .limit(limit);
  const rows = await db.deleteFrom('studio_images').where('id', 'in', due).returning('file_key').execute();
  return rows.map((row) => row.file_key);
}
