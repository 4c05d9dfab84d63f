/**
 * A translation in a speech bubble whose words were slanted (alimama's train-8: 「冬季加绒」 across
 * a white bubble with a black rim). The OCR's upright box of a slanted line (118 × 71) is much
 * taller than its letters, and the size read from it (52 px) could not shrink far enough: the
 * English ran past the bubble's sides and bottom.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TranslatedBlock } from '@chuhai/contract';
import sharp from 'sharp';
import { drawTranslation } from '../src/imaging/text/draw-translation.ts';

const WIDTH = 300;
const HEIGHT = 300;
const BUBBLE = { cx: 92, cy: 203, rx: 50, ry: 30 };
const inBubble = (x: number, y: number) =>
  ((x + 0.5 - BUBBLE.cx) / BUBBLE.rx) ** 2 + ((y + 0.5 - BUBBLE.cy) / BUBBLE.ry) ** 2 <= 1;

describe('a translation in a speech bubble of slanted words', () => {
  it('fits inside the bubble', async () => {
    const png = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
          <rect width="${WIDTH}" height="${HEIGHT}" fill="#c8c6c2"/>
          <ellipse cx="${BUBBLE.cx}" cy="${BUBBLE.cy}" rx="${BUBBLE.rx - 1.5}" ry="${BUBBLE.ry - 1.5}"
            fill="#ffffff" stroke="#111111" stroke-width="3"/>
        </svg>`,
      ),
    )
      .png()
      .toBuffer();
    const line: TranslatedBlock = {
      id: 1,
      source: '冬季加绒',
      text: 'official design premium',
      box: { x: 34, y: 171, width: 118, height: 71 },
      fontSize: 52,
      color: '#1a1a1a',
      bold: false,
      align: 'left',
      hidden: false,
      overflow: false,
    };
    const drawn = await drawTranslation(png, [line], 'en');
    assert.equal(drawn.blocks[0]?.overflow, false, 'fits');
    const { data } = await sharp(drawn.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const { data: before } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let [on, off] = [0, 0];
    for (let y = 0; y < HEIGHT; y++)
      for (let x = 0; x < WIDTH; x++) {
        const i = (y * WIDTH + x) * 3;
        if (Math.abs((data[i] as number) - (before[i] as number)) <= 60) continue;
        if (inBubble(x, y)) on++;
        else off++;
      }
    assert.ok(on > 200, `${on} pixels of letters in the bubble`);
    assert.equal(off, 0, 'pixels of letters off the bubble');
  });
});
