import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/** SMS codes, throttle events, VIP grants and the usage ledger. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const idType = postgres ? 'bigserial' : 'integer';
  const id = (c: import('kysely').ColumnDefinitionBuilder) =>
    postgres ? c.primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('sms_codes')
    .addColumn('id', idType, id)
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('sms_codes_phone').on('sms_codes').columns(['phone', 'created_at']).execute();
  await db.schema.createIndex('sms_codes_ip').on('sms_codes').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('throttle_events')
    .addColumn('id', idType, id)
    .addColumn('bucket', 'varchar(32)', (c) => c.notNull())
    .addColumn('subject', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('throttle_events_lookup')
    .on('throttle_events')
    .columns(['bucket', 'subject', 'created_at'])
    .execute();

  await db.schema
    .createTable('consumer_levels')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('level_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('level_start_at', 'bigint', (c) => c.notNull())
    .addColumn('level_end_at', 'bigint', (c) => c.notNull())
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('source_ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('consumer_levels_user')
    .on('consumer_levels')
    .columns(['user_id', 'level_end_at'])
    .execute();
  // One grant per order or reward event, however many times it is applied.
  await db.schema
    .createIndex('consumer_levels_source')
    .on('consumer_levels')
    .columns(['source', 'source_ref'])
    .unique()
    .execute();

  await db.schema
    .createTable('usage_ledger')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('feature', 'varchar(16)', (c) => c.notNull())
    .addColumn('day', 'char(10)', (c) => c.notNull())
    .addColumn('delta', 'smallint', (c) => c.notNull())
    .addColumn('refund_of', 'bigint', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('usage_ledger_user_day')
    .on('usage_ledger')
    .columns(['user_id', 'day', 'feature'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['usage_ledger', 'consumer_levels', 'throttle_events', 'sms_codes']) {
    await db.schema.dropTable(table).execute();
  }
}
