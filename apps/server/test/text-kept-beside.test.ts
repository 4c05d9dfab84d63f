/**
 * Text kept as it is lying beside a translated line stays as it was. alimama train-3's brand lockup
 * has the Latin wordmark 「MACHENIKE」 (kept: no Chinese) a few pixels over the white 「竞机械师」:
 * the line's box, grown past its strokes, reached the wordmark's lower half, which was marked as
 * the line's white strokes and inpainted into a smudge (issue 51).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import type { TextBox } from '../src/imaging/ocr/index.ts';
import { eraseBlocks } from '../src/imaging/text/erase-blocks.ts';
import { type Writing, writeChinese } from './fakes/chinese-text.ts';
import { inkBounds, oneLineBlock, rgbPixels } from './fakes/written-scenes.ts';

const W = 200;
const H = 90;
const WORDMARK: Writing = { text: 'M A C H E N I K E', left: 40, top: 14, size: 10, color: '#f0f0f0' };
const BRAND: Writing = { text: '竞机械师', left: 40, top: 26, size: 26, color: '#f1f2f4' };

/** The wordmark over the brand line, white on a dark grainy picture (no fill to refill), as a JPEG. */
async function lockup() {
  const grain =
    '<filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.3" numOctaves="2" seed="3"/></filter>' +
    `<rect width="${W}" height="${H}" fill="#0a0515"/><rect width="${W}" height="${H}" filter="url(#n)" opacity="0.25"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${grain}</svg>`;
  return sharp(await writeChinese(sharp(Buffer.from(svg)), [WORDMARK, BRAND]))
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A writing's box as the detector gives it: its ink padded by `pad`. */
async function boxOf(writing: Writing, pad: number): Promise<TextBox> {
  const { x0, y0, x1, y1 } = await inkBounds([writing], W, H);
  return { x: x0 - pad, y: y0 - pad, width: x1 - x0 + 1 + 2 * pad, height: y1 - y0 + 1 + 2 * pad };
}

describe('图片翻译 · a kept wordmark just over a translated line', () => {
  it('keeps its letters: the line is erased, the wordmark is not', async () => {
    const picture = await rgbPixels(await lockup());
    const wordmark = await boxOf(WORDMARK, 2);
    const brand = await boxOf(BRAND, 4);
    const before = new Uint8Array(picture.data);
    const result = await eraseBlocks({
      image: { data: new Uint8Array(picture.data), width: W, height: H },
      blocks: [oneLineBlock(BRAND.text, brand)],
      translations: ['Machenike'],
      kept: [wordmark],
      target: 'en',
    });
    // The wordmark's bright letter pixels, and how many of them are still bright.
    const ink = await inkBounds([WORDMARK], W, H);
    let letters = 0;
    let kept = 0;
    for (let y = ink.y0; y <= ink.y1; y++)
      for (let x = ink.x0; x <= ink.x1; x++) {
        const i = (y * W + x) * 3;
        if ((before[i] as number) < 160) continue;
        letters += 1;
        if ((result.data[i] as number) >= 160) kept += 1;
      }
    assert.ok(letters > 40, `${letters} wordmark pixels drawn`);
    assert.ok(kept >= letters * 0.97, `${kept} of the wordmark's ${letters} bright pixels left`);
    // And the brand line is gone.
    const line = await inkBounds([BRAND], W, H);
    let bright = 0;
    for (let y = line.y0; y <= line.y1; y++)
      for (let x = line.x0; x <= line.x1; x++)
        if ((result.data[(y * W + x) * 3] as number) > 160) bright += 1;
    assert.equal(bright, 0, 'bright pixels of the brand line left');
    // Nor is the wordmark's white pulled down into the erased line: the rows between stay dark.
    let smudged = 0;
    for (let y = ink.y1 + 2; y < line.y0 + 4; y++)
      for (let x = ink.x0; x <= ink.x1; x++) if ((result.data[(y * W + x) * 3] as number) > 70) smudged += 1;
    assert.equal(smudged, 0, 'pale pixels under the wordmark');
  });
});
