import type { TokenUsage } from '@chuhai/contract';
import type { AnswerPiece, AnswerRequest, ChatModel } from '../providers/llm/chat-model.ts';
import { openAiCompatibleModel } from '../providers/llm/openai-compatible.ts';
import { failedIn } from '../providers/provider-error.ts';
import { AdapterCache, type Attempt, AttemptQueue, type Target } from './adapters.ts';
import { type FirstPiece, firstPiece, wholeAnswer } from './attempts.ts';
import { type CallMeter, type ChannelBook, doubleChannel, type LiveChannel } from './channel-book.ts';
import { type AttemptFailure, failureOf } from './health.ts';
import { usageOf } from './ledger.ts';
import { candidates } from './pick.ts';
import { PROBE_QUESTION, probeModel } from './probe-calls.ts';

/** A request through the router: the provider's request, and who it is for (the cost ledger). */
export type RoutedAnswerRequest = AnswerRequest & { meter?: CallMeter };

/** The chat models sellers pick from (chatType 1 and 2). */
export interface ChatModels {
  standard: string;
  advanced: string | null;
}

/**
 * Every chat call goes through here: it picks the channel, fails over to the next one until the
 * first piece of the answer arrives, and records what each attempt cost. Once a piece has reached
 * the seller nothing is retried (they would read the text twice).
 */
export interface ChatRouter extends ChatModel {
  stream(request: RoutedAnswerRequest): AsyncIterable<AnswerPiece>;
  complete(request: RoutedAnswerRequest): Promise<{ text: string; usage: TokenUsage | null }>;
  /** The model names on offer, or null when no chat channel is switched on. */
  models(): Promise<ChatModels | null>;
  /**
   * One small call on one channel (the console's 测试, the scheduled test): its answer, or null when
   * `claim` is set and another node is already trying the channel. Throws the provider's error.
   */
  probe(channel: LiveChannel, claim: boolean): Promise<string | null>;
  /** The model name `probe` sends to `channel` (what its 404 is about). */
  probeModel(channel: LiveChannel): string;
}

export interface ChatRouterOptions {
  firstByteMs: number;
  maxTokens: number;
  configured: { standard: string | null; advanced: string | null };
  /** Tests: this model is the only channel, instead of the table. */
  fixed?: ChatModel;
}

const NO_METER: CallMeter = { purpose: 'chat', userId: null };

