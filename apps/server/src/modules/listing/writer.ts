import { type CostPurpose, type ListingField, ResultCode } from '@chuhai/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ModelMessage } from '../../providers/llm/chat-model.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import { listingFormat, parseWrittenListing, repairMessages, type WrittenListing } from './prompt.ts';

export type ListingDeps = Pick<AppDeps, 'db' | 'clock' | 'log' | 'chatModel' | 'chatIdleTimeoutMs'>;

/** What the route hears while the model writes. */
export interface WriteProgress {
  progress(chars: number, stage: 'writing' | 'repairing'): void;
}

interface Answer {
  text: string;
  refusal: string;
}

/** One question to the model: what to ask, which fields the answer has, and whose it is (the cost ledger). */
interface AnswerAsk {
  messages: ModelMessage[];
  fields: ListingField[];
  signal: AbortSignal;
  model: string;
  userId: number;
  /** What the cost ledger counts the call as: the listing studio's by default, 一键出海's when it asks. */
  purpose?: Extract<CostPurpose, 'listing' | 'localise-listing'>;
}

/** Streams one answer, reporting its length; a silence longer than the chat's idle limit fails it. */
async function streamAnswer(
  deps: ListingDeps,
  request: AnswerAsk,
  report: (chars: number) => void,
): Promise<Answer> {
  const model = deps.chatModel;
  const idle = new AbortController();
  const signal = AbortSignal.any([request.signal, idle.signal]);
  let watchdog: NodeJS.Timeout | undefined;
  const wake = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => idle.abort(), deps.chatIdleTimeoutMs);
  };
  const answer: Answer = { text: '', refusal: '' };
  wake();
  try {
    // Asked for structured output; a channel without it is asked for plain JSON by the chat router.
    const json = listingFormat(request.fields);
    const meter = { purpose: request.purpose ?? 'listing', userId: request.userId };
    const ask = { model: request.model, messages: request.messages, signal, json, meter };
    for await (const piece of model.stream(ask)) {
      wake();
      if (piece.type === 'text') {
        answer.text += piece.text;
        report(answer.text.length);
      } else if (piece.type === 'refusal') answer.refusal += piece.text;
    }
  } finally {
    clearTimeout(watchdog);
  }
  if (idle.signal.aborted)
    throw new ProviderError('idle', 'the chat API went silent while writing a listing', { service: 'chat' });
  if (request.signal.aborted) throw new AppError(ResultCode.badRequest, '已取消');
  return answer;
}

/**
 * Has the model write a listing as JSON and reads it back. A malformed answer gets one repair
 * request; a refusal or a second malformed answer fails (and the caller refunds the use).
 */
export async function writeListing(
  deps: ListingDeps,
  request: AnswerAsk & { progress: WriteProgress },
): Promise<WrittenListing> {
  const { messages, fields, progress } = request;
  const first = await streamAnswer(deps, request, (n) => progress.progress(n, 'writing'));
  refuseIfRefused(first);
  const parsed = parseWrittenListing(first.text, fields);
  if (parsed?.text) return { text: parsed.text, zh: parsed.zh ?? parsed.text };

  deps.log.warn(
    { answer: first.text.slice(0, 500) },
    'listing answer was not the JSON asked for; asking once more',
  );
  progress.progress(0, 'repairing');
  const second = await streamAnswer(
    deps,
    { ...request, messages: repairMessages(messages, first.text) },
    (n) => progress.progress(n, 'repairing'),
  );
  refuseIfRefused(second);
  const repaired = parseWrittenListing(second.text, fields);
  if (repaired?.text) return { text: repaired.text, zh: repaired.zh ?? repaired.text };
  throw new AppError(ResultCode.providerFailed, 'AI 两次都没有按格式返回 listing，本次不扣次数，请稍后重试');
}

function refuseIfRefused(answer: Answer): void {
  if (answer.refusal && !answer.text.includes('{'))
    throw new AppError(
      ResultCode.contentRejected,
      `AI 拒绝撰写这个商品的 listing：${answer.refusal.slice(0, 200)}。本次不扣次数，请检查商品信息`,
    );
}
