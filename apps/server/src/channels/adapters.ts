import type { LiveChannel } from './channel-book.ts';

/**
 * The adapters built for each channel, one per key, kept while the channel's address and keys stay
 * the same (an adapter holds kept-alive connections). Keys are taken in turn, per node.
 */
export class AdapterCache<A> {
  private readonly built = new Map<number | string, { version: string; adapters: A[]; next: number }>();
  private readonly build: (channel: LiveChannel, key: string) => A;
  constructor(build: (channel: LiveChannel, key: string) => A) {
    this.build = build;
  }

  /** The adapter for the channel's next key. */
  next(channel: LiveChannel): A {
    const id = channel.id ?? channel.name;
    let entry = this.built.get(id);
    if (!entry || entry.version !== channel.version) {
      const keys = channel.keys.length > 0 ? channel.keys : [''];
      entry = { version: channel.version, adapters: keys.map((key) => this.build(channel, key)), next: 0 };
      this.built.set(id, entry);
    }
    const adapter = entry.adapters[entry.next % entry.adapters.length] as A;
    entry.next += 1;
    return adapter;
  }
}