export function chatRouter(book: ChannelBook, options: ChatRouterOptions): ChatRouter {
  const adapters = new AdapterCache<ChatModel>(
    (channel, key) =>
      options.fixed ??
      openAiCompatibleModel({
        baseUrl: channel.baseUrl,
        apiKey: key || 'no-key',
        maxTokens: options.maxTokens,
        connectTimeoutMs: options.firstByteMs,
      }),
  );
  const fixedChannel = options.fixed ? doubleChannel('chat', 'test', 'openai') : null;
  /**
   * Channels (by address and keys) that answered 400 to a structured-output request (DeepSeek, older
   * vLLM): asked without it from then on, on this node. Their answers are JSON in text, which the
   * caller reads (listing's tolerant parser); the other channels keep structured output.
   */
  const plainOnly = new Set<string>();
  const plainKey = (channel: LiveChannel) => `${channel.id ?? channel.name} ${channel.version}`;
  const live = async () => (fixedChannel ? [fixedChannel] : book.live('chat'));

  /** The channels to try, each with the model name it knows the asked model by. */
  async function route(model: string): Promise<Target[]> {
    return candidates(await live(), model).map((channel) => ({
      channel,
      model: channel.modelMap[model] ?? model,
    }));
  }

  /** Attempts asked with structured output: a 400 to one of them is the format, not the request. */
  const askedJson = new WeakSet<Attempt<ChatModel>>();
  /** The chat parts of a plan: structured output where the channel takes it, plain JSON after a 400. */
  const chatPlan = (request: RoutedAnswerRequest, probe: boolean) => ({
    kind: 'chat' as const,
    meter: request.meter ?? NO_METER,
    signal: request.signal,
    probe,
    jsonFor(attempt: Attempt<ChatModel>) {
      if (!request.json || plainOnly.has(plainKey(attempt.channel))) return undefined;
      askedJson.add(attempt);
      return request.json;
    },
    again(attempt: Attempt<ChatModel>, failure: AttemptFailure) {
      if (failure !== 'bad-request' || !askedJson.has(attempt)) return false;
      plainOnly.add(plainKey(attempt.channel));
      return true;
    },
  });

  async function* stream(request: RoutedAnswerRequest): AsyncIterable<AnswerPiece> {
    const plan = chatPlan(request, false);
    type Opened = { first: IteratorResult<AnswerPiece>; pieces: AsyncIterator<AnswerPiece> };
    let opened: FirstPiece<ChatModel, Opened>;
    try {
      opened = await firstPiece<ChatModel, Opened>(
        book,
        new AttemptQueue(await route(request.model), adapters),
        {
          ...plan,
          firstByteMs: options.firstByteMs,
          async ask(attempt, signal) {
            const json = plan.jsonFor(attempt);
            const pieces = attempt.adapter
              .stream({ ...request, json, model: attempt.model, signal })
              [Symbol.asyncIterator]();
            try {
              return { first: await pieces.next(), pieces };
            } catch (error) {
              await pieces.return?.();
              throw error;
            }
          },
          discard: async ({ pieces }) => {
            await pieces.return?.();
          },
        },
      );
    } catch (error) {
      // The seller left before any answer: nothing to say to them.
      if (request.signal.aborted) return;
      throw error;
    }
    try {
      if (request.signal.aborted) return;
      // The first piece is here: this channel answers, whatever happens next.
      const { attempt, trial, started, firstByteMs } = opened;
      yield* answerFrom(
        attempt.channel,
        { model: attempt.model, key: attempt.key, request, meter: plan.meter, trial, started, firstByteMs },
        opened.piece.first,
        opened.piece.pieces,
      );
    } finally {
      await opened.recorded;
    }
  }

  async function* answerFrom(
    channel: LiveChannel,
    call: {
      model: string;
      key: string;
      request: RoutedAnswerRequest;
      meter: CallMeter;
      trial: boolean;
      started: number;
      firstByteMs: number;
    },
    first: IteratorResult<AnswerPiece> | null,
    pieces: AsyncIterator<AnswerPiece>,
  ): AsyncIterable<AnswerPiece> {
    let text = '';
    let usage: TokenUsage | null = null;
    let error: unknown = null;
    try {
      let next = first as IteratorResult<AnswerPiece>;
      while (!next.done) {
        const piece = next.value;
        if (piece.type === 'usage') usage = piece.usage;
        else text += piece.text;
        yield piece;
        next = await pieces.next();
      }
    } catch (caught) {
      error = caught;
      throw caught;
    } finally {
      // A stop by the seller is not the channel's failure; a break in the middle is.
      const failure: AttemptFailure | null =
        error && !call.request.signal.aborted ? failureOf(error, false) : null;
      await book.record(channel, {
        kind: 'chat',
        meter: call.meter,
        model: call.model,
        key: call.key,
        error,
        failure,
        usage: usageOf(usage, call.request.messages, text),
        firstByteMs: call.firstByteMs,
        seconds: (performance.now() - call.started) / 1000,
        trial: call.trial,
      });
    }
  }

  /**
   * The whole answer from the first channel of `targets` that gives one. A probe is the channel's
   * trial: success restores a cooling channel, failure cools it again.
   */
  async function completeOn(targets: Target[], request: RoutedAnswerRequest, probe: boolean) {
    // No structured-output fallback here: the adapters' complete() sends no response_format, so a
    // 400 to it says nothing about the format and must not mark the channel plain-only for streams.
    const { kind, meter, signal } = chatPlan(request, probe);
    return wholeAnswer<ChatModel, { text: string; usage: TokenUsage | null }>(
      book,
      new AttemptQueue(targets, adapters),
      {
        kind,
        meter,
        signal,
        probe,
        ask: (attempt) => attempt.adapter.complete({ ...request, model: attempt.model }),
      },
      (answer) => ({ usage: usageOf(answer.usage, request.messages, answer.text) }),
    );
  }

  // Whatever fails in here is the chat service's failure, for the seller's words.
  async function* streamOfChat(request: RoutedAnswerRequest): AsyncIterable<AnswerPiece> {
    try {
      yield* stream(request);
    } catch (error) {
      throw failedIn('chat', error, request.signal);
    }
  }

  return {
    stream: streamOfChat,

    complete: async (request) =>
      completeOn(await route(request.model), request, false).catch((error) => {
        throw failedIn('chat', error, request.signal);
      }),

    async probe(channel, claim) {
      if (claim && !(await book.claimTrial(channel))) return null;
      const model = probeModel(channel, options.configured.standard);
      const answer = await completeOn(
        [{ channel, model }],
        {
          model,
          messages: PROBE_QUESTION.messages,
          signal: AbortSignal.timeout(PROBE_QUESTION.timeoutMs),
          meter: { purpose: 'probe', userId: null },
        },
        true,
      );
      return answer.text;
    },

    probeModel: (channel) => probeModel(channel, options.configured.standard),

    async models() {
      const channels = await live();
      if (channels.length === 0) return null;
      const standard = options.configured.standard ?? channels.find((c) => c.models.length > 0)?.models[0];
      if (!standard) return null;
      return { standard, advanced: options.configured.advanced };
    },
  };
}
