/**
 * 图片翻译 on a coupon standing behind the products (alimama valid-1, the mattress poster, issue 51):
 * a tilted yellow ¥500 coupon whose blue 「优惠券」 is partly hidden by a black-framed box and a white
 * one in front of it. The detector's box of the line covers the products' corner too. Before, the
 * coupon held too little of that box to be taken for the line's label, and the ink reading took
 * the black frame for the letters: the frame was inpainted into a smear, the blue letters stayed,
 * and the translation was drawn dark. Now the letters are told by their own colour inside the
 * coupon and refilled with its yellow, the products are left as they are, and the translation
 * takes the letters' blue.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import type { TextBox } from '../src/imaging/ocr/index.ts';
import { eraseBlocks } from '../src/imaging/text/erase-blocks.ts';
import { type Writing, writeChinese } from './fakes/chinese-text.ts';
import { inkBounds, oneLineBlock, rgbPixels } from './fakes/written-scenes.ts';

const W = 160;
const H = 130;
const PAGE = '#40707c';
const BLUE = '#2a4f9c';
/** The coupon, shaded from pale to deep yellow and turned a few degrees about its middle, as valid-1's. */
const COUPON = { x: 42, y: 20, width: 96, height: 92, turn: -8 };
/** The black-framed box in front of the coupon, running out of the picture at the left and bottom. */
const FRAMED = { x: -10, y: 87, width: 86, height: 60, frame: 4 };
/** The white box beside it. */
const WHITE = { x: 75, y: 92, width: 22, height: 50 };

const COUPON_TEXT: Writing = { text: '-优惠券-', left: 46, top: 72, size: 18, color: BLUE, bold: false };

const couponSvg = () => {
  const { x, y, width, height, turn } = COUPON;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
      '<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">' +
      '<stop offset="0" stop-color="#fff3bd"/><stop offset="1" stop-color="#fcdc78"/></linearGradient></defs>' +
      `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="3" fill="url(#g)" ` +
      `transform="rotate(${turn} ${x + width / 2} ${y + height / 2})"/></svg>`,
  );
};

const productsSvg = () => {
  const f = FRAMED;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
      `<rect x="${f.x + f.frame / 2}" y="${f.y + f.frame / 2}" width="${f.width - f.frame}" ` +
      `height="${f.height - f.frame}" rx="6" fill="#cfe3e6" stroke="#141414" stroke-width="${f.frame}"/>` +
      `<rect x="${WHITE.x}" y="${WHITE.y}" width="${WHITE.width}" height="${WHITE.height}" fill="#f6f6f4"/></svg>`,
  );
};

/** The poster: the coupon on the page, its words, and the products in front of both, as a JPEG. */
async function scene(words: boolean) {
  const coupon = await sharp({ create: { width: W, height: H, channels: 3, background: PAGE } })
    .composite([{ input: couponSvg() }])
    .png()
    .toBuffer();
  const written = words ? await writeChinese(sharp(coupon), [COUPON_TEXT]) : coupon;
  const poster = await sharp(written)
    .composite([{ input: productsSvg() }])
    .jpeg({ quality: 85, chromaSubsampling: '4:4:4' })
    .toBuffer();
  return rgbPixels(poster);
}

/** The line's box as the detector gave it on valid-1: the letters padded, over the products' corner. */
async function detectedBox(): Promise<TextBox> {
  const { x0, y0, x1 } = await inkBounds([COUPON_TEXT], W, H);
  return { x: x0 - 2, y: y0 - 6, width: x1 - x0 + 4, height: 42 };
}

const inFront = (x: number, y: number) =>
  (x < FRAMED.x + FRAMED.width && y >= FRAMED.y) ||
  (x >= WHITE.x && x < WHITE.x + WHITE.width && y >= WHITE.y);
/** A pixel of the products as drawn: the black frame, or the pale box and the white one. */
const isProduct = (data: Uint8Array, i: number) => {
  const [r, g, b] = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
  return Math.max(r, g, b) < 70 || (g > 215 && b > 215);
};
const isBlue = (data: Uint8Array, i: number) =>
  (data[i + 2] as number) > (data[i] as number) + 60 &&
  (data[i + 2] as number) > (data[i + 1] as number) + 30;

describe('图片翻译 · a coupon behind the products in front of it', async () => {
  const [written, clean, box] = await Promise.all([scene(true), scene(false), detectedBox()]);
  const { data: erased, layers } = await eraseBlocks({
    image: { data: new Uint8Array(written.data), width: W, height: H },
    blocks: [oneLineBlock(COUPON_TEXT.text, box)],
    translations: ['coupon'],
    kept: [],
  });

  it('refills the letters with the coupon’s yellow: hardly any blue is left on it', () => {
    let [before, after] = [0, 0];
    for (let y = box.y - 4; y < box.y + box.height + 4; y++)
      for (let x = box.x - 4; x < box.x + box.width + 4; x++) {
        if (inFront(x, y)) continue;
        if (isBlue(written.data, (y * W + x) * 3)) before += 1;
        if (isBlue(erased, (y * W + x) * 3)) after += 1;
      }
    // A few anti-aliased pixels where the letters meet the products stay.
    assert.ok(
      after <= before * 0.05,
      `${after} of the ${before} blue pixels of 「优惠券」 are left on the coupon`,
    );
  });

  it('leaves the products in front of the coupon as they were', () => {
    let changed = 0;
    let all = 0;
    for (let y = box.y; y < box.y + box.height + 6; y++)
      for (let x = box.x - 4; x < box.x + box.width + 4; x++) {
        const i = (y * W + x) * 3;
        if (!inFront(x, y) || !isProduct(clean.data, i)) continue;
        all += 1;
        const off = Math.hypot(
          ...[0, 1, 2].map((c) => (erased[i + c] as number) - (clean.data[i + c] as number)),
        );
        if (off > 40) changed += 1;
      }
    assert.ok(all > 200, `${all} pixels of the products lie by the line`);
    assert.ok(changed <= all * 0.01, `${changed} of ${all} pixels of the products by the line changed`);
  });

  it('draws the translation in the letters’ blue, not the black frame’s', () => {
    const color = layers[0]?.color ?? '';
    const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(color.slice(at, at + 2), 16)) as [
      number,
      number,
      number,
    ];
    assert.ok(b > r + 60 && b > g + 30, `drawn ${color}, the letters are ${BLUE}`);
  });
});
