import { createHash } from 'node:crypto';
import type { AlphaMask, MattingEngine } from '../../providers/matting/matting-engine.ts';
import { keptPerOwner } from './kept-answers.ts';

/** Picture → mask, per matting engine (a test's double has its own). */
const masksOf = keptPerOwner<AlphaMask>({
  // A 2000 × 2000 photo's mask is 4 MB, one byte a pixel.
  budgetBytes: 64 * 1024 * 1024,
  // The sites of one product are made within minutes.
  keepMs: 15 * 60_000,
  bytesOf: (mask) => mask.mask.length,
});

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
  const masks = masksOf(engine);
  return {
    name: engine.name,
    warmUp: () => engine.warmUp(),
    // The engine is the app's: closing one task's view of it closes nothing.
    close: async () => {},
    async matte(image) {
      const key = `${userId}:${createHash('sha256').update(image).digest('base64url')}`;
      const mask = await masks(key, () => engine.matte(image));
      // A copy each time: no step can change another site's mask.
      return { ...mask, mask: Buffer.from(mask.mask) };
    },
  };
}
