import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { insertId } from '../../db/insert-id.ts';
import { readJsonColumn } from '../../db/json-column.ts';
import type { StudioWorkTable } from './table.ts';
import {
  type CutoutDocument,
  isCutoutDocument,
  isReplaceDocument,
  type ReplaceDocument,
} from './work-document.ts';

type Db = Kysely<Database>;
type Tool = StudioWorkTable['tool'];

/** A work as its row holds it, its document read as its tool's. */
export type StudioWorkRow = Omit<Selectable<StudioWorkTable>, 'tool' | 'document'> &
  ({ tool: 'cutout'; document: CutoutDocument } | { tool: 'replace'; document: ReplaceDocument });

/** A studio_works row, mapped once. */
function toWork(row: Selectable<StudioWorkTable>): StudioWorkRow {
  const column = 'studio_works.document';
  return row.tool === 'cutout'
    ? { ...row, tool: 'cutout', document: readJsonColumn(row.document, isCutoutDocument, column) }
    : { ...row, tool: 'replace', document: readJsonColumn(row.document, isReplaceDocument, column) };
}

/** Keeps a new work; returns its id. */
export async function insertWork(db: Db, values: Insertable<StudioWorkTable>): Promise<number> {
  return insertId(db, 'studio_works', values);
}

/** The caller's works still kept at `now`: every read of a seller's works but 注销's starts here. */
const keptWorksOf = (db: Db, userId: number, now: number) =>
  db.selectFrom('studio_works').where('user_id', '=', userId).where('keep_until', '>', now);

/** The caller's work still kept at `now`, or undefined (someone else's looks the same as a missing one). */
export async function findOwnWork(db: Db, userId: number, id: number, now: number) {
  const row = await keptWorksOf(db, userId, now).selectAll().where('id', '=', id).executeTakeFirst();
  return row && toWork(row);
}

/** The caller's works of these tools standing on this cut-out (the one being brushed or fixed), kept or not. */
export async function worksOnCutout(db: Db, userId: number, cutoutId: number, tools: readonly Tool[]) {
  const rows = await db
    .selectFrom('studio_works')
    .selectAll()
    .where('user_id', '=', userId)
    .where('cutout_id', '=', cutoutId)
    .where('tool', 'in', tools)
    .execute();
  return rows.map(toWork);
}

export async function updateWork(
  db: Db,
  id: number,
  values: { cutoutId: number; resultId: number | null; document: string; now: number; keepUntil: number },
): Promise<void> {
  await db
    .updateTable('studio_works')
    .set({
      cutout_id: values.cutoutId,
      result_id: values.resultId,
      document: values.document,
      updated_at: values.now,
      keep_until: values.keepUntil,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * The caller's works still kept at `now` that show one of these pictures: as their cut-out (of a
 * 抠图 work, or the one a 换背景 work stood on), main image or 换背景 picture.
 */
export function worksShowing(db: Db, userId: number, imageIds: readonly number[], now: number) {
  if (imageIds.length === 0) return Promise.resolve([]);
  return keptWorksOf(db, userId, now)
    .select(['id', 'tool', 'cutout_id', 'result_id'])
    .where((eb) => eb.or([eb('cutout_id', 'in', imageIds), eb('result_id', 'in', imageIds)]))
    .execute();
}

/** Which of these works of the caller's are still kept at `now`. */
export function worksKept(db: Db, userId: number, ids: readonly number[], now: number) {
  if (ids.length === 0) return Promise.resolve([]);
  return keptWorksOf(db, userId, now).select('id').where('id', 'in', ids).execute();
}

/** Every work of the caller (导出我的数据), oldest first. */
export async function workRows(db: Db, userId: number) {
  const rows = await db
    .selectFrom('studio_works')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(toWork);
}

/** 注销: every work of the seller (their pictures go with the images module's rows). */
export async function deleteWorksOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('studio_works').where('user_id', '=', userId).execute();
}
