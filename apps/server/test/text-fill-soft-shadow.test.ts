/**
 * 图片翻译 on a line with a soft drop shadow (alimama valid-0's shop name 「潭酒官方旗舰店」, issue 51):
 * cream letters on a purple page, their shadow a blurred band a few pixels under them, fading out
 * over several rows. Its far edge is a long smooth dark run just past the detector's box, taken for
 * a frame line drawn on the page (text-fill-frame); under the gaps between the letters' bottom
 * strokes it lies too far from them for the shadow rule of a hard shadow (text-fill-shadow): a
 * faint dark line stayed where the name had been.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import type { TextBox } from '../src/imaging/ocr/index.ts';
import { eraseBlocks } from '../src/imaging/text/erase-blocks.ts';
import { type Writing, writeChinese } from './fakes/chinese-text.ts';
import { inkBounds, oneLineBlock, pixelDistance, rgbPixels } from './fakes/written-scenes.ts';

const W = 300;
const H = 110;
const PURPLE = '#8559b2';
const CREAM = '#f4e3d0';
const SHADOW = '#5a3a90';
const SIZE = 30;
/** How far down the shadow lies, and how soft it is (its blur's sigma). */
const DROP = 6;
const SOFT = 3;
const LETTERS: Writing[] = [{ text: '正品直营店', left: 50, top: 30, size: SIZE, color: CREAM, bold: false }];
const SHADOWS: Writing[] = LETTERS.map((w) => ({ ...w, top: w.top + DROP, color: SHADOW }));

/**
 * The page with the shop name (its shadow, the letters blurred, then the letters on top), or
 * without it, saved as a JPEG.
 */
async function scene(name: boolean) {
  const page = await sharp({ create: { width: W, height: H, channels: 3, background: PURPLE } })
    .png()
    .toBuffer();
  if (!name) return rgbPixels(await sharp(page).jpeg({ quality: 90 }).toBuffer());
  const shadow = await sharp(await writeChinese(sharp(page), SHADOWS))
    .blur(SOFT)
    .png()
    .toBuffer();
  const png = await writeChinese(sharp(shadow), LETTERS);
  return rgbPixels(await sharp(png).jpeg({ quality: 90 }).toBuffer());
}

/** The detector's box as on valid-0: padded round the letters, its bottom 4 px under them. */
async function detectedBox(): Promise<TextBox> {
  const { x0, y0, x1, y1 } = await inkBounds(LETTERS, W, H);
  return { x: x0 - 6, y: y0 - 6, width: x1 - x0 + 12, height: y1 + 4 - (y0 - 6) };
}

describe('图片翻译 · a line with a soft drop shadow on a flat page', async () => {
  const [written, clean, box] = await Promise.all([scene(true), scene(false), detectedBox()]);
  const { data: erased } = await eraseBlocks({
    image: { data: new Uint8Array(written.data), width: W, height: H },
    blocks: [oneLineBlock('正品直营店', box)],
    translations: ['Official store'],
    kept: [],
  });
  const bottom = box.y + box.height;

  it('takes the shadow’s far edge with the letters: no line is left under the box', () => {
    let left = 0;
    for (let y = bottom; y < bottom + DROP + 3 * SOFT; y++)
      for (let x = box.x; x < box.x + box.width; x++)
        if (pixelDistance(erased, clean.data, (y * W + x) * 3) > 16) left += 1;
    assert.equal(left, 0, `${left} pixels of the shadow are left under the box`);
  });
});
