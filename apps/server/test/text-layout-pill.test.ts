/**
 * A translation on a white pill that lies across a white stripe of the page (alimama's train-7:
 * 「男童加绒运动鞋」 on a white pill over a yellow and white poster). Read at the line's middle, the
 * pill ran on along the stripe to twice its height, so it was taken for a panel: the two-line
 * English ran past the pill's bottom and end, and the headline above wrapped onto the pill.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TranslatedBlock } from '@chuhai/contract';
import sharp from 'sharp';
import { drawTranslation } from '../src/imaging/text/draw-translation.ts';
import { labelOutline } from '../src/imaging/text/label.ts';
import { flatShapesPng } from './fakes/flat-shapes.ts';

const PILL = { x: 116, y: 212, width: 284, height: 46 };
const STRIPE = { x: 250, width: 50 };
const WIDTH = 513;
const HEIGHT = 400;

/** Whether (x, y) is on the pill: a rectangle with round ends. */
function onPill(x: number, y: number) {
  const radius = PILL.height / 2;
  if (y < PILL.y || y >= PILL.y + PILL.height) return false;
  const cx = Math.min(Math.max(x, PILL.x + radius), PILL.x + PILL.width - radius);
  return Math.hypot(x - cx, y + 0.5 - (PILL.y + radius)) <= radius;
}

/** Yellow page, a white stripe down it, a white pill (round ends) across the stripe. */
function poster() {
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const white = onPill(x, y) || (x >= STRIPE.x && x < STRIPE.x + STRIPE.width);
      data.set(white ? [250, 249, 249] : [244, 214, 96], (y * WIDTH + x) * 3);
    }
  return { data, width: WIDTH, height: HEIGHT };
}

const block = (id: number, text: string, box: TranslatedBlock['box']): TranslatedBlock => ({
  id,
  source: '男童加绒运动鞋',
  text,
  box,
  fontSize: Math.round(box.height * 0.72),
  color: '#1f1f1f',
  bold: false,
  align: 'center',
  hidden: false,
  overflow: false,
});

describe('a translation on a pill across a stripe of its colour', () => {
  const line = { x: 140, y: 220, width: 248, height: 35 };

  it('finds the pill, not the stripe', () => {
    const pill = labelOutline(poster(), line);
    assert.ok(pill, 'a label');
    assert.ok(pill.y >= PILL.y - 1 && pill.y + pill.height <= PILL.y + PILL.height + 1, JSON.stringify(pill));
  });

  it('draws a long translation inside the pill, centred on it, and the headline above stays off it', async () => {
    const picture = poster();
    const png = await sharp(picture.data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .png()
      .toBuffer();
    const drawn = await drawTranslation(
      png,
      [
        block(1, 'premium bright 198 classic 30', { x: 27, y: 129, width: 464, height: 74 }),
        { ...block(2, 'strong official premium safe comfort', line), align: 'left' },
      ],
      'en',
    );
    // Every letter from just above the pill down is on the pill: the pill's translation stays in
    // it, and the headline's second line stays above it.
    const { data } = await sharp(drawn.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let [on, off] = [0, 0];
    // The ink of the lower half of the pill: the translation's second line.
    let [from, to] = [WIDTH, 0];
    for (let y = PILL.y - 4; y < HEIGHT; y++)
      for (let x = 0; x < WIDTH; x++) {
        if ((data[(y * WIDTH + x) * 3] as number) >= 128) continue;
        if (!onPill(x, y)) off++;
        else on++;
        if (y > PILL.y + PILL.height / 2 + 2) [from, to] = [Math.min(from, x), Math.max(to, x)];
      }
    assert.ok(on > 200, `${on} dark pixels on the pill`);
    assert.equal(off, 0, 'dark pixels off the pill');
    // Read as left-aligned (it lines up with another block), the line was centred on its pill: so
    // is its translation, its shorter second line too.
    assert.equal(drawn.blocks[1]?.align, 'center');
    const middle = (from + to) / 2;
    assert.ok(Math.abs(middle - (PILL.x + PILL.width / 2)) <= 8, `second line around ${middle}`);
  });
});

describe('a translation on a pill shorter than its line’s box', () => {
  // alimama's train-0: 「点击抢购」 on a crimson pill 31 px tall; the OCR's box is 34 px. Given the
  // box's height, the translation took two lines and ran over the pill's top and bottom.
  const pill = { x: 341, y: 224, width: 136, height: 31 };
  const inPill = (x: number, y: number) =>
    x >= pill.x && x < pill.x + pill.width && y >= pill.y && y < pill.y + pill.height;

  it('stays within the pill', async () => {
    const png = await flatShapesPng(WIDTH, HEIGHT, '#2a2b30', [{ ...pill, rx: 15, fill: '#95142d' }]);
    const drawn = await drawTranslation(
      png,
      [{ ...block(1, 'safe soft comfort', { x: 352, y: 223, width: 119, height: 34 }), color: '#ffffff' }],
      'en',
    );
    const { data } = await sharp(drawn.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let [on, off] = [0, 0];
    for (let y = 0; y < HEIGHT; y++)
      for (let x = 0; x < WIDTH; x++)
        if ((data[(y * WIDTH + x) * 3 + 1] as number) > 128) inPill(x, y) ? on++ : off++;
    assert.ok(on > 100, `${on} white pixels on the pill`);
    assert.equal(off, 0, 'white pixels off the pill');
  });
});
