import type { ChannelKind } from '@chuhai/contract';
import { ProviderError } from '../providers/provider-error.ts';
import type { Attempt, AttemptQueue } from './adapters.ts';
import type { AttemptRecord, CallMeter, ChannelBook } from './channel-book.ts';
import { failureOf, worthAnotherChannel } from './health.ts';

/**
 * A whole answer (a chat completion, a picture) from the first attempt of `queue` that gives one: each
 * attempt is in the ledger, a failure worth another channel moves on, any other is thrown. A probe
 * is the channel's trial (success restores a cooling channel, failure cools it again); otherwise a
 * channel due a trial is used only if this call claims it.
 */
export async function firstAnswer<T, A>(
  book: ChannelBook,
  queue: AttemptQueue<A>,
  call: {
    kind: ChannelKind;
    meter: CallMeter;
    signal: AbortSignal;
    probe: boolean;
    /** What a delivered answer used: tokens or pictures. */
    used: (answer: T) => Pick<AttemptRecord, 'usage' | 'images'>;
  },
  ask: (attempt: Attempt<A>) => Promise<T>,
): Promise<T> {
  let lastError: unknown = null;
  for (let target = queue.next(); target; target = queue.next()) {
    const { channel, model, key } = target;
    const trial = call.probe ? channel.needsTrial || channel.cooling : channel.needsTrial;
    if (!call.probe && trial && !(await book.claimTrial(channel))) continue;
    const started = performance.now();
    const attempt = { kind: call.kind, meter: call.meter, model, key, trial };
    try {
      const answer = await ask(target);
      const seconds = (performance.now() - started) / 1000;
      await book.record(channel, {
        ...attempt,
        ...call.used(answer),
        error: null,
        failure: null,
        firstByteMs: Math.round(seconds * 1000),
        seconds,
      });
      return answer;
    } catch (error) {
      // The caller's time is up (or the seller left): no other channel has time either.
      if (call.signal.aborted && !call.probe) throw error;
      const failure = failureOf(error, false);
      await book.record(channel, {
        ...attempt,
        error,
        failure,
        firstByteMs: null,
        seconds: (performance.now() - started) / 1000,
      });
      if (!worthAnotherChannel(failure)) throw error;
      queue.failed(target, error);
      lastError = error;
    }
  }
  throw lastError ?? new ProviderError('unreachable', `no ${call.kind} channel is available`);
}
