import type { Kysely } from 'kysely';
import { createTableWithId, userReference } from '../table-builders.ts';

/** 智能做图 results (cut-outs, main images, new backgrounds); the files live in the file store. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'studio_images')
    .addColumn('user_id', 'bigint', userReference)
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('file_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('studio_images_user').on('studio_images').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('studio_images').execute();
}
