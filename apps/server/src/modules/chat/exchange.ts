import {
  CHAT_TYPE,
  type ChatConfig,
  CONCURRENCY_LIMITS,
  FEATURE_OFF_TEXT,
  questionProblem,
  ResultCode,
  type SendMsgBody,
} from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { findBlockedWord } from '../../lib/content-safety/word-check.ts';
import { type MeteredCall, startMeteredIn } from '../../work/metered.ts';
import { resolveTag } from '../prompt/service.ts';
import { glossaryEntriesIn } from '../translate/service.ts';
import { buildModelMessages, DEFAULT_SYSTEM_PROMPT } from './context.ts';
import * as messages from './repository.ts';

// Asking: a question checked, paid for and written down, ready for answer.ts to answer.

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
  const said = [...recent.map((e) => e.content), body.content].join('\n');
  const modelMessages = buildModelMessages({
    systemPrompt: tag?.prompt ?? DEFAULT_SYSTEM_PROMPT,
    glossary: await glossaryEntriesIn(deps, userId, said),
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
