import {
  CHAT_TYPE,
  type ChatMessage,
  type MessagePage,
  type MessageStatus,
  ResultCode,
} from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseIdList } from '../../lib/id-list.ts';
import { type PageParams, paginate } from '../../lib/paging.ts';
import type { ChatDeps } from './exchange.ts';
import * as messages from './repository.ts';

// The exchanges themselves: the open conversation, the searchable history, deleting and clearing.

function toChatMessage(row: messages.MessageRow): ChatMessage {
  const tagRef = row.tag_ref === null ? null : /^\d+$/.test(row.tag_ref) ? Number(row.tag_ref) : row.tag_ref;
  return {
    id: Number(row.id),
    conversationId: Number(row.conversation_id),
    content: row.content,
    answer: row.answer,
    chatType: row.chat_type === CHAT_TYPE.advanced ? 2 : 1,
    tagId: tagRef,
    tagTitle: row.tag_title,
    status: row.status as MessageStatus,
    createdAt: Number(row.created_at),
  };
}

/** One exchange as the client sees it. */
export async function getMessage(db: Kysely<Database>, userId: number, id: number): Promise<ChatMessage> {
  const row = await messages.findMessage(db, userId, id);
  if (!row) throw new AppError(ResultCode.notFound, '这条问答不存在或已删除');
  return toChatMessage(row);
}

/** The open conversation: page 1 is the newest `pageSize` exchanges, each page oldest first. */
export async function currentConversation(
  db: Kysely<Database>,
  userId: number,
  params: PageParams,
): Promise<MessagePage> {
  const open = await messages.findOpenConversation(db, userId);
  const conversationId = open ? Number(open.id) : null;
  const page = await paginate(
    params,
    'messages',
    {
      rows: async (window) => (conversationId ? messages.conversationPage(db, conversationId, window) : []),
      total: async () => (conversationId ? messages.countConversation(db, conversationId) : 0),
    },
    toChatMessage,
  );
  return { ...page, list: page.list.reverse() };
}

/** Every past exchange, newest first, optionally searched in questions and answers. */
export function history(
  db: Kysely<Database>,
  userId: number,
  query: PageParams & { keyword?: string },
): Promise<MessagePage> {
  const keyword = query.keyword?.trim() || null;
  return paginate(
    query,
    'messages',
    {
      rows: (window) => messages.historyPage(db, userId, keyword, window),
      total: () => messages.countHistory(db, userId, keyword),
    },
    toChatMessage,
  );
}

export async function deleteMessages(db: Kysely<Database>, userId: number, rawIds: string) {
  return { deleted: await messages.deleteMessages(db, userId, parseIdList(rawIds)) };
}

/** Ends the open conversation (the next question starts afresh); with `all`, deletes every exchange too. */
export async function clear(deps: Pick<ChatDeps, 'db' | 'clock'>, userId: number, all: boolean) {
  return deps.db.transaction().execute(async (trx) => {
    if (all) return { deleted: await messages.deleteAllMessages(trx, userId) };
    await messages.closeConversations(trx, userId, deps.clock.now());
    return { deleted: 0 };
  });
}
