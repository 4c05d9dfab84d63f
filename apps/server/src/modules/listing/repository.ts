import type { Kysely } from 'kysely';
import { countRows } from '../../db/count.ts';
import type { Database } from '../../db/database.ts';
import type { PageWindow } from '../../lib/paging.ts';

type Db = Kysely<Database>;

export type ListingRow = NonNullable<Awaited<ReturnType<typeof findListing>>>;

export interface NewListing {
  userId: number;
  marketplace: string;
  site: string;
  language: string;
  facts: string;
  content: string;
  backTranslation: string;
  now: number;
}

export async function insertListing(db: Db, values: NewListing): Promise<ListingRow> {
  return db
    .insertInto('listings')
    .values({
      user_id: values.userId,
      marketplace: values.marketplace,
      site: values.site,
      language: values.language,
      facts: values.facts,
      content: values.content,
      back_translation: values.backTranslation,
      created_at: values.now,
      updated_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The seller's own listing, or undefined (another seller's is as good as missing). */
export function findListing(db: Db, userId: number, id: number) {
  return db
    .selectFrom('listings')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function updateListing(
  db: Db,
  userId: number,
  id: number,
  values: { content: string; backTranslation?: string; now: number },
): Promise<ListingRow | undefined> {
  return db
    .updateTable('listings')
    .set({
      content: values.content,
      ...(values.backTranslation === undefined ? {} : { back_translation: values.backTranslation }),
      updated_at: values.now,
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** The seller's listings, newest first. */
export function listingRows(db: Db, userId: number, window: PageWindow) {
  return db
    .selectFrom('listings')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(window.offset)
    .limit(window.limit)
    .execute();
}

export function listingCount(db: Db, userId: number): Promise<number> {
  return countRows(db.selectFrom('listings').where('user_id', '=', userId));
}

export async function deleteListing(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('listings')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
