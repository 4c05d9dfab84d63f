import type { Kysely } from 'kysely';
import { createTableWithId, userReference } from '../table-builders.ts';

/** Listing 工作台: saved listings, newest first per seller. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'listings')
    .addColumn('user_id', 'bigint', userReference)
    .addColumn('marketplace', 'varchar(16)', (c) => c.notNull())
    .addColumn('site', 'varchar(4)', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('facts', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('back_translation', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('listings_user_id').on('listings').columns(['user_id', 'id']).execute();
}
