import type { Kysely } from 'kysely';

/** Running work per user (chat answers, generations), limited by the primary key's slots. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('work_slots')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('work_slots_pk', ['user_id', 'kind', 'slot'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('work_slots').execute();
}
