/**
 * 图片翻译 · the translation of a line that stood half beside a pill and half in it: 「仅 398」 on a
 * Tmall bicycle poster (alimama's train-10), white 仅 on a dark bar, red 398 on a white pill. The
 * erase refills each piece on its own fill (text-pill-split); the translation was then drawn across
 * the whole line, one red line starting on the dark bar and running over the pill's round end
 * mid-word. It goes inside the pill when it fits there, as a seller's price pill reads: 「Only 398」.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TranslatedBlock } from '@chuhai/contract';
import sharp from 'sharp';
import { drawTranslation } from '../src/imaging/text/draw-translation.ts';
import { BAR, barAndPillSvg, PILL } from './fakes/bar-and-pill.ts';
import { flatShapesPng } from './fakes/flat-shapes.ts';
import { offColour } from './fakes/written-scenes.ts';

/** The line's box as read: from 仅 on the bar to 398's end, inside the pill. */
const LINE = { x: 258, y: 262, width: 264, height: 68 };

/** The erased poster: the bar and the pill, the words gone. */
const erased = () => sharp(barAndPillSvg()).png().toBuffer();

const block = (text: string): TranslatedBlock => ({
  id: 1,
  source: '仅 398',
  text,
  box: LINE,
  fontSize: 50,
  color: '#ee0000',
  bold: true,
  align: 'left',
  hidden: false,
  overflow: false,
});

describe('图片翻译 · a line half beside a pill and half in it', () => {
  it('draws its translation inside the pill, off its round ends, and nothing on the bar beside it', async () => {
    const result = await drawTranslation(await erased(), [block('Only 398')], 'en');
    const [drawn] = result.blocks as [TranslatedBlock];
    assert.ok(drawn.drawn && !drawn.overflow, JSON.stringify(drawn));
    const { x, width } = drawn.drawn;
    assert.ok(
      x >= PILL.x + PILL.radius / 2 && x + width <= PILL.x + PILL.width - PILL.radius / 2,
      `drawn ${x}–${x + width} on the pill ${PILL.x}–${PILL.x + PILL.width}`,
    );
    const bar = { x: LINE.x, y: LINE.y, width: PILL.x - LINE.x - 2, height: LINE.height };
    assert.equal(await offColour(result.png, bar, BAR), 0, 'the bar beside the pill stays bare');
    // Large enough to read as the price it replaces: at least half the size read.
    assert.ok(drawn.fontSize >= 25, `${drawn.fontSize} px`);
  });

  it('does not shrink one too long for the pill below half its size: drawn on the whole line, flagged', async () => {
    const result = await drawTranslation(await erased(), [block('Only today, the special price 398')], 'en');
    const [drawn] = result.blocks as [TranslatedBlock];
    assert.ok(drawn.drawn && drawn.drawn.x < PILL.x, JSON.stringify(drawn.drawn));
    assert.ok(drawn.fontSize >= 25 && drawn.overflow, `${drawn.fontSize} px, overflow ${drawn.overflow}`);
  });

  it('keeps a headline across the edge of two large fills on its whole line: no pill there', async () => {
    // train-0: white 「2021热销 10代强芯轻薄本」 across a red photo and dark metal, on purpose.
    const halves = await flatShapesPng(640, 480, '#c8322d', [{ x: 250, fill: '#2b2c30' }]);
    const headline = {
      ...block('2021 hot sale'),
      source: '2021热销',
      box: { x: 180, y: 100, width: 260, height: 40 },
    };
    const result = await drawTranslation(halves, [{ ...headline, color: '#ffffff', fontSize: 32 }], 'en');
    const [drawn] = result.blocks as [TranslatedBlock];
    assert.ok(drawn.drawn && drawn.drawn.x < 250, JSON.stringify(drawn.drawn));
    assert.equal(drawn.fontSize, 32);
  });
});
