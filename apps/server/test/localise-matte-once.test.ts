import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matteOnce } from '../src/modules/localise/matte-once.ts';
import type { AlphaMask, MattingEngine } from '../src/providers/matting/matting-engine.ts';

/** A matting double that counts its requests and fails while told to. */
function countingEngine() {
  const engine = {
    name: 'counting',
    calls: 0,
    failing: false,
    warmUp: async () => {},
    close: async () => {},
    async matte(image: Buffer): Promise<AlphaMask> {
      engine.calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (engine.failing) throw new Error('matting down');
      return { mask: Buffer.alloc(4, image[0]), width: 2, height: 2 };
    },
  };
  return engine satisfies MattingEngine;
}

describe('一键出海: one matting request per picture for all of a product’s sites', () => {
  it('asks once for the same bytes, also when the sites ask at the same time; other bytes or another seller ask again', async () => {
    const engine = countingEngine();
    const picture = Buffer.from([7, 1, 2]);
    const [a, b] = await Promise.all([
      matteOnce(engine, 1).matte(picture),
      matteOnce(engine, 1).matte(Buffer.from(picture)),
    ]);
    await matteOnce(engine, 1).matte(picture);
    assert.equal(engine.calls, 1);
    assert.deepEqual(a, b);
    await matteOnce(engine, 1).matte(Buffer.from([8, 1, 2]));
    await matteOnce(engine, 2).matte(picture);
    assert.equal(engine.calls, 3);
  });

  it('hands each site its own copy of the mask', async () => {
    const engine = countingEngine();
    const first = await matteOnce(engine, 1).matte(Buffer.from([9]));
    first.mask.fill(0);
    const second = await matteOnce(engine, 1).matte(Buffer.from([9]));
    assert.deepEqual([...second.mask], [9, 9, 9, 9]);
  });

  it('keeps no failure: the next site asks the model again', async () => {
    const engine = countingEngine();
    engine.failing = true;
    await assert.rejects(matteOnce(engine, 1).matte(Buffer.from([5])), /matting down/);
    engine.failing = false;
    const mask = await matteOnce(engine, 1).matte(Buffer.from([5]));
    assert.equal(engine.calls, 2);
    assert.equal(mask.width, 2);
  });
});
