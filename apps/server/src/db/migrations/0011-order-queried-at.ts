import type { Kysely } from 'kysely';

/** When the provider was last asked about an order: polling asks at most once per few seconds. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('queried_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('queried_at').execute();
}
