import type { Kysely } from 'kysely';

/**
 * 批量处理's start and 确认下单 are idempotent like 开始出海 (0027): the page sends a key with each,
 * and a repeat of the key is the job or order the first request made. Unique per seller; rows made
 * without a key have none, and NULLs never collide. An order also keeps how it is paid (the QR
 * code's content and the pay page), so a repeat shows the same code instead of asking the provider
 * again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('batch_jobs').addColumn('start_key', 'varchar(64)').execute();
  await db.schema
    .createIndex('batch_jobs_start_key')
    .on('batch_jobs')
    .columns(['user_id', 'start_key'])
    .unique()
    .execute();
  await db.schema.alterTable('orders').addColumn('pay_key', 'varchar(64)').execute();
  await db.schema
    .createIndex('orders_pay_key')
    .on('orders')
    .columns(['user_id', 'pay_key'])
    .unique()
    .execute();
  await db.schema.alterTable('orders').addColumn('qr_code', 'text').execute();
  await db.schema.alterTable('orders').addColumn('pay_url', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('pay_url').execute();
  await db.schema.alterTable('orders').dropColumn('qr_code').execute();
  await db.schema.dropIndex('orders_pay_key').execute();
  await db.schema.alterTable('orders').dropColumn('pay_key').execute();
  await db.schema.dropIndex('batch_jobs_start_key').execute();
  await db.schema.alterTable('batch_jobs').dropColumn('start_key').execute();
}
