import type { Kysely } from 'kysely';
import { createTableWithId, userReference } from '../table-builders.ts';

/**
 * 图片翻译's 术语表: a seller's stored terms. `target` is a language code or `all`; a null
 * `translation` keeps the source as it is. At most a couple of hundred rows per seller, always read
 * whole, so one index on the owner is enough.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'translate_glossary')
    .addColumn('user_id', 'bigint', userReference)
    .addColumn('source', 'varchar(80)', (c) => c.notNull())
    .addColumn('target', 'varchar(8)', (c) => c.notNull())
    .addColumn('translation', 'varchar(200)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('translate_glossary_user_id')
    .on('translate_glossary')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('translate_glossary').execute();
}
