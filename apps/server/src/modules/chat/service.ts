import {
  CHAT_TYPE,
  type ChatConfig,
  type ChatMessage,
  type MessagePage,
  type MessageStatus,
  questionProblem,
  ResultCode,
  type SendMsgBody,
  type TokenUsage,
} from '@chuhai/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { parseIdList } from '../../lib/id-list.ts';
import type { ChatModel } from '../../providers/llm/chat-model.ts';
import { refundUse, takeUse, type UseTicket } from '../entitlement/service.ts';
import { resolveTag } from '../prompt/service.ts';
import { findBlockedWord } from './content-safety.ts';
import { buildModelMessages, DEFAULT_SYSTEM_PROMPT } from './context.ts';
import * as messages from './repository.ts';

export interface ChatDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Null when no provider is configured. */
  model: ChatModel | null;
  models: { standard: string; advanced: string | null } | null;
  idleTimeoutMs: number;
}

export const NOT_CONFIGURED_HINT =
  'AI 问答尚未配置：请管理员在服务器上设置 LLM_BASE_URL、LLM_API_KEY 和 LLM_MODEL_STANDARD（高级模型另设 LLM_MODEL_ADVANCED）后重启，详见 README「AI 问答」。';

/** A question accepted and paid for, ready to be answered. */
export interface Exchange {
  id: number;
  conversationId: number;
  createdAt: number;
  userId: number;
  model: string;
  modelMessages: ReturnType<typeof buildModelMessages>;
  ticket: UseTicket;
  /** The exchange whose answer this one replaces once it has text. */
  replaces: number | null;
}

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

export function chatConfig(deps: Pick<ChatDeps, 'models'>): ChatConfig {
  return {
    configured: deps.models !== null,
    advancedAvailable: Boolean(deps.models?.advanced),
    hint: deps.models ? '' : NOT_CONFIGURED_HINT,
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
  if (!deps.model || !deps.models) throw new AppError(ResultCode.providerUnavailable, NOT_CONFIGURED_HINT);
  const chatType = body.chatType ?? CHAT_TYPE.standard;
  const model = chatType === CHAT_TYPE.advanced ? deps.models.advanced : deps.models.standard;
  if (!model) throw new AppError(ResultCode.providerUnavailable, '高级模型暂未开放，请先使用标准模型');

  const tag = body.tagId == null ? null : await resolveTag(deps.db, userId, body.tagId);
  const now = deps.clock.now();
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

  const ticket = await takeUse(deps, userId, 'chat', {
    vipOnly: chatType === CHAT_TYPE.advanced,
    vipOnlyMessage: '高级模型仅对 VIP 开放，开通 VIP 后即可使用，也可以切换到标准模型',
  });
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
  return { id, conversationId, createdAt: now, userId, model, modelMessages, ticket, replaces };
}

/** Where an answer goes as it is written: the SSE stream, or a collector for the JSON reply. */
export interface AnswerSink {
  text(text: string): void;
}

export type ExchangeOutcome =
  | { kind: 'done'; status: MessageStatus; usage: TokenUsage | null }
  | { kind: 'failed'; error: AppError; refunded: boolean };

function failureOf(error: unknown, log: FastifyBaseLogger): AppError {
  if (error instanceof AppError) return error;
  const kind = (error as { kind?: string }).kind;
  log.warn({ err: error }, 'chat provider failed');
  switch (kind) {
    case 'auth':
      return new AppError(
        ResultCode.providerUnavailable,
        'AI 服务鉴权失败（密钥无效或无权限），请联系管理员检查 LLM_API_KEY',
      );
    case 'rate-limited': {
      const retryAfter = (error as { retryAfter?: number }).retryAfter ?? 10;
      return new AppError(ResultCode.tooManyRequests, `AI 服务繁忙，请 ${retryAfter} 秒后再试`, {
        retryAfter,
      });
    }
    case 'bad-request':
      return new AppError(
        ResultCode.providerFailed,
        'AI 服务拒绝了这次请求（模型名称或参数有误），请联系管理员',
      );
    case 'unreachable':
      return new AppError(ResultCode.providerFailed, '无法连接 AI 服务，请稍后再试');
    case 'idle':
      return new AppError(ResultCode.providerTimeout, 'AI 服务长时间没有响应，请稍后再试');
    default:
      return new AppError(ResultCode.providerFailed, 'AI 服务中断了回答，请稍后再试');
  }
}

/**
 * Answers a prepared exchange. `clientGone` aborts the upstream request (stop button, closed tab).
 * The upstream may stay silent at most `idleTimeoutMs` between pieces. Outcomes:
 * - finished: the answer is saved as `done`;
 * - stopped by the client or cut after some text: the partial answer is saved as `stopped`;
 * - failed or stopped before any text: the exchange is removed and the use refunded.
 * A regenerated exchange replaces the old one only once it has text.
 */
export async function runExchange(
  deps: ChatDeps,
  exchange: Exchange,
  sink: AnswerSink,
  clientGone: AbortSignal,
  mode: 'stream' | 'complete',
): Promise<ExchangeOutcome> {
  const model = deps.model as ChatModel;
  const upstream = new AbortController();
  let idle = false;
  let watchdog: NodeJS.Timeout | undefined;
  const armWatchdog = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      idle = true;
      upstream.abort();
    }, deps.idleTimeoutMs);
  };
  const onClientGone = () => upstream.abort();
  clientGone.addEventListener('abort', onClientGone, { once: true });

  let answer = '';
  let usage: TokenUsage | null = null;
  let failure: unknown = null;
  const request = { model: exchange.model, messages: exchange.modelMessages, signal: upstream.signal };
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
  if (idle) failure = { kind: 'idle' };
  else if (stoppedByClient) failure = null;
  const now = deps.clock.now();

  if (answer === '' && (failure || stoppedByClient)) {
    await messages.deleteMessages(deps.db, exchange.userId, [exchange.id]);
    const refunded = await refundUse(deps, exchange.ticket);
    return {
      kind: 'failed',
      error: failure ? failureOf(failure, deps.log) : new AppError(ResultCode.badRequest, '已停止生成'),
      refunded,
    };
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
  if (failure) return { kind: 'failed', error: failureOf(failure, deps.log), refunded: false };
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
  page: { pageNo: number; pageSize: number },
): Promise<MessagePage> {
  const open = await messages.findOpenConversation(db, userId);
  if (!open) return { list: [], total: 0, ...page };
  const conversationId = Number(open.id);
  const [rows, total] = await Promise.all([
    messages.conversationPage(db, conversationId, (page.pageNo - 1) * page.pageSize, page.pageSize),
    messages.countConversation(db, conversationId),
  ]);
  return { list: rows.reverse().map(toChatMessage), total, ...page };
}

/** Every past exchange, newest first, optionally searched in questions and answers. */
export async function history(
  db: Kysely<Database>,
  userId: number,
  query: { pageNo: number; pageSize: number; keyword?: string },
): Promise<MessagePage> {
  const keyword = query.keyword?.trim() || null;
  const [rows, total] = await Promise.all([
    messages.historyPage(db, userId, keyword, (query.pageNo - 1) * query.pageSize, query.pageSize),
    messages.countHistory(db, userId, keyword),
  ]);
  return { list: rows.map(toChatMessage), total, pageNo: query.pageNo, pageSize: query.pageSize };
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
