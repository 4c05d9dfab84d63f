import type { Kysely } from 'kysely';
import { createTableWithId } from '../table-builders.ts';

/**
 * Operator console II: plans, daily limits and the prompt library move from files into tables the
 * console edits (each seeded once from its file at start), plus redeem codes and announcements.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('original_price', 'integer', (c) => c.notNull())
    .addColumn('badge', 'varchar(20)', (c) => c.notNull())
    .addColumn('benefits', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('daily_limits')
    .addColumn('tier', 'varchar(8)', (c) => c.notNull())
    .addColumn('feature', 'varchar(16)', (c) => c.notNull())
    .addColumn('daily_limit', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_limits_pk', ['tier', 'feature'])
    .execute();

  await db.schema
    .createTable('library_categories')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('library_prompts')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('category_id', 'varchar(40)', (c) =>
      c.notNull().references('library_categories.id').onDelete('cascade'),
    )
    .addColumn('title', 'varchar(40)', (c) => c.notNull())
    .addColumn('summary', 'varchar(120)', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // What has been seeded from a file, so an operator's deletions are not undone at the next start.
  await db.schema
    .createTable('seeded_settings')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('seeded_at', 'bigint', (c) => c.notNull())
    .execute();

  await createTableWithId(db, 'redeem_batches')
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('plan_id', 'varchar(40)')
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('per_user_limit', 'integer', (c) => c.notNull())
    .addColumn('disabled_at', 'bigint')
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await createTableWithId(db, 'redeem_codes')
    .addColumn('batch_id', 'bigint', (c) => c.notNull().references('redeem_batches.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('redeemed_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('redeemed_at', 'bigint')
    .execute();
  await db.schema.createIndex('redeem_codes_batch').on('redeem_codes').column('batch_id').execute();

  await createTableWithId(db, 'announcements')
    .addColumn('title', 'varchar(80)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('place', 'varchar(8)', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'announcements',
    'redeem_codes',
    'redeem_batches',
    'seeded_settings',
    'library_prompts',
    'library_categories',
    'daily_limits',
    'plans',
  ])
    await db.schema.dropTable(table).execute();
}
