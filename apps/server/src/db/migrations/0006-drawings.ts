import type { Kysely } from 'kysely';
import { createTableWithId, userReference } from '../table-builders.ts';

/** Images drawn from prompts; the files live in the file store, the rows say whose they are. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'drawn_images')
    .addColumn('user_id', 'bigint', userReference)
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('image_size', 'varchar(16)', (c) => c.notNull())
    .addColumn('file_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('drawn_images_user').on('drawn_images').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('drawn_images').execute();
}
