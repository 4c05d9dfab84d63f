import type { ChannelKind } from '@chuhai/contract';
import { ProviderError } from '../providers/provider-error.ts';
import type { Attempt, AttemptQueue } from './adapters.ts';
import type { AttemptRecord, CallMeter, ChannelBook } from './channel-book.ts';
import { type AttemptFailure, failureOf, worthAnotherChannel } from './health.ts';

/** How one call is tried, channel after channel, until a first piece arrives. */
export interface AttemptPlan<A, P> {
  kind: ChannelKind;
  meter: CallMeter;
  /** The caller's signal: once it aborts, no other channel has time either. */
  signal: AbortSignal;
  /** The console's test or the scheduled one: the attempt is the channel's trial, claimed or not. */
  probe: boolean;
  /** A stream's first piece must come within this long, or the next channel is asked. */
  firstByteMs?: number;
  /** Asks one attempt for its first piece (a whole answer: the answer), with the attempt's signal. */
  ask(attempt: Attempt<A>, signal: AbortSignal): Promise<P>;
  /** A first piece that came after the time limit: whatever it holds is let go. */
  discard?(piece: P): Promise<void>;
  /** Whether the same attempt is asked once more, the request changed (structured output refused). */
  again?(attempt: Attempt<A>, failure: AttemptFailure): boolean;
}

/** The first piece of an answer, the attempt that gave it, and the ledger rows still being written. */
export interface FirstPiece<A, P> {
  piece: P;
  attempt: Attempt<A>;
  trial: boolean;
  /** `performance.now()` when the attempt started. */
  started: number;
  firstByteMs: number;
  /** The failed attempts before this one, written while the next channel was asked. */
  recorded: Promise<unknown>;
}

/**
 * The one failover loop (streams, whole answers, pictures): each attempt of `queue` in turn until
 * one gives its first piece; a failure worth another channel is written to the ledger and the next
 * one is asked at once, any other failure is thrown. Nothing is retried after the first piece: the
 * caller records the answering attempt when its answer is over. A channel due a trial is used only
 * if this call claims it (a probe is the trial itself).
 */
export async function firstPiece<A, P>(
  book: ChannelBook,
  queue: AttemptQueue<A>,
  plan: AttemptPlan<A, P>,
): Promise<FirstPiece<A, P>> {
  const recording: Promise<void>[] = [];
  const recorded = () => Promise.all(recording);
  let lastError: unknown = null;
  for (let attempt = queue.next(); attempt; attempt = queue.next()) {
    const { channel, model, key } = attempt;
    const trial = plan.probe ? channel.needsTrial || channel.cooling : channel.needsTrial;
    if (!plan.probe && trial && !attempt.repeat && !(await book.claimTrial(channel))) continue;
    const started = performance.now();
    const { signal, stop, timedOut } = firstByteLimit(plan);
    let piece: P | undefined;
    let error: unknown = null;
    let failed = false;
    try {
      piece = await plan.ask(attempt, signal);
    } catch (caught) {
      error = caught;
      failed = true;
    } finally {
      stop();
    }
    const firstByteMs = Math.round(performance.now() - started);
    if (!failed && !timedOut())
      return { piece: piece as P, attempt, trial, started, firstByteMs, recorded: recorded() };
    if (!failed) await plan.discard?.(piece as P);
    // The caller's time is up (or the seller left): no other channel has time either.
    if (plan.signal.aborted && !plan.probe) {
      await recorded();
      throw error ?? plan.signal.reason;
    }
    const failure = failureOf(error, timedOut());
    const record: AttemptRecord = {
      kind: plan.kind,
      meter: plan.meter,
      model,
      key,
      error,
      failure,
      firstByteMs: null,
      seconds: firstByteMs / 1000,
      trial,
    };
    recording.push(book.record(channel, record));
    if (plan.again?.(attempt, failure)) {
      queue.repeat(attempt);
      continue;
    }
    if (!worthAnotherChannel(failure)) {
      await recorded();
      throw error;
    }
    queue.failed(attempt, error);
    lastError = timedOut()
      ? new ProviderError('unreachable', `channel ${channel.name}: no first byte in ${plan.firstByteMs} ms`)
      : error;
  }
  await recorded();
  throw lastError ?? new ProviderError('unreachable', `no ${plan.kind} channel is available`);
}

/** The attempt's signal: the caller's, and for a stream the first-byte time limit too. */
function firstByteLimit(plan: { signal: AbortSignal; firstByteMs?: number }) {
  if (plan.firstByteMs === undefined) return { signal: plan.signal, stop: () => {}, timedOut: () => false };
  const limit = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    limit.abort();
  }, plan.firstByteMs);
  return {
    signal: AbortSignal.any([plan.signal, limit.signal]),
    stop: () => clearTimeout(timer),
    timedOut: () => timedOut,
  };
}

/**
 * A whole answer (a completion, a picture) through the loop: its first piece is the answer, recorded
 * with what it used (tokens or pictures) before it is returned.
 */
export async function wholeAnswer<A, T>(
  book: ChannelBook,
  queue: AttemptQueue<A>,
  plan: Omit<AttemptPlan<A, T>, 'firstByteMs' | 'discard'>,
  used: (answer: T) => Pick<AttemptRecord, 'usage' | 'images'>,
): Promise<T> {
  const first = await firstPiece(book, queue, plan);
  const { channel, model, key } = first.attempt;
  await book.record(channel, {
    kind: plan.kind,
    meter: plan.meter,
    model,
    key,
    ...used(first.piece),
    error: null,
    failure: null,
    firstByteMs: first.firstByteMs,
    seconds: (performance.now() - first.started) / 1000,
    trial: first.trial,
  });
  await first.recorded;
  return first.piece;
}
