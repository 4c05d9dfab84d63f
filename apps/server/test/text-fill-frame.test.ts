/**
 * 图片翻译 on a price box with a thin dark frame (CnOCR's taobao4 dress ad, issue 51: 「the price
 * box loses its dark frame」). The box is red, its top and left edges a 1 px line of a deeper red
 * that lies within the fill's tolerance; the detector's box of the big white price reaches up to
 * that line. The price is refilled with the box's red and the frame stays. Before, the letters'
 * JPEG ringing was followed out into the frame and along it, and the frame was painted red.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import type { TextBox } from '../src/imaging/ocr/index.ts';
import { eraseBlocks } from '../src/imaging/text/erase-blocks.ts';
import { type Writing, writeChinese } from './fakes/chinese-text.ts';
import { inkBounds, oneLineBlock, pixelDistance, rgbPixels } from './fakes/written-scenes.ts';

const W = 300;
const H = 160;
const PAGE = '#c8946f';
const RED = '#c71f0c';
const FRAME = '#c40001';
/** The red box and its frame: its top row and left column. */
const BOX = { x: 40, y: 30, width: 210, height: 90 };

/** White, outlined in the frame's deep red as taobao4's price is. */
const PRICE: Writing = {
  text: '168元',
  left: BOX.x + 22,
  top: BOX.y + 3,
  size: 56,
  color: '#ffffff',
  outline: { color: FRAME, width: 1 },
};

const boxSvg = () =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
      `<rect x="${BOX.x}" y="${BOX.y}" width="${BOX.width}" height="${BOX.height}" fill="${RED}"/>` +
      `<rect x="${BOX.x}" y="${BOX.y}" width="${BOX.width}" height="1" fill="${FRAME}"/>` +
      `<rect x="${BOX.x}" y="${BOX.y}" width="1" height="${BOX.height}" fill="${FRAME}"/></svg>`,
  );

/**
 * The price box on the page, with or without its price, saved as a JPEG as the seller's was: with
 * full-size colour, which keeps the 1 px line as taobao4 has it (33 off the red, within the fill's
 * tolerance; halved colour smears it 40 off).
 */
async function scene(price: boolean) {
  const page = await sharp({ create: { width: W, height: H, channels: 3, background: PAGE } })
    .composite([{ input: boxSvg() }])
    .png()
    .toBuffer();
  const png = price ? await writeChinese(sharp(page), [PRICE]) : page;
  return rgbPixels(await sharp(png).jpeg({ quality: 75, chromaSubsampling: '4:4:4' }).toBuffer());
}

/** The price's box as CnOCR found it on taobao4: its letters padded, its top on the frame. */
async function detectedBox(): Promise<TextBox> {
  const { x0, x1, y1 } = await inkBounds([PRICE], W, H);
  return { x: x0 - 6, y: BOX.y, width: x1 - x0 + 12, height: y1 + 4 - BOX.y };
}

const hexRgb = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
const nearer = (data: Uint8Array, i: number, a: number[], b: number[]) =>
  Math.hypot(...a.map((v, c) => (data[i + c] as number) - v)) <
  Math.hypot(...b.map((v, c) => (data[i + c] as number) - v));

describe('图片翻译 · a price box with a thin dark frame', async () => {
  const [written, clean, box] = await Promise.all([scene(true), scene(false), detectedBox()]);
  const block = oneLineBlock(PRICE.text, box);
  const { data: erased, layers } = await eraseBlocks({
    image: { data: new Uint8Array(written.data), width: W, height: H },
    blocks: [block],
    translations: ['168 yuan'],
    kept: [],
  });
  const [frame, red] = [hexRgb(FRAME), hexRgb(RED)];

  it('keeps the frame line along the top of the box, where the price’s box reaches it', () => {
    let kept = 0;
    let all = 0;
    for (let x = BOX.x + 2; x < BOX.x + BOX.width - 2; x++) {
      all += 1;
      if (nearer(erased, (BOX.y * W + x) * 3, frame, red)) kept += 1;
    }
    assert.ok(kept / all > 0.95, `${((100 * kept) / all).toFixed(0)}% of the top frame line is left`);
  });

  it('keeps the frame line down the left of the box', () => {
    let kept = 0;
    for (let y = BOX.y + 1; y < BOX.y + BOX.height - 1; y++)
      if (nearer(erased, (y * W + BOX.x) * 3, frame, red)) kept += 1;
    assert.ok(kept / (BOX.height - 2) > 0.95, `${kept} of ${BOX.height - 2} left frame pixels are left`);
  });

  it('does not count the frame it keeps as the price’s strokes left', () => {
    assert.equal(layers[0]?.strokesLeft, undefined, JSON.stringify(layers[0]?.strokesLeft));
  });

  it('refills the price with the box’s red, its JPEG ringing with it', () => {
    let off = 0;
    let all = 0;
    let white = 0;
    for (let y = BOX.y + 2; y < BOX.y + BOX.height - 2; y++)
      for (let x = BOX.x + 2; x < BOX.x + BOX.width - 2; x++) {
        const i = (y * W + x) * 3;
        all += 1;
        off += pixelDistance(erased, clean.data, i);
        if ((erased[i + 1] as number) > 120) white += 1;
      }
    assert.equal(white, 0, `${white} pixels of the price are left`);
    assert.ok(off / all < 6, `the box is ${(off / all).toFixed(1)} off its red without the price`);
  });
});
