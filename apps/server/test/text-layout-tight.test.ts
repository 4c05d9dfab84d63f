/**
 * Lines set tight above each other in one centred column (taobao4's right side: 「原版正品」 in a
 * white box, 「今日活动价」 on a price box, 「收藏或关注本店」 over 「赠送现金券」 on a banner, each line a
 * few pixels from the next). Every translation there was drawn at 9 px: the room of a line was cut
 * a margin above the next line even inside its own box, and lines of different colours were
 * chained into one list, all drawn at the size of the one that overflowed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TranslatedBlock } from '@chuhai/contract';
import { drawTranslation } from '../src/imaging/text/draw-translation.ts';
import { flatShapesPng } from './fakes/flat-shapes.ts';

const block = (id: number, text: string, box: TranslatedBlock['box'], color: string): TranslatedBlock => ({
  id,
  source: '',
  text,
  box,
  fontSize: Math.round(box.height * 0.72),
  color,
  bold: true,
  align: 'center',
  hidden: false,
  overflow: false,
});

/** A brown page, 400 × 400, with taobao4's red box and the white box inside it. */
const page = () =>
  flatShapesPng(400, 400, '#b07850', [
    { x: 261, y: 157, width: 133, height: 49, fill: '#c61d0c' },
    { x: 291, y: 184, width: 75, height: 19, fill: '#f8f7f8' },
  ]);

describe('lines set tight in one column', () => {
  it('a line with the next one starting just inside its box keeps its own height', async () => {
    const { blocks } = await drawTranslation(
      await page(),
      [
        block(1, 'Follow our shop', { x: 228, y: 302, width: 170, height: 26 }, '#f8f931'),
        block(2, 'Get a coupon', { x: 249, y: 327, width: 136, height: 29 }, '#ffffff'),
      ],
      'en',
    );
    // 19 px to start from: cut to 13 px of room, and one list with the white line, it was drawn at 15.
    assert.ok((blocks[0]?.fontSize ?? 0) >= 17, `${blocks[0]?.fontSize} px`);
  });

  it('a line that overflows does not shrink the lines of other colours above and below it', async () => {
    const { blocks } = await drawTranslation(
      await page(),
      [
        block(1, 'Premium fabric', { x: 272, y: 158, width: 111, height: 24 }, '#ffffff'),
        block(
          2,
          'genuine original authentic guaranteed',
          { x: 295, y: 185, width: 69, height: 21 },
          '#da4441',
        ),
        block(3, 'Today only', { x: 277, y: 263, width: 88, height: 25 }, '#faeb3e'),
      ],
      'en',
    );
    assert.equal(blocks[1]?.overflow, true, 'the long one is flagged');
    assert.ok((blocks[0]?.fontSize ?? 0) >= 13, `white line at ${blocks[0]?.fontSize} px`);
    assert.ok((blocks[2]?.fontSize ?? 0) >= 13, `yellow line at ${blocks[2]?.fontSize} px`);
  });
});
