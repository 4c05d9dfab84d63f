/**
 * Answers of pure work kept in this process, by key: what matte-once.ts keeps per matting engine
 * and once-in-job.ts per database. The first caller makes an answer; later callers, and those
 * waiting meanwhile, share its promise. A failed answer is not kept (the next caller makes it
 * again). Entries go oldest use first once the kept answers hold more than the budget's bytes or
 * one has not been asked for in `keepMs`.
 */
export interface KeptLimits<T> {
  /** Bytes kept at most, per owner. */
  budgetBytes: number;
  /** An entry not asked for this long goes. */
  keepMs: number;
  /** What an answer counts against the budget. */
  bytesOf(answer: T): number;
}

interface Entry<T> {
  answer: Promise<T>;
  /** 0 until the answer has come. */
  bytes: number;
  usedAt: number;
}

/** Makes an answer once per key: `(key, make) => the kept answer`, not copied. */
export type KeptAnswers<T> = (key: string, make: () => Promise<T>) => Promise<T>;

function forget<T>(entries: Map<string, Entry<T>>, limits: KeptLimits<T>, now: number) {
  let total = 0;
  for (const entry of entries.values()) total += entry.bytes;
  // A Map iterates in insertion order, and each use moves its entry to the end: oldest use first.
  for (const [key, entry] of entries) {
    if (total <= limits.budgetBytes && now - entry.usedAt < limits.keepMs) break;
    entries.delete(key);
    total -= entry.bytes;
  }
}

function keptAnswers<T>(limits: KeptLimits<T>): KeptAnswers<T> {
  const entries = new Map<string, Entry<T>>();
  return (key, make) => {
    const now = Date.now();
    let entry = entries.get(key);
    if (entry) entries.delete(key);
    else {
      const made: Entry<T> = { answer: make(), bytes: 0, usedAt: now };
      made.answer.then(
        (answer) => {
          made.bytes = limits.bytesOf(answer);
          forget(entries, limits, Date.now());
        },
        () => {
          if (entries.get(key) === made) entries.delete(key);
        },
      );
      entry = made;
    }
    entry.usedAt = now;
    entries.set(key, entry);
    forget(entries, limits, now);
    return entry.answer;
  };
}

/**
 * Kept answers per owner (a matting engine, a database): each owner, a test's double too, has its
 * own, and goes with it.
 */
export function keptPerOwner<T>(limits: KeptLimits<T>): (owner: object) => KeptAnswers<T> {
  const owners = new WeakMap<object, KeptAnswers<T>>();
  return (owner) => {
    let kept = owners.get(owner);
    if (!kept) {
      kept = keptAnswers(limits);
      owners.set(owner, kept);
    }
    return kept;
  };
}
