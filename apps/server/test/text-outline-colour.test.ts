/**
 * 图片翻译 on words in a thick outline of their own, on a page (alimama valid-2's orange
 * 「对不起豆浆机 / 降价了!!」 in white on beige, issue 51): the translation is drawn in the words'
 * orange with their white outline, and the outline goes with the words when they are erased.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import type { TextBox } from '../src/imaging/ocr/index.ts';
import { drawTranslation } from '../src/imaging/text/draw-translation.ts';
import { eraseBlocks } from '../src/imaging/text/erase-blocks.ts';
import { type Writing, writeChinese } from './fakes/chinese-text.ts';
import { rgbPixels } from './fakes/written-scenes.ts';

const W = 460;
const H = 240;
/** A beige a little darker than valid-2's: the orange reads on it at 1.7:1 by luminance alone. */
const PAGE_FROM = '#dbbaa6';
const PAGE_TO = '#cda891';
const ORANGE = '#ff5014';
/** Off the page by more than this (RGB distance) is more than the JPEG's noise on it. */
const OFF_PAGE = 20;
const OUTLINE = { color: '#ffffff', width: 6 };
/** The two lines of valid-2, apart. */
const LINES: Writing[] = [
  { text: '对不起豆浆机', left: 30, top: 30, size: 56, color: ORANGE, outline: OUTLINE },
  { text: '降价了', left: 160, top: 104, size: 64, color: ORANGE, outline: OUTLINE },
];
/** The first at the picture's top: its outline runs up to the edge. */
const AT_TOP: Writing[] = [
  { ...(LINES[0] as Writing), top: 6 },
  { ...(LINES[1] as Writing), top: 90 },
];

/** The line's box as the detector gives it on valid-2: from a pixel above and left of the letters to their outline below and right. */
async function detectedBox(line: Writing): Promise<TextBox> {
  const black = sharp({ create: { width: W, height: H, channels: 3, background: '#000' } });
  const { outline: _, ...letters } = line;
  const glyphs = await rgbPixels(await writeChinese(black, [{ ...letters, color: '#ffffff' }]));
  let [x0, y0, x1, y1] = [W, H, 0, 0];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if ((glyphs.data[(y * W + x) * 3] as number) > 100)
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  return { x: x0 - 1, y: y0 - 1, width: x1 - x0 + 10, height: y1 - y0 + 10 };
}

/** valid-2's page: beige, shading darker towards the lower right. */
const page = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="p" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${PAGE_FROM}"/><stop offset="1" stop-color="${PAGE_TO}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#p)"/></svg>`,
    ),
  );

/** The lines written on the page as a JPEG, and erased as 图片翻译 erases them. */
async function erased(lines: Writing[]) {
  const jpeg = await sharp(await writeChinese(page(), lines))
    .jpeg({ quality: 85 })
    .toBuffer();
  const written = await rgbPixels(jpeg);
  const boxes = await Promise.all(lines.map(detectedBox));
  const result = await eraseBlocks({
    image: { data: new Uint8Array(written.data), width: W, height: H },
    blocks: lines.map((line, n) => {
      const box = boxes[n] as TextBox;
      const lines = [{ text: line.text, box, score: 0.95 }];
      return { lines, box, text: line.text, align: 'left' as const, lineHeight: box.height };
    }),
    translations: ['Sorry', 'Price cut'],
    kept: [],
    target: 'en',
  });
  return { result };
}

const rgbOf = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
const isOrange = ([r, g, b]: number[]) => (r as number) > 200 && (g as number) < 130 && (b as number) < 80;
const isWhite = (rgb: number[]) => rgb.every((v) => v > 235);

describe('图片翻译 · orange words in a white outline on a beige page', () => {
  it('are drawn back orange in a white outline', async () => {
    const { result } = await erased(LINES);
    for (const layer of result.layers) {
      assert.ok(isOrange(rgbOf(layer.color)), `「${layer.source}」 drawn in ${layer.color}`);
      assert.ok(
        layer.outline && isWhite(rgbOf(layer.outline.color)),
        `outline ${JSON.stringify(layer.outline)}`,
      );
    }
    // And so the drawing has them: orange letters, none of them black.
    const background = await sharp(Buffer.from(result.data), { raw: { width: W, height: H, channels: 3 } })
      .png()
      .toBuffer();
    const blocks = result.layers.map((layer, id) => ({ ...layer, id }));
    const drawn = await rgbPixels((await drawTranslation(background, blocks, 'en')).png);
    let orange = 0;
    let dark = 0;
    for (let i = 0; i < W * H * 3; i += 3) {
      const rgb = [drawn.data[i], drawn.data[i + 1], drawn.data[i + 2]] as number[];
      if (isOrange(rgb)) orange += 1;
      if (rgb.every((v) => v < 80)) dark += 1;
    }
    assert.ok(orange > 500, `${orange} orange pixels drawn`);
    assert.equal(dark, 0, 'dark pixels drawn');
  });

  it('lose their outline with them: the page comes back as it was', async () => {
    const { result } = await erased(AT_TOP);
    const { data } = await rgbPixels(await page().png().toBuffer());
    let off = 0;
    let worst = 0;
    for (let i = 0; i < W * H * 3; i += 3) {
      const d = Math.hypot(...[0, 1, 2].map((c) => (result.data[i + c] as number) - (data[i + c] as number)));
      if (d > OFF_PAGE) off += 1;
      worst = Math.max(worst, d);
    }
    assert.equal(off, 0, `${off} pixels off the page (at worst ${worst.toFixed(0)}): the outline's rim left`);
  });
});
