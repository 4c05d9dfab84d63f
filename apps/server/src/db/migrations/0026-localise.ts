import type { Kysely } from 'kysely';
import { createTableWithId, userReference } from '../table-builders.ts';

/** 一键出海: a job per product or catalogue and the sites it goes to, and a task per product × site. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'localise_jobs')
    .addColumn('user_id', 'bigint', userReference)
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('products', 'text', (c) => c.notNull())
    .addColumn('sites', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('localise_jobs_user').on('localise_jobs').columns(['user_id', 'id']).execute();

  await createTableWithId(db, 'localise_tasks')
    .addColumn('job_id', 'bigint', (c) => c.notNull().references('localise_jobs.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', userReference)
    .addColumn('product_index', 'integer', (c) => c.notNull())
    .addColumn('site', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('stage', 'varchar(12)')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('localise_tasks_job').on('localise_tasks').columns(['job_id', 'id']).execute();
  await db.schema
    .createIndex('localise_tasks_status')
    .on('localise_tasks')
    .columns(['status', 'claimed_at'])
    .execute();
}
