import type { Kysely } from 'kysely';

/**
 * Health per key: a channel with several keys rests only the key the provider refused (401/403,
 * 402) and goes on with the others. JSON object: key id (`keyId`) → resting until (ms).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('provider_channels')
    .addColumn('key_rests', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('provider_channels').dropColumn('key_rests').execute();
}
