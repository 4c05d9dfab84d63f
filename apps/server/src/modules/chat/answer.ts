import { type MessageStatus, ResultCode, type TokenUsage } from '@chuhai/contract';
import { AppError } from '../../lib/app-error.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import { sellerError } from '../../work/seller-error.ts';
import type { ChatDeps, Exchange } from './exchange.ts';
import * as messages from './repository.ts';

// Answering: the model's answer streamed to the seller and saved, or the use given back.

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
  if (idle)
    failure = new ProviderError('idle', 'the chat API went silent in the middle of an answer', {
      service: 'chat',
    });
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
