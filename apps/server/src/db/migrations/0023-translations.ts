import type { Kysely } from 'kysely';
import { createTableWithId, userReference } from '../table-builders.ts';

/**
 * 图片翻译's editable documents: what the editor needs to open a translation again (blocks, kept
 * text, the checks as last shown), one row per translation. It points at the erased picture it is
 * drawn on and at its latest drawing; both references cascade, so the images sweep (or the seller
 * deleting that drawing from 最近作品) removes the document with them and it never outlives them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'translations')
    .addColumn('user_id', 'bigint', userReference)
    .addColumn('background_id', 'bigint', (c) =>
      c.notNull().unique().references('stored_images.id').onDelete('cascade'),
    )
    .addColumn('result_id', 'bigint', (c) => c.notNull().references('stored_images.id').onDelete('cascade'))
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('keep_until', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('translations_user_id').on('translations').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('translations_result_id').on('translations').column('result_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('translations').execute();
}
