import type { LiveChannel } from './channel-book.ts';
import { isFatal } from './health.ts';

/** One channel to try, with the model name it knows the asked model by. */
export interface Target {
  channel: LiveChannel;
  model: string;
}

/** One attempt of a call: a channel, one of its keys, and the adapter that calls it with that key. */
export interface Attempt<A> extends Target {
  key: string;
  adapter: A;
  /** The same attempt once more (`AttemptQueue.repeat`): its trial, if any, is already claimed. */
  repeat?: boolean;
}

/**
 * The adapters built for each channel, one per key, kept while the channel's address and keys stay
 * the same (an adapter holds kept-alive connections). Keys are taken in turn, per node, passing
 * over the keys that are resting (see key-rests.ts).
 */
export class AdapterCache<A> {
  private readonly built = new Map<
    number | string,
    { version: string; adapters: Map<string, A>; next: number }
  >();
  private readonly build: (channel: LiveChannel, key: string) => A;
  constructor(build: (channel: LiveChannel, key: string) => A) {
    this.build = build;
  }

  private entry(channel: LiveChannel) {
    const id = channel.id ?? channel.name;
    let entry = this.built.get(id);
    if (!entry || entry.version !== channel.version) {
      const keys = channel.keys.length > 0 ? channel.keys : [''];
      entry = {
        version: channel.version,
        adapters: new Map(keys.map((key) => [key, this.build(channel, key)])),
        next: 0,
      };
      this.built.set(id, entry);
    }
    return entry;
  }

  /**
   * The key `channel` takes next, passing over resting keys and those in `tried`; null when none is
   * left. When every key rests (the channel is cooling too) and none was tried, the next in turn:
   * a cooling channel is still the last resort.
   */
  pickKey(channel: LiveChannel, tried: ReadonlySet<string>): string | null {
    const entry = this.entry(channel);
    const keys = [...entry.adapters.keys()];
    for (let i = 0; i < keys.length; i += 1) {
      const key = keys[(entry.next + i) % keys.length] as string;
      if (tried.has(key) || channel.restingKeys.has(key)) continue;
      entry.next += i + 1;
      return key;
    }
    if (tried.size > 0) return null;
    entry.next += 1;
    return keys[(entry.next - 1) % keys.length] as string;
  }

  adapter(channel: LiveChannel, key: string): A {
    return this.entry(channel).adapters.get(key) as A;
  }
}

/**
 * The attempts of one call, in order: each target with the key its channel takes in turn; after a
 * key the provider refused, the same channel again with another of its keys before the next channel
 * (a refused key says nothing about the channel's other keys).
 */
export class AttemptQueue<A> {
  private readonly targets: Target[];
  private readonly adapters: AdapterCache<A>;
  private retry: Target | null = null;
  private again: Attempt<A> | null = null;
  private readonly tried = new Map<LiveChannel, Set<string>>();
  constructor(targets: readonly Target[], adapters: AdapterCache<A>) {
    this.targets = [...targets];
    this.adapters = adapters;
  }

  next(): Attempt<A> | null {
    if (this.again) {
      const again = this.again;
      this.again = null;
      return again;
    }
    for (;;) {
      const target = this.retry ?? this.targets.shift();
      this.retry = null;
      if (!target) return null;
      const tried = this.tried.get(target.channel) ?? new Set<string>();
      const key = this.adapters.pickKey(target.channel, tried);
      if (key === null) continue;
      tried.add(key);
      this.tried.set(target.channel, tried);
      return { ...target, key, adapter: this.adapters.adapter(target.channel, key) };
    }
  }

  /** The same channel and key once more, next (the request changed, see the chat router). */
  repeat(attempt: Attempt<A>): void {
    this.again = { ...attempt, repeat: true };
  }

  /**
   * An attempt failed with `error`: a refused key sends a healthy channel round once more (a
   * channel on trial or cooling is judged as a whole, see ChannelBook.record).
   */
  failed(attempt: Attempt<A>, error: unknown): void {
    const { channel } = attempt;
    if (isFatal(error) && channel.keys.length > 1 && !channel.needsTrial && !channel.cooling)
      this.retry = { channel, model: attempt.model };
  }
}
