import { createHash } from 'node:crypto';

/**
 * Health per key. A provider refusing one key (401/403, or 402 for its account's balance) says
 * nothing about the channel's other keys, so that key alone rests for the cooldown while the others
 * carry on; only when no key is left does the whole channel cool down. Rests are kept in the
 * channel's row (`key_rests`, key id → until), so every node skips the same key.
 */

/** A key's name in `key_rests`: a hash, so the row never holds the key in the clear. */
export function keyId(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

export type KeyRests = Readonly<Record<string, number>>;

export function readKeyRests(json: string): KeyRests {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? (value as KeyRests) : {};
  } catch {
    return {};
  }
}

/** The keys resting at `now`. */
export function restingKeys(keys: readonly string[], rests: KeyRests, now: number): Set<string> {
  return new Set(keys.filter((key) => (rests[keyId(key)] ?? 0) > now));
}

/** The rests with `key` resting until `until`; entries of keys the channel no longer has are dropped. */
export function withRest(keys: readonly string[], rests: KeyRests, key: string, until: number): KeyRests {
  const kept: Record<string, number> = {};
  for (const id of keys.map(keyId)) {
    const resting = rests[id];
    if (resting !== undefined) kept[id] = resting;
  }
  return { ...kept, [keyId(key)]: until };
}

/** The rests without `key`: it answered again. */
export function withoutRest(rests: KeyRests, key: string): KeyRests {
  const id = keyId(key);
  return Object.fromEntries(Object.entries(rests).filter(([other]) => other !== id));
}
