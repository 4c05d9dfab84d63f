import type { Kysely } from 'kysely';

/**
 * 开始出海 is idempotent: the page sends a key with each start, and a repeat of the key (a double
 * click, a retry after a lost answer) is the job it already started. Unique per seller; jobs started
 * without a key (older pages, the API by hand) have none, and NULLs never collide.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('localise_jobs').addColumn('start_key', 'varchar(64)').execute();
  await db.schema
    .createIndex('localise_jobs_start_key')
    .on('localise_jobs')
    .columns(['user_id', 'start_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('localise_jobs_start_key').execute();
  await db.schema.alterTable('localise_jobs').dropColumn('start_key').execute();
}
