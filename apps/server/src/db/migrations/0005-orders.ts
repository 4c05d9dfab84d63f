import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/** Orders and the log of every payment notification or query about them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const idType = postgres ? 'bigserial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('orders')
    .addColumn('id', idType, id)
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('product_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_trade_no', 'varchar(64)')
    .addColumn('vip_end_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_pending').on('orders').columns(['status', 'expires_at']).execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', idType, id)
    .addColumn('order_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(24)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_events_order').on('payment_events').columns(['order_no']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('orders').execute();
}
