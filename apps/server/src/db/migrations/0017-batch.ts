import type { Kysely } from 'kysely';
import { createTableWithId, userReference } from '../table-builders.ts';

/** 批量处理: jobs and their images, and the table queue SQLite deployments hand work out with. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'queue_jobs')
    .addColumn('queue', 'varchar(60)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('run_after', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('queue_jobs_queue')
    .on('queue_jobs')
    .columns(['queue', 'state', 'id'])
    .execute();

  await createTableWithId(db, 'batch_jobs')
    .addColumn('user_id', 'bigint', userReference)
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('refused', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('batch_jobs_user').on('batch_jobs').columns(['user_id', 'id']).execute();

  await createTableWithId(db, 'batch_items')
    .addColumn('job_id', 'bigint', (c) => c.notNull().references('batch_jobs.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', userReference)
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('original_key', 'varchar(255)')
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('reason', 'varchar(255)', (c) => c.notNull())
    .addColumn('checks', 'text', (c) => c.notNull())
    .addColumn('results', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('batch_items_job').on('batch_items').columns(['job_id', 'id']).execute();
  await db.schema
    .createIndex('batch_items_status')
    .on('batch_items')
    .columns(['status', 'claimed_at'])
    .execute();
}
