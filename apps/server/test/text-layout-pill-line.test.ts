/**
 * A translation on a wide pill button (alimama valid-1, the mattress poster: 「立即抢购」 on a cream
 * button 124 × 32, issue 51). The three-word English does not fit the button at three quarters of
 * the original's size, and was wrapped into two 10 px lines where the original is one large line.
 * A pill holds one line: condensed if need be, as long as that is no smaller than the wrapped lines.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TranslatedBlock } from '@chuhai/contract';
import sharp from 'sharp';
import { drawTranslation } from '../src/imaging/text/draw-translation.ts';
import { flatShapesPng } from './fakes/flat-shapes.ts';

const WIDTH = 200;
const HEIGHT = 80;
const BUTTON = { x: 26, y: 25, width: 124, height: 32 };
/** The detector's box of 「立即抢购」 on valid-1, moved with the button. */
const LINE = { x: 41, y: 28, width: 99, height: 29 };

const poster = () => flatShapesPng(WIDTH, HEIGHT, '#6aaab5', [{ ...BUTTON, rx: 16, fill: '#f3e3c0' }]);

const button: TranslatedBlock = {
  id: 1,
  source: '立即抢购',
  text: 'bright style comfort',
  box: LINE,
  fontSize: Math.round(LINE.height * 0.72),
  color: '#403d3f',
  bold: false,
  align: 'center',
  hidden: false,
  overflow: false,
};

describe('a translation on a wide pill button', () => {
  it('is drawn on one line inside the button, larger than two wrapped lines', async () => {
    const drawn = await drawTranslation(await poster(), [button], 'en');
    const { data } = await sharp(drawn.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const inked: number[] = [];
    let off = 0;
    for (let y = 0; y < HEIGHT; y++)
      for (let x = 0; x < WIDTH; x++) {
        const at = (y * WIDTH + x) * 3;
        // The letters' grey, not the teal page nor the cream button.
        if (Math.max(data[at] as number, data[at + 1] as number, data[at + 2] as number) >= 120) continue;
        const onButton =
          x >= BUTTON.x && x < BUTTON.x + BUTTON.width && y >= BUTTON.y && y < BUTTON.y + BUTTON.height;
        if (!onButton) off++;
        if (!inked.includes(y)) inked.push(y);
      }
    assert.equal(off, 0, 'dark pixels off the button');
    // One line: no blank band between two lines (a descender's faint tail may leave a row).
    const rows = inked.sort((a, b) => a - b);
    const widestGap = Math.max(0, ...rows.slice(1).map((y, n) => y - (rows[n] as number) - 1));
    assert.ok(widestGap <= 1, `ink on rows ${rows.join(',')}`);
    const size = drawn.blocks[0]?.fontSize ?? 0;
    assert.ok(size >= 12, `drawn at ${size} px`);
    assert.equal(drawn.blocks[0]?.overflow, false);
  });
});
