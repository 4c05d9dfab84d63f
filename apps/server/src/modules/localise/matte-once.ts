import { createHash } from 'node:crypto';
import type { AlphaMask, MattingEngine } from '../../providers/matting/matting-engine.ts';

/** Masks kept at most, in bytes (a 2000 × 2000 photo's mask is 4 MB, one byte a pixel). */
const BUDGET_BYTES = 64 * 1024 * 1024;
/** A mask not asked for this long goes: the sites of one product are made within minutes. */
const KEEP_MS = 15 * 60_000;

interface Entry {
  mask: Promise<AlphaMask>;
  bytes: number;
  usedAt: number;
}

/** Per matting engine (a test's double has its own), picture → mask, oldest use first. */
const caches = new WeakMap<MattingEngine, Map<string, Entry>>();

function forget(cache: Map<string, Entry>, now: number) {
  let total = 0;
  for (const entry of cache.values()) total += entry.bytes;
  for (const [key, entry] of cache) {
    if (total <= BUDGET_BYTES && now - entry.usedAt < KEEP_MS) break;
    cache.delete(key);
    total -= entry.bytes;
  }
}

/**
 * The matting engine for one seller's 一键出海 task, asking the model once per picture in this
 * process: every site of a product mats the same main photo, the same photo with its added text
 * erased, and the same detail pictures, and matting is the slowest step. Pictures are told apart
 * by their bytes (SHA-256, with the seller), so a hit is the mask the model gave for exactly those
 * bytes; the sites of a product made at once wait for the one request. A failed request is not
 * kept (the next task asks again). Nothing is charged by matting, so charging is untouched: each
 * site still pays its own main image when it delivers.
 */
export function matteOnce(engine: MattingEngine, userId: number): MattingEngine {
  let cache = caches.get(engine);
  if (!cache) {
    cache = new Map();
    caches.set(engine, cache);
  }
  const kept = cache;
  return {
    name: engine.name,
    warmUp: () => engine.warmUp(),
    // The engine is the app's: closing one task's view of it closes nothing.
    close: async () => {},
    async matte(image) {
      const key = `${userId}:${createHash('sha256').update(image).digest('base64url')}`;
      const now = Date.now();
      let entry = kept.get(key);
      if (entry) kept.delete(key);
      else {
        const made: Entry = { mask: engine.matte(image), bytes: 0, usedAt: now };
        made.mask.then(
          (mask) => {
            made.bytes = mask.mask.length;
          },
          () => {
            if (kept.get(key) === made) kept.delete(key);
          },
        );
        entry = made;
      }
      entry.usedAt = now;
      kept.set(key, entry);
      forget(kept, now);
      const mask = await entry.mask;
      // A copy each time: no step can change another site's mask.
      return { ...mask, mask: Buffer.from(mask.mask) };
    },
  };
}
