import {
  CHAT_LIMITS,
  CHAT_TYPE,
  type ChatConfig,
  type ChatMessage,
  CONCURRENCY_LIMITS,
  type Conversation,
  type ConversationPage,
  conversationTitleProblem,
  FEATURE_OFF_TEXT,
  type MessagePage,
  type MessageStatus,
  normalConversationTitle,
  questionProblem,
  ResultCode,
  type SendMsgBody,
  type TokenUsage,
} from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { lockKey } from '../../db/locks.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { findBlockedWord } from '../../lib/content-safety/word-check.ts';
import { parseIdList } from '../../lib/id-list.ts';
import { type PageParams, paginate } from '../../lib/paging.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import { type MeteredCall, startMeteredIn } from '../../work/metered.ts';
import { sellerError } from '../../work/seller-error.ts';
import { resolveTag } from '../prompt/service.ts';
import { buildModelMessages, DEFAULT_SYSTEM_PROMPT } from './context.ts';
import * as messages from './repository.ts';

export type ChatDeps = Pick<AppDeps, 'db' | 'clock' | 'log' | 'chatModel' | 'chatIdleTimeoutMs'>;

/** Sellers read the same short text as for any switched-off tool; the operator's hint goes to the log. */
export const NOT_CONFIGURED_HINT = FEATURE_OFF_TEXT;
export const CHAT_SETUP_HINT =
  'AI 问答未配置：在服务器上设置 LLM_BASE_URL、LLM_API_KEY 和 LLM_MODEL_STANDARD（高级模型另设 LLM_MODEL_ADVANCED）后重启，详见 README「AI 问答」';

/** A question accepted and paid for, ready to be answered. */
export interface Exchange {
  id: number;
  conversationId: number;
  createdAt: number;
  userId: number;
  model: string;
  modelMessages: ReturnType<typeof buildModelMessages>;
  /** The paid call: one of the user's concurrent answer slots and the use, ended with the answer. */
  call: MeteredCall;
  /** The exchange whose answer this one replaces once it has text. */
  replaces: number | null;
}

/** A slot older than this was left by a node that died mid-answer. */
const STALE_STREAM_MS = 10 * 60_000;

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

export async function chatConfig(deps: Pick<ChatDeps, 'chatModel'>): Promise<ChatConfig> {
  const models = await deps.chatModel.models();
  return {
    configured: models !== null,
    advancedAvailable: Boolean(models?.advanced),
    hint: models ? '' : NOT_CONFIGURED_HINT,
  };
}

async function openConversation(db: Kysely<Database>, userId: number, now: number): Promise<number> {
  const open = await messages.findOpenConversation(db, userId);
  return open ? Number(open.id) : messages.insertConversation(db, userId, now);
}

/**
 * Checks a question and takes one chat use: 400 for an empty or long question, 200004 for a blocked
 * word, 503 when no model is configured, 404 for an unknown tag or exchange, 200001/200002 from the
 * quota. Nothing is written unless every check passes.
 */
export async function prepareExchange(deps: ChatDeps, userId: number, body: SendMsgBody): Promise<Exchange> {
  const problem = questionProblem(body.content);
  if (problem) throw new AppError(ResultCode.badRequest, problem);
  if (findBlockedWord(body.content))
    throw new AppError(ResultCode.contentRejected, '问题中含有违规内容，无法回答，请修改后重试');
  const models = await deps.chatModel.models();
  if (!models) throw new AppError(ResultCode.providerUnavailable, NOT_CONFIGURED_HINT);
  const chatType = body.chatType ?? CHAT_TYPE.standard;
  const model = chatType === CHAT_TYPE.advanced ? models.advanced : models.standard;
  if (!model) throw new AppError(ResultCode.providerUnavailable, '高级模型暂未开放，请先使用标准模型');

  // One transaction takes the slot, the use and the exchange: a failed check leaves none of them
  // behind, and the question costs one commit instead of four before the provider is asked.
  return deps.db
    .transaction()
    .execute((trx) => startExchange({ ...deps, db: trx }, deps.db, userId, body, { chatType, model }));
}

async function startExchange(
  deps: ChatDeps,
  outside: Kysely<Database>,
  userId: number,
  body: SendMsgBody,
  picked: { chatType: number; model: string },
): Promise<Exchange> {
  const { chatType, model } = picked;
  const now = deps.clock.now();
  const tag = body.tagId == null ? null : await resolveTag(deps.db, userId, body.tagId);
  let conversationId: number;
  let replaces: number | null = null;
  if (body.regenerateId) {
    const previous = await messages.findMessage(deps.db, userId, body.regenerateId);
    const open = await messages.findOpenConversation(deps.db, userId);
    if (!previous || !open || Number(previous.conversation_id) !== Number(open.id))
      throw new AppError(ResultCode.notFound, '要重新生成的回答不在当前对话中，请直接提问');
    if (previous.status === 'streaming')
      throw new AppError(ResultCode.badRequest, '这条回答还在生成中，请稍候');
    conversationId = Number(open.id);
    replaces = Number(previous.id);
  } else {
    conversationId = await openConversation(deps.db, userId, now);
  }

  const recent = await messages.recentAnswered(deps.db, conversationId, replaces, 20);
  const modelMessages = buildModelMessages({
    systemPrompt: tag?.prompt ?? DEFAULT_SYSTEM_PROMPT,
    recent,
    question: body.content,
  });

  // Checked first, paid for after: a wrong tag is a 404, not a spent use.
  const call = await startMeteredIn(
    deps.db,
    { ...deps, db: outside },
    { userId },
    {
      feature: 'chat',
      service: 'chat',
      vipOnly:
        chatType === CHAT_TYPE.advanced
          ? { message: '高级模型仅对 VIP 开放，开通 VIP 后即可使用，也可以切换到标准模型' }
          : undefined,
      slot: {
        kind: 'chat',
        limit: CONCURRENCY_LIMITS.chatStreams,
        staleMs: STALE_STREAM_MS,
        message: `最多同时进行 ${CONCURRENCY_LIMITS.chatStreams} 个回答，请等当前的回答完成后再提问`,
        retryAfter: CONCURRENCY_LIMITS.retryAfterSeconds,
      },
    },
    now,
  );
  const id = await messages.insertMessage(deps.db, {
    userId,
    conversationId,
    content: body.content,
    chatType,
    model,
    tagRef: tag?.ref ?? null,
    tagTitle: tag?.title ?? null,
    now,
  });
  return { id, conversationId, createdAt: now, userId, model, modelMessages, call, replaces };
}

