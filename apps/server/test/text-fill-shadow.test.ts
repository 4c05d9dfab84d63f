/**
 * 图片翻译 on a 3D headline with a drop shadow (alimama valid-1's 「限量追加20名」, issue 51: 「ghosts
 * must be gone」). Cream letters set tight on a teal band, each with a dark shadow a few pixels
 * down and right; the detector's box ends just under the letters, so the shadow's lower edge lies
 * a pixel or two past it. Under a long horizontal stroke that edge is a straight dark run as long
 * as the line is high, and it was kept as a frame line drawn on the fill (the price box's rule,
 * text-fill-frame): a thin dark line stayed on the teal between the headline's two lines.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import type { TextBox } from '../src/imaging/ocr/index.ts';
import { eraseBlocks } from '../src/imaging/text/erase-blocks.ts';
import { type Writing, writeChinese } from './fakes/chinese-text.ts';
import { inkBounds, oneLineBlock, pixelDistance, rgbPixels } from './fakes/written-scenes.ts';

const W = 260;
const H = 130;
const TEAL = '#467884';
const CREAM = '#fbf6e0';
/** A soft shadow: within the fill's colour tolerance of the teal (32 off), though well off its noise. */
const SHADOW = '#36656f';
const SIZE = 60;
/** How far down and right the shadow lies under the letters. */
const OFFSET = 6;
/**
 * 「三三」 set tight as the poster's headline is: their bottom strokes run into one, so the shadow's
 * lower edge under them is a straight run longer than the line is high, as under valid-1's 「限量」.
 */
const LETTERS: Writing[] = ['三', '三'].map((text, n) => ({
  text,
  left: 40 + n * Math.round(SIZE * 0.85),
  top: 30,
  size: SIZE,
  color: CREAM,
}));
const SHADOWS = LETTERS.map((w) => ({ ...w, left: w.left + OFFSET, top: w.top + OFFSET, color: SHADOW }));
/** The band with the headline (shadows first, letters on top), or without it, saved as a JPEG. */
async function scene(headline: boolean) {
  const band = await sharp({ create: { width: W, height: H, channels: 3, background: TEAL } })
    .png()
    .toBuffer();
  const png = headline ? await writeChinese(sharp(band), [...SHADOWS, ...LETTERS]) : band;
  return rgbPixels(await sharp(png).jpeg({ quality: 85 }).toBuffer());
}

/** The detector's box as on valid-1: padded round the letters, its bottom 4 px under them. */
async function detectedBox(): Promise<TextBox> {
  const { x0, y0, x1, y1 } = await inkBounds(LETTERS, W, H);
  return { x: x0 - 8, y: y0 - 8, width: x1 - x0 + 16, height: y1 + 4 - (y0 - 8) };
}

describe('图片翻译 · a headline with a drop shadow on a flat band', async () => {
  const [written, clean, box] = await Promise.all([scene(true), scene(false), detectedBox()]);
  const { data: erased } = await eraseBlocks({
    image: { data: new Uint8Array(written.data), width: W, height: H },
    blocks: [oneLineBlock('三三', box)],
    translations: ['On top'],
    kept: [],
  });
  const bottom = box.y + box.height;

  it('takes the shadow past the box with the letters: no dark line is left under them', () => {
    let dark = 0;
    for (let y = bottom; y < bottom + OFFSET + 3; y++)
      for (let x = box.x; x < box.x + box.width + OFFSET; x++)
        if (pixelDistance(erased, clean.data, (y * W + x) * 3) > 16) dark += 1;
    assert.equal(dark, 0, `${dark} pixels of the shadow are left under the box`);
  });

  it('leaves the band flat where the headline was', () => {
    let off = 0;
    let all = 0;
    for (let y = box.y; y < bottom + OFFSET + 3; y++)
      for (let x = box.x; x < box.x + box.width + OFFSET; x++) {
        all += 1;
        off += pixelDistance(erased, clean.data, (y * W + x) * 3);
      }
    assert.ok(off / all < 4, `the band is ${(off / all).toFixed(1)} off its teal on average`);
  });
});
