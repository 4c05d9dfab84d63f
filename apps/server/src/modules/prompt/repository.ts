import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import { countRows } from '../../db/count.ts';
import type { Database } from '../../db/database.ts';
import { insertId } from '../../db/insert-id.ts';
import { own } from '../../db/own.ts';
import type { PageWindow } from '../../lib/paging.ts';

type Db = Kysely<Database>;

export async function countTags(db: Db, userId: number): Promise<number> {
  return countRows(db.selectFrom('msg_tags').where('user_id', '=', userId));
}

/** The tags page's query, compiled once: a light read, asked for often (bench/light-read.ts). */
const tagPage = compiledOnce((db: Db, userId: number, offset: number, limit: number) =>
  db
    .selectFrom('msg_tags')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit),
);

/** A page of the user's tags, the most recently changed first. */
export function listTags(db: Db, userId: number, { offset, limit }: PageWindow) {
  return tagPage(db, userId, offset, limit);
}

export function findTag(db: Db, userId: number, id: number) {
  return db.selectFrom('msg_tags').selectAll().where(own(userId, id)).executeTakeFirst();
}

export function findTagByTitle(db: Db, userId: number, title: string) {
  return db
    .selectFrom('msg_tags')
    .select('id')
    .where('user_id', '=', userId)
    .where('title', '=', title)
    .executeTakeFirst();
}

export async function insertTag(
  db: Db,
  values: { userId: number; title: string; prompt: string; now: number },
) {
  return insertId(db, 'msg_tags', {
    user_id: values.userId,
    title: values.title,
    prompt: values.prompt,
    created_at: values.now,
    updated_at: values.now,
  });
}

export async function updateTag(
  db: Db,
  values: { userId: number; id: number; title: string; prompt: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('msg_tags')
    .set({ title: values.title, prompt: values.prompt, updated_at: values.now })
    .where(own(values.userId, values.id))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the listed tags that belong to the user; others' ids are ignored. */
export async function deleteTags(db: Db, userId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('msg_tags').where(own(userId, ids)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every tag of the user (导出我的数据). */
export function allTags(db: Db, userId: number) {
  return db
    .selectFrom('msg_tags')
    .select(['title', 'prompt', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function deleteAllTags(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('msg_tags').where('user_id', '=', userId).execute();
}
