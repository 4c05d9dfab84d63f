import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/** AI 问答: conversations, their exchanges, and each user's prompt tags. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const idType = postgres ? 'bigserial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement());
  const user = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');

  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'bigint', user)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('chat_conversations_user')
    .on('chat_conversations')
    .columns(['user_id', 'closed_at'])
    .execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'bigint', user)
    .addColumn('conversation_id', 'bigint', (c) =>
      c.notNull().references('chat_conversations.id').onDelete('cascade'),
    )
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('chat_type', 'smallint', (c) => c.notNull())
    .addColumn('model', 'varchar(100)', (c) => c.notNull())
    .addColumn('tag_ref', 'varchar(80)')
    .addColumn('tag_title', 'varchar(100)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('prompt_tokens', 'integer')
    .addColumn('completion_tokens', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_messages_user')
    .on('chat_messages')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('chat_messages_conversation')
    .on('chat_messages')
    .columns(['conversation_id', 'id'])
    .execute();

  await db.schema
    .createTable('msg_tags')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'bigint', user)
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('msg_tags_user').on('msg_tags').columns(['user_id', 'updated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['msg_tags', 'chat_messages', 'chat_conversations']) {
    await db.schema.dropTable(table).execute();
  }
}
