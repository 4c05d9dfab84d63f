import type { Kysely } from 'kysely';

/** 批量处理: the size of each original kept, so an account's stored originals can be capped. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('batch_items')
    .addColumn('original_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
