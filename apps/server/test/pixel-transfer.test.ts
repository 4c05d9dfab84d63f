import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createPixelWork } from '../src/imaging/pixel-pool.ts';
import { sentAsCopy } from '../src/imaging/pixel-transfer.ts';

/**
 * What a pixel task's input costs the event loop: the caller keeps its picture, and the copy the
 * worker gets is made into the message, not into a buffer on the loop's own heap (whose 12 MB a
 * 2000² picture, collected there, were the loop's longest stalls).
 */
describe('sending pixels to the pool', () => {
  const pool = createPixelWork(1);
  after(() => pool.close());

  it('leaves the caller its picture and allocates no copy of it on the calling thread', async () => {
    const side = 2000;
    const data = new Uint8Array(side * side * 3).fill(200);
    const image = { data, width: side, height: side };
    await pool.run('printedOn', { image, blocks: [], area: null }); // the worker started
    const arrayBuffers = () => process.memoryUsage().arrayBuffers / 1e6;
    const before = arrayBuffers();
    const sent = pool.run('printedOn', { image, blocks: [], area: null });
    const grown = arrayBuffers() - before;
    assert.deepEqual(await sent, []);
    assert.equal(data.byteLength, side * side * 3, 'the caller still has its picture');
    assert.ok(data.every((value) => value === 200));
    assert.ok(grown < 6, `sending the 12 MB picture allocated ${grown.toFixed(0)} MB on the calling thread`);
  });

  it('copies a piece of a bigger buffer to its own, and sends a whole one as it is', () => {
    const whole = Buffer.alloc(64, 1); // a buffer of its own
    const piece = Buffer.from('a few bytes'); // a slice of Node's 8 KB pool
    const sent = sentAsCopy({ whole, nested: [{ piece }] });
    assert.equal(sent.whole, whole);
    const copied = sent.nested[0]?.piece as Uint8Array;
    assert.notEqual(copied, piece);
    assert.equal(copied.buffer.byteLength, piece.byteLength);
    assert.equal(Buffer.from(copied).toString(), 'a few bytes');
  });
});
