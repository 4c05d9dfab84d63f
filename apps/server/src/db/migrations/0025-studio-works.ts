import type { Kysely } from 'kysely';
import { createTableWithId, userReference } from '../table-builders.ts';

/**
 * 抠图 and 换背景 works: what their screens need to open a result again (the 主图尺寸, the checks,
 * the background, size, position, 落脚高度 and shadow), one row per work. A work points at its
 * latest cut-out and at its latest result (main image or 换背景 picture); both references
 * cascade, so the images sweep, or the seller deleting either from 最近作品, removes the work too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'studio_works')
    .addColumn('user_id', 'bigint', userReference)
    .addColumn('tool', 'text', (c) => c.notNull())
    .addColumn('cutout_id', 'bigint', (c) => c.notNull().references('stored_images.id').onDelete('cascade'))
    .addColumn('result_id', 'bigint', (c) => c.references('stored_images.id').onDelete('cascade'))
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('keep_until', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('studio_works_user_id').on('studio_works').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('studio_works_cutout_id').on('studio_works').column('cutout_id').execute();
  await db.schema.createIndex('studio_works_result_id').on('studio_works').column('result_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('studio_works').execute();
}
