import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** SQL of the built-in prompt library (the users' own tags are in `repository.ts`). */
type Db = Kysely<Database>;

export function allCategories(db: Db) {
  return db.selectFrom('library_categories').selectAll().orderBy('sort_order').orderBy('id').execute();
}

export function allPrompts(db: Db) {
  return db.selectFrom('library_prompts').selectAll().orderBy('sort_order').orderBy('id').execute();
}

/** A prompt a chat may use: it and its category are both shown. */
export function findShownPrompt(db: Db, id: string) {
  return db
    .selectFrom('library_prompts')
    .innerJoin('library_categories', 'library_categories.id', 'library_prompts.category_id')
    .select(['library_prompts.id', 'library_prompts.title', 'library_prompts.prompt'])
    .where('library_prompts.id', '=', id)
    .where('library_prompts.enabled', '=', 1)
    .where('library_categories.enabled', '=', 1)
    .executeTakeFirst();
}

export function findCategory(db: Db, id: string) {
  return db.selectFrom('library_categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface CategoryValues {
  name: string;
  enabled: boolean;
  sortOrder: number;
}

export async function upsertCategory(db: Db, id: string, values: CategoryValues, exists: boolean) {
  const columns = { name: values.name, enabled: values.enabled ? 1 : 0, sort_order: values.sortOrder };
  if (exists) await db.updateTable('library_categories').set(columns).where('id', '=', id).execute();
  else
    await db
      .insertInto('library_categories')
      .values({ id, ...columns })
      .execute();
}

export interface PromptValues {
  categoryId: string;
  title: string;
  summary: string;
  prompt: string;
  enabled: boolean;
  sortOrder: number;
}

function promptColumns(values: PromptValues, now: number) {
  return {
    category_id: values.categoryId,
    title: values.title,
    summary: values.summary,
    prompt: values.prompt,
    enabled: values.enabled ? 1 : 0,
    sort_order: values.sortOrder,
    updated_at: now,
  };
}

export async function insertPrompt(db: Db, id: string, values: PromptValues, now: number) {
  await db
    .insertInto('library_prompts')
    .values({ id, ...promptColumns(values, now) })
    .execute();
}

export async function updatePrompt(db: Db, id: string, values: PromptValues, now: number) {
  const result = await db
    .updateTable('library_prompts')
    .set(promptColumns(values, now))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePrompt(db: Db, id: string) {
  const result = await db.deleteFrom('library_prompts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
