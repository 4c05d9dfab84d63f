import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database>;

export type GlossaryRow = Awaited<ReturnType<typeof glossaryRows>>[number];

export interface GlossaryValues {
  source: string;
  target: string;
  translation: string | null;
  now: number;
}

/** The seller's whole glossary (at most TRANSLATE_LIMITS.glossaryEntries rows), newest first. */
export function glossaryRows(db: Db, userId: number) {
  return db
    .selectFrom('translate_glossary')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

export function insertGlossaryEntry(db: Db, userId: number, values: GlossaryValues): Promise<GlossaryRow> {
  return db
    .insertInto('translate_glossary')
    .values({
      user_id: userId,
      source: values.source,
      target: values.target,
      translation: values.translation,
      created_at: values.now,
      updated_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The seller's own entry changed; undefined when it is not theirs or gone. */
export function updateGlossaryEntry(
  db: Db,
  userId: number,
  id: number,
  values: GlossaryValues,
): Promise<GlossaryRow | undefined> {
  return db
    .updateTable('translate_glossary')
    .set({
      source: values.source,
      target: values.target,
      translation: values.translation,
      updated_at: values.now,
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteGlossaryEntry(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('translate_glossary')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** 注销: every entry of the seller. */
export async function deleteGlossaryOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('translate_glossary').where('user_id', '=', userId).execute();
}
