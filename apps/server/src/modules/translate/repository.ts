import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { insertId } from '../../db/insert-id.ts';
import { own } from '../../db/own.ts';
import type { TranslationTable } from './table.ts';

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
    .where(own(userId, id))
    .returningAll()
    .executeTakeFirst();
}

export async function deleteGlossaryEntry(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('translate_glossary').where(own(userId, id)).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** 注销: every entry of the seller. */
export async function deleteGlossaryOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('translate_glossary').where('user_id', '=', userId).execute();
}

export type TranslationRow = Selectable<TranslationTable>;

/** A new translation's document; returns its id. */
export async function insertTranslation(db: Db, values: Insertable<TranslationTable>): Promise<number> {
  return insertId(db, 'translations', values);
}

/** The caller's translation still kept at `now`; undefined for another seller's or an expired one. */
export function findOwnTranslation(db: Db, userId: number, id: number, now: number) {
  return db
    .selectFrom('translations')
    .selectAll()
    .where(own(userId, id))
    .where('keep_until', '>', now)
    .executeTakeFirst();
}

/** The caller's translation drawn on this erased picture (one per picture). */
export function findTranslationOnBackground(db: Db, userId: number, backgroundId: number) {
  return db
    .selectFrom('translations')
    .selectAll()
    .where('background_id', '=', backgroundId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** After 重新生成: the document as now drawn, its latest drawing and how long it is kept. */
export async function updateTranslation(
  db: Db,
  id: number,
  values: { document: string; resultId: number; now: number; keepUntil: number },
): Promise<void> {
  await db
    .updateTable('translations')
    .set({
      document: values.document,
      result_id: values.resultId,
      updated_at: values.now,
      keep_until: values.keepUntil,
    })
    .where('id', '=', id)
    .execute();
}

/** Which of these drawings are the latest of a translation of the caller's still kept at `now`. */
export function translationsDrawnAs(db: Db, userId: number, resultIds: readonly number[], now: number) {
  if (resultIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('translations')
    .select(['id', 'result_id'])
    .where('user_id', '=', userId)
    .where('result_id', 'in', resultIds)
    .where('keep_until', '>', now)
    .execute();
}

/** Which of these translations of the caller's are still kept at `now`. */
export function translationsKept(db: Db, userId: number, ids: readonly number[], now: number) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('translations')
    .select('id')
    .where(own(userId, ids))
    .where('keep_until', '>', now)
    .execute();
}

/** Every translation of the caller (导出我的数据), oldest first. */
export function translationRows(db: Db, userId: number) {
  return db.selectFrom('translations').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** 注销: every translation of the seller (their pictures go with the images module's rows). */
export async function deleteTranslationsOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('translations').where('user_id', '=', userId).execute();
}
