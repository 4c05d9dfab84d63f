/**
 * A caption printed on a band of colour keeps its translation on that band. alimama valid-1 has
 * cream 「0.1元特权礼包+四件套+豪华防水床笠」 on a teal band just above a pale floor: the longer
 * English wrapped to two lines downwards, the second line ran onto the floor, where cream does not
 * read, and the whole block got a heavy black halo the original never had.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TranslatedBlock } from '@chuhai/contract';
import sharp from 'sharp';
import { drawTranslation } from '../src/imaging/text/draw-translation.ts';

const WIDTH = 513;
const HEIGHT = 750;
/** Where the pale floor starts under the teal band. */
const FLOOR = 617;

/** The erased poster: a teal band over a pale teal floor from FLOOR down (or teal all the way). */
async function poster(floor: boolean) {
  const pale = await sharp({
    create: { width: WIDTH, height: HEIGHT - FLOOR, channels: 3, background: '#6cacb7' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#46777d' } })
    .composite(floor ? [{ input: pale, left: 0, top: FLOOR }] : [])
    .png()
    .toBuffer();
}

const caption: TranslatedBlock = {
  id: 1,
  source: '0.1元特权礼包+四件套+豪华防水床笠',
  text: '0.1 yuan privilege gift pack + four-piece bedding set + luxury waterproof fitted sheet',
  box: { x: 23, y: 586, width: 310, height: 23 },
  fontSize: 22,
  color: '#e3d3b0',
  bold: true,
  align: 'left',
  hidden: false,
  overflow: false,
};

async function drawnOn(floor: boolean) {
  const result = await drawTranslation(await poster(floor), [caption], 'en');
  const [back] = result.blocks as [TranslatedBlock];
  assert.ok(back.drawn, 'drawn');
  return back;
}

describe('a caption on a band of colour above another surface', () => {
  it('is drawn on its band, in its own colour without a halo', async () => {
    const back = await drawnOn(true);
    const bottom = (back.drawn?.y ?? 0) + (back.drawn?.height ?? 0);
    assert.ok(bottom <= FLOOR + 2, `drawn down to y ${bottom}, the floor starts at ${FLOOR}`);
    assert.equal(back.outline, null, `outline ${JSON.stringify(back.outline)}`);
    assert.equal(back.overflow, false);
  });

  it('with the same colour running on under it, still grows downwards as before', async () => {
    const back = await drawnOn(false);
    const bottom = (back.drawn?.y ?? 0) + (back.drawn?.height ?? 0);
    assert.ok(bottom > FLOOR + 2, `drawn down to y ${bottom}: the room below was taken away`);
    assert.equal(back.outline, null);
  });
});
