import type { Kysely } from 'kysely';
import { createTableWithId } from '../table-builders.ts';

/**
 * The operator console: roles and disabled accounts, two-factor secrets, the audit log, refunds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('user'))
    .execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('totp_secret', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_secret', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();

  await createTableWithId(db, 'audit_log')
    .addColumn('actor_id', 'bigint', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('target', 'varchar(80)', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();

  await db.schema
    .alterTable('orders')
    .addColumn('refunded_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await createTableWithId(db, 'refunds')
    .addColumn('refund_no', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_id', 'bigint', (c) => c.notNull())
    .addColumn('vip_days_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('detail', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('refunds_order').on('refunds').column('order_no').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('refunds').execute();
  await db.schema.dropTable('audit_log').execute();
}
