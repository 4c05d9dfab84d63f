import type { Kysely } from 'kysely';

/**
 * AI 问答: a name the seller gives a conversation. Null until renamed; the list then shows the
 * start of its first question, so existing conversations need no backfill.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_conversations').addColumn('title', 'varchar(100)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_conversations').dropColumn('title').execute();
}