/** Where an answer goes as it is written: the SSE stream, or a collector for the JSON reply. */
export interface AnswerSink {
  text(text: string): void;
}

export type ExchangeOutcome =
  | { kind: 'done'; status: MessageStatus; usage: TokenUsage | null }
  | { kind: 'failed'; error: AppError; refunded: boolean };

/**
 * Answers a prepared exchange. `clientGone` aborts the upstream request (stop button, closed tab).
 * The upstream may stay silent at most `idleTimeoutMs` between pieces. Outcomes:
 * - finished: the answer is saved as `done`;
 * - stopped by the client or cut after some text: the partial answer is saved as `stopped`;
 * - failed before any text: the exchange is removed and the use refunded;
 * - stopped by the client before any text: the exchange is removed, the use stays spent.
 * A regenerated exchange replaces the old one only once it has text.
 */
export async function runExchange(...args: Parameters<typeof answerExchange>): Promise<ExchangeOutcome> {
  try {
    return await answerExchange(...args);
  } finally {
    // Whatever happened in between (a database error), the slot is freed; a no-op once ended.
    await args[1].call.abandon();
  }
}

async function answerExchange(
  deps: ChatDeps,
  exchange: Exchange,
  sink: AnswerSink,
  clientGone: AbortSignal,
  mode: 'stream' | 'complete',
): Promise<ExchangeOutcome> {
  const model = deps.chatModel;
  const upstream = new AbortController();
  let idle = false;
  let watchdog: NodeJS.Timeout | undefined;
  // Re-armed on every piece: refreshing the one timer allocates nothing, a new timer each time would.
  const armWatchdog = () => {
    if (watchdog) watchdog.refresh();
    else
      watchdog = setTimeout(() => {
        idle = true;
        upstream.abort();
      }, deps.chatIdleTimeoutMs);
  };
  const onClientGone = () => upstream.abort();
  clientGone.addEventListener('abort', onClientGone, { once: true });

  let answer = '';
  let usage: TokenUsage | null = null;
  let failure: unknown = null;
  const request = {
    model: exchange.model,
    messages: exchange.modelMessages,
    signal: upstream.signal,
    meter: { purpose: 'chat' as const, userId: exchange.userId },
  };
  try {
    if (mode === 'stream') {
      armWatchdog();
      for await (const piece of model.stream(request)) {
        armWatchdog();
        if (piece.type === 'usage') usage = piece.usage;
        else {
          answer += piece.text;
          sink.text(piece.text);
        }
      }
    } else {
      const result = await model.complete(request);
      answer = result.text;
      usage = result.usage;
    }
  } catch (error) {
    failure = error;
  } finally {
    clearTimeout(watchdog);
    clientGone.removeEventListener('abort', onClientGone);
  }

  const stoppedByClient = clientGone.aborted;
  if (idle) failure = new ProviderError('idle', 'the chat API went silent in the middle of an answer');
  else if (stoppedByClient) failure = null;
  const now = deps.clock.now();

  if (answer === '' && (failure || stoppedByClient)) {
    await messages.deleteMessages(deps.db, exchange.userId, [exchange.id]);
    // Only the provider's failure is given back: a stop after the request went out has already
    // cost the provider's tokens, so stopping cannot be a way to ask for free.
    if (!failure) {
      await exchange.call.abandon();
      return { kind: 'failed', error: new AppError(ResultCode.badRequest, '已停止生成'), refunded: false };
    }
    const error = await exchange.call.fail(failure);
    return { kind: 'failed', error, refunded: exchange.call.refunded };
  }

  const status = failure || stoppedByClient ? 'stopped' : 'done';
  await deps.db.transaction().execute(async (trx) => {
    await messages.finishMessage(trx, exchange.id, {
      answer,
      status,
      promptTokens: usage?.promptTokens ?? null,
      completionTokens: usage?.completionTokens ?? null,
      now,
    });
    if (exchange.replaces) await messages.deleteMessages(trx, exchange.userId, [exchange.replaces]);
  });
  // Cut off after some text: the seller has part of an answer, the use stays spent.
  await exchange.call.finish();
  if (failure) return { kind: 'failed', error: sellerError(failure, 'chat', deps.log), refunded: false };
  return { kind: 'done', status, usage };
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
