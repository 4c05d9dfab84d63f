import type { Kysely } from 'kysely';
import { createTableWithId } from '../table-builders.ts';

/**
 * 一键出海 computes each main image and each translated picture once per job (for every site whose
 * rules or language give the same result) and delivers it to each site: the result is kept here and
 * in the job's folder, so a restarted or second node finds it. It goes with its job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'localise_shared_results')
    .addColumn('job_id', 'bigint', (c) => c.notNull().references('localise_jobs.id').onDelete('cascade'))
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('task_id', 'bigint')
    .addColumn('task_claimed_at', 'bigint')
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('localise_shared_results_key')
    .on('localise_shared_results')
    .columns(['job_id', 'key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('localise_shared_results').execute();
}
