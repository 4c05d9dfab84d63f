import {
  CHAT_LIMITS,
  type Conversation,
  type ConversationPage,
  conversationTitleProblem,
  normalConversationTitle,
  ResultCode,
} from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { lockKey } from '../../db/locks.ts';
import { AppError } from '../../lib/app-error.ts';
import { type PageParams, paginate } from '../../lib/paging.ts';
import type { ChatDeps } from './exchange.ts';
import * as messages from './repository.ts';

// The conversation list: listing and searching, resuming, renaming and deleting a conversation.

/** Said for a conversation id that is not the caller's (or no longer exists). */
const CONVERSATION_NOT_FOUND = '这个对话不存在或已删除';

/** A conversation's title from its first question: one line, cut to the name's length. */
export function titleFromQuestion(question: string): string {
  const line = normalConversationTitle(question);
  const max = CHAT_LIMITS.conversationTitleMaxLength;
  return line.length > max ? `${line.slice(0, max)}…` : line || '新对话';
}

function toConversation(row: messages.ConversationRow): Conversation {
  return {
    id: Number(row.id),
    title: row.title ?? titleFromQuestion(row.first_question ?? ''),
    renamed: row.title !== null,
    exchanges: Number(row.exchanges ?? 0),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at ?? row.created_at),
    current: row.closed_at === null,
  };
}

/** The user's conversations, latest activity first, optionally those that mention a keyword. */
export function conversations(
  db: Kysely<Database>,
  userId: number,
  query: PageParams & { keyword?: string },
): Promise<ConversationPage> {
  const keyword = query.keyword?.trim() || null;
  return paginate(
    query,
    'conversations',
    {
      rows: (window) => messages.conversationListPage(db, userId, keyword, window),
      total: () => messages.countConversationList(db, userId, keyword),
    },
    toConversation,
  );
}

/**
 * Makes a past conversation the current one: `getMsgList` shows it and the next question continues
 * it, with its earlier exchanges as context. The conversation that was current is ended, as by
 * `msgClear`. 404 for an id that is not the caller's.
 */
export async function resumeConversation(
  deps: Pick<ChatDeps, 'db' | 'clock'>,
  userId: number,
  id: number,
): Promise<Conversation> {
  return deps.db.transaction().execute(async (trx) => {
    // Two tabs opening different conversations at once still leave exactly one open.
    await lockKey(trx, `chat-open:${userId}`);
    const row = await messages.findConversation(trx, userId, id);
    if (!row) throw new AppError(ResultCode.notFound, CONVERSATION_NOT_FOUND);
    await messages.reopenConversation(trx, userId, id, deps.clock.now());
    return { ...toConversation(row), current: true };
  });
}

/** Names a conversation: 400 with the rule for an empty or long name, 404 for someone else's. */
export async function renameConversation(
  db: Kysely<Database>,
  userId: number,
  id: number,
  title: string,
): Promise<Conversation> {
  const problem = conversationTitleProblem(title);
  if (problem) throw new AppError(ResultCode.badRequest, problem);
  const name = normalConversationTitle(title);
  return db.transaction().execute(async (trx) => {
    const row = await messages.findConversation(trx, userId, id);
    if (!row) throw new AppError(ResultCode.notFound, CONVERSATION_NOT_FOUND);
    await messages.renameConversation(trx, userId, id, name);
    return toConversation({ ...row, title: name });
  });
}

/** Deletes a conversation with every exchange in it; 404 for someone else's. */
export async function deleteConversation(db: Kysely<Database>, userId: number, id: number) {
  return db.transaction().execute(async (trx) => {
    if (!(await messages.ownsConversation(trx, userId, id)))
      throw new AppError(ResultCode.notFound, CONVERSATION_NOT_FOUND);
    return { deleted: await messages.deleteConversation(trx, userId, id) };
  });
}
