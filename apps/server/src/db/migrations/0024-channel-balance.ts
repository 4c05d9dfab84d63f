import type { Kysely } from 'kysely';

/**
 * 刷新余额: the balance a channel's provider last told, JSON (`ChannelBalance`), null until read.
 * Kept in the row so every operator and node sees the same figure and when it was read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('provider_channels').addColumn('balance', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('provider_channels').dropColumn('balance').execute();
}
