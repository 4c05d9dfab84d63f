/**
 * A translation never runs off the picture. alimama's train-10 has a small 「起」 right of its price
 * pill, 6 px from the picture's right edge: its translation, wider than the room there, started at
 * the room and ran on past the edge, where the drawing cut it (「natu」 was all that showed).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TranslatedBlock } from '@chuhai/contract';
import sharp from 'sharp';
import { drawTranslation } from '../src/imaging/text/draw-translation.ts';

const grey = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3c3d41' } })
    .png()
    .toBuffer();

const block = (text: string, box: TranslatedBlock['box'], fontSize: number): TranslatedBlock => ({
  id: 1,
  source: '起',
  text,
  box,
  fontSize,
  color: '#9b9b9c',
  bold: false,
  align: 'center',
  hidden: false,
  overflow: false,
  outline: null,
});

/** Where the block's translation was drawn on a `width` × `height` picture. */
async function drawnOn(width: number, height: number, drawn: TranslatedBlock) {
  const result = await drawTranslation(await grey(width, height), [drawn], 'en');
  const [back] = result.blocks as [TranslatedBlock];
  assert.ok(back.drawn, 'drawn');
  return back.drawn;
}

describe('a translation beside the picture’s edge', () => {
  it('wider than its room by the right edge, is drawn whole inside the picture', async () => {
    const drawn = await drawnOn(513, 750, block('natural', { x: 494, y: 687, width: 13, height: 11 }, 9));
    assert.ok(drawn.x + drawn.width <= 513, `drawn ${drawn.x}–${drawn.x + drawn.width} on a 513 px picture`);
    assert.ok(drawn.width >= 25, `the whole word, ${drawn.width} px wide`);
  });

  it('wider than the whole picture on its one line, is squeezed to the picture’s width', async () => {
    const long = 'genuine original authentic guaranteed product with free shipping';
    const drawn = await drawnOn(120, 60, block(long, { x: 40, y: 20, width: 30, height: 12 }, 10));
    assert.ok(drawn.x >= 0 && drawn.x + drawn.width <= 120, `drawn ${drawn.x}–${drawn.x + drawn.width}`);
  });
});
