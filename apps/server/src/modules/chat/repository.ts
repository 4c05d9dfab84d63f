import { type Kysely, sql } from 'kysely';
import { countRows } from '../../db/count.ts';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { PageWindow } from '../../lib/paging.ts';

type Db = Kysely<Database>;

/** The user's open conversation, or undefined when the last one was cleared. */
export function findOpenConversation(db: Db, userId: number) {
  return db
    .selectFrom('chat_conversations')
    .select('id')
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function insertConversation(db: Db, userId: number, now: number): Promise<number> {
  const row = await db
    .insertInto('chat_conversations')
    .values({ user_id: userId, created_at: now, closed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function closeConversations(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('chat_conversations')
    .set({ closed_at: now })
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .execute();
}

export function findMessage(db: Db, userId: number, id: number) {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export type MessageRow = NonNullable<Awaited<ReturnType<typeof findMessage>>>;

/** The latest finished exchanges of a conversation before `beforeId`, newest first: context candidates. */
export function recentAnswered(db: Db, conversationId: number, beforeId: number | null, limit: number) {
  let query = db
    .selectFrom('chat_messages')
    .select(['content', 'answer'])
    .where('conversation_id', '=', conversationId)
    .where('status', 'in', ['done', 'stopped'])
    .where('answer', '!=', '');
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

export async function insertMessage(
  db: Db,
  values: {
    userId: number;
    conversationId: number;
    content: string;
    chatType: number;
    model: string;
    tagRef: string | null;
    tagTitle: string | null;
    now: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('chat_messages')
    .values({
      user_id: values.userId,
      conversation_id: values.conversationId,
      content: values.content,
      answer: '',
      chat_type: values.chatType,
      model: values.model,
      tag_ref: values.tagRef,
      tag_title: values.tagTitle,
      status: 'streaming',
      prompt_tokens: null,
      completion_tokens: null,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function finishMessage(
  db: Db,
  id: number,
  values: {
    answer: string;
    status: 'done' | 'stopped';
    promptTokens: number | null;
    completionTokens: number | null;
    now: number;
  },
): Promise<void> {
  await db
    .updateTable('chat_messages')
    .set({
      answer: values.answer,
      status: values.status,
      prompt_tokens: values.promptTokens,
      completion_tokens: values.completionTokens,
      updated_at: values.now,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteMessages(db: Db, userId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('chat_messages')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteAllMessages(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('chat_messages').where('user_id', '=', userId).executeTakeFirst();
  await db.deleteFrom('chat_conversations').where('user_id', '=', userId).execute();
  return Number(result.numDeletedRows);
}

/** A page of one conversation, newest first (the caller reverses it for display). */
export function conversationPage(db: Db, conversationId: number, { offset, limit }: PageWindow) {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countConversation(db: Db, conversationId: number): Promise<number> {
  return countRows(db.selectFrom('chat_messages').where('conversation_id', '=', conversationId));
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function historyQuery(db: Db, userId: number, keyword: string | null) {
  let query = db.selectFrom('chat_messages').where('user_id', '=', userId);
  if (keyword) {
    const pattern = likePattern(keyword);
    // PostgreSQL's LIKE is case-sensitive; ILIKE matches "Amazon" for "amazon" as SQLite's LIKE does.
    const like = sql.raw(dialectOf(db) === 'postgres' ? 'ilike' : 'like');
    query = query.where(
      sql<boolean>`(${sql.ref('content')} ${like} ${pattern} escape '\\' or ${sql.ref('answer')} ${like} ${pattern} escape '\\')`,
    );
  }
  return query;
}

/** Every exchange of the user, newest first, optionally those whose question or answer contains a keyword. */
export function historyPage(db: Db, userId: number, keyword: string | null, { offset, limit }: PageWindow) {
  return historyQuery(db, userId, keyword)
    .selectAll()
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countHistory(db: Db, userId: number, keyword: string | null): Promise<number> {
  return countRows(historyQuery(db, userId, keyword));
}

/** Every exchange of the user, oldest first (导出我的数据). */
export function allMessages(db: Db, userId: number) {
  return db
    .selectFrom('chat_messages')
    .select(['content', 'answer', 'status', 'tag_title', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}
