import { type Kysely, sql } from 'kysely';
import { countRows } from '../../db/count.ts';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { insertId } from '../../db/insert-id.ts';
import { own } from '../../db/own.ts';
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
  return insertId(db, 'chat_conversations', { user_id: userId, created_at: now, closed_at: null });
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
  return db.selectFrom('chat_messages').selectAll().where(own(userId, id)).executeTakeFirst();
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
  return insertId(db, 'chat_messages', {
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
  });
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
  const result = await db.deleteFrom('chat_messages').where(own(userId, ids)).executeTakeFirst();
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

/** Every exchange of the user, oldest first, with its conversation's name if the seller set one (导出我的数据). */
export function allMessages(db: Db, userId: number) {
  return db
    .selectFrom('chat_messages as m')
    .leftJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
    .select([
      'm.content',
      'm.answer',
      'm.status',
      'm.tag_title',
      'm.created_at',
      'c.title as conversation_title',
    ])
    .where('m.user_id', '=', userId)
    .orderBy('m.id')
    .execute();
}

/** Characters of the first question read for a conversation's title: enough to cut it to length. */
const TITLE_SOURCE_CHARS = 200;

/**
 * The user's conversations that hold at least one exchange, each with what the list shows. Last
 * activity, first question and size are read from the exchanges themselves (the index on
 * `conversation_id, id` answers each), so they cannot drift from what the conversation holds.
 */
function conversationsQuery(db: Db, userId: number) {
  return db
    .selectFrom('chat_conversations as c')
    .where('c.user_id', '=', userId)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('chat_messages as m').select('m.id').whereRef('m.conversation_id', '=', 'c.id')),
    )
    .select((eb) => [
      'c.id',
      'c.title',
      'c.created_at',
      'c.closed_at',
      eb
        .selectFrom('chat_messages as m')
        .select(sql<string>`substr(${sql.ref('m.content')}, 1, ${TITLE_SOURCE_CHARS})`.as('q'))
        .whereRef('m.conversation_id', '=', 'c.id')
        .orderBy('m.id')
        .limit(1)
        .as('first_question'),
      eb
        .selectFrom('chat_messages as m')
        .select('m.created_at')
        .whereRef('m.conversation_id', '=', 'c.id')
        .orderBy('m.id', 'desc')
        .limit(1)
        .as('updated_at'),
      eb
        .selectFrom('chat_messages as m')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('m.conversation_id', '=', 'c.id')
        .as('exchanges'),
    ]);
}

export type ConversationRow = NonNullable<Awaited<ReturnType<typeof findConversation>>>;

/** One of the user's conversations with what the list shows; undefined if not theirs or empty. */
export function findConversation(db: Db, userId: number, id: number) {
  return conversationsQuery(db, userId).where('c.id', '=', id).executeTakeFirst();
}

/** Conversations whose name, or any question or answer, contains the keyword (all, without one). */
function searchedConversations(db: Db, userId: number, keyword: string | null) {
  const query = conversationsQuery(db, userId);
  if (!keyword) return query;
  const pattern = likePattern(keyword);
  const like = sql.raw(dialectOf(db) === 'postgres' ? 'ilike' : 'like');
  const matches = (column: string) => sql<boolean>`${sql.ref(column)} ${like} ${pattern} escape '\\'`;
  return query.where(({ or, exists, selectFrom }) =>
    or([
      matches('c.title'),
      exists(
        selectFrom('chat_messages as s')
          .select('s.id')
          .whereRef('s.conversation_id', '=', 'c.id')
          .where(({ or: either }) => either([matches('s.content'), matches('s.answer')])),
      ),
    ]),
  );
}

/** A page of the user's conversations, latest activity first. */
export function conversationListPage(
  db: Db,
  userId: number,
  keyword: string | null,
  { offset, limit }: PageWindow,
) {
  return searchedConversations(db, userId, keyword)
    .orderBy(
      (eb) =>
        eb
          .selectFrom('chat_messages as l')
          .select((inner) => inner.fn.max('l.id').as('last'))
          .whereRef('l.conversation_id', '=', 'c.id'),
      'desc',
    )
    .orderBy('c.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countConversationList(db: Db, userId: number, keyword: string | null): Promise<number> {
  return countRows(searchedConversations(db, userId, keyword));
}

/** Whether the user has a conversation with this id (empty or not). */
export async function ownsConversation(db: Db, userId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('chat_conversations')
    .select('id')
    .where(own(userId, id))
    .executeTakeFirst();
  return row !== undefined;
}

/** Makes one conversation the user's open one: every other open one is closed. */
export async function reopenConversation(db: Db, userId: number, id: number, now: number): Promise<void> {
  await db
    .updateTable('chat_conversations')
    .set({ closed_at: now })
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .where('id', '!=', id)
    .execute();
  await db.updateTable('chat_conversations').set({ closed_at: null }).where(own(userId, id)).execute();
}

/** Sets the seller's name for one of their conversations. */
export async function renameConversation(db: Db, userId: number, id: number, title: string): Promise<void> {
  await db.updateTable('chat_conversations').set({ title }).where(own(userId, id)).execute();
}

/** Deletes one of the user's conversations and its exchanges; how many exchanges went. */
export async function deleteConversation(db: Db, userId: number, id: number): Promise<number> {
  const result = await db
    .deleteFrom('chat_messages')
    .where('user_id', '=', userId)
    .where('conversation_id', '=', id)
    .executeTakeFirst();
  await db.deleteFrom('chat_conversations').where(own(userId, id)).execute();
  return Number(result.numDeletedRows);
}
