/**
 * 图片翻译 · strokes of every colour erased, and leftovers found by colour, not by reading (issue 50
 * #2): a dress ad's 「168元」 with a white 168 and a yellow 元 came back with half a 元 beside the
 * translation, and 「未发现残留中文」, because an OCR cannot read a fragment either.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { createOcrEngine, type OcrEngine, type TextBox } from '../src/imaging/ocr/index.ts';
import { grow, inpaint, markStrokes } from '../src/imaging/text/erase.ts';
import type { RgbImage } from '../src/imaging/text/rgb-image.ts';
import {
  charactersTouched,
  strokeColours,
  strokesLeft,
  withStrokesLeft,
} from '../src/imaging/text/strokes-left.ts';
import { translatePicture } from '../src/imaging/text/translate-picture.ts';
import { renderResidual } from '../src/modules/translate/render-residual.ts';
import { writeChinese } from './fakes/chinese-text.ts';
import { translateOffline } from './fakes/fake-translate-answers.ts';
import { drawDressAd, YELLOW } from './fakes/price-ads.ts';
import { englishLike } from './fakes/translate-measures.ts';

const raw = async (png: Buffer): Promise<RgbImage> => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** Pixels of `box` within 60 (RGB distance) of `colour`: what is left of a stroke of that colour. */
function pixelsOf(image: RgbImage, box: TextBox, colour: number[]): number {
  let count = 0;
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) {
      const at = (y * image.width + x) * 3;
      const d = Math.hypot(...[0, 1, 2].map((c) => (image.data[at + c] as number) - (colour[c] as number)));
      if (d < 60) count += 1;
    }
  return count;
}

const translator = (blocks: { id: number; text: string }[]) => translateOffline(blocks, englishLike);
const picture = (ocr: OcrEngine, png: Buffer, keep: string[] = []) =>
  translatePicture(ocr, png, { target: 'en', keep, product: null }, translator);
/** A line's box as erasing reads it (translate-picture.ts grows it alike). */
const readBox = (box: TextBox, image: RgbImage) =>
  grow(box, Math.max(2, Math.min(box.width, box.height) * 0.18), image.width, image.height);

describe('图片翻译 · a line of two colours (the dress ad)', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());

  for (const outline of [false, true])
    it(`erases the yellow 元 with the white 168${outline ? ', both outlined' : ''}, and says nothing is left`, async () => {
      const input = await drawDressAd(outline);
      const price = (await ocr.readLines(input)).find((line) => line.text.includes('168'));
      assert.ok(price, 'the price is read as one line');
      assert.match(price.text, /168\s*元/);
      const before = pixelsOf(await raw(input), price.box, YELLOW);
      assert.ok(before > 500, `${before} yellow pixels drawn`);

      const result = await picture(ocr, input);
      const erased = await raw(result.background);
      // Before: the 元's strokes far from the 168 stayed (over a thousand yellow pixels).
      const left = pixelsOf(erased, price.box, YELLOW);
      assert.ok(left < 30, `${left} of ${before} yellow pixels of 元 left on the erased picture`);
      assert.equal(result.residual.count, 0, JSON.stringify(result.residual));
      assert.ok(result.blocks.every((block) => !block.strokesLeft));
    });

  it('a flat page (black on white) comes out clean, with no leftover found', async () => {
    const input = await writeChinese(
      sharp({ create: { width: 900, height: 400, channels: 3, background: '#ffffff' } }),
      [
        { text: '纯棉面料 亲肤透气', left: 60, top: 60, size: 48, color: '#000000', bold: false },
        { text: '尺码偏小 建议拍大一码', left: 60, top: 160, size: 36, color: '#000000', bold: false },
        { text: '七天无理由退换', left: 60, top: 260, size: 40, color: '#222222' },
      ],
    );
    const result = await picture(ocr, input);
    assert.equal(result.residual.count, 0, JSON.stringify(result.residual));
    assert.ok(result.blocks.every((block) => !block.strokesLeft));
    const erased = await raw(result.background);
    for (const block of result.blocks) assert.equal(pixelsOf(erased, block.box, [0, 0, 0]), 0, block.source);
  });
});

describe('图片翻译 · strokes left, told by colour (no OCR)', () => {
  const ocr = createOcrEngine();
  after(() => ocr.close());

  /** The dress ad's price line with only its 168 erased, as the erasing before did: the 元 stays. */
  async function halfErased() {
    const input = await drawDressAd();
    const price = (await ocr.readLines(input)).find((line) => line.text.includes('168'));
    assert.ok(price);
    const image = await raw(input);
    const box = readBox(price.box, image);
    const read = strokeColours(image, box);
    assert.ok(read, 'the line has colours its surroundings lack');
    // The 168 alone: the left 70% of the line, where the yellow 元 is not.
    const digits = { ...box, width: Math.round(box.width * 0.7) };
    const erased = new Uint8Array(image.width * image.height);
    markStrokes(image, digits, erased);
    await inpaint(image, erased);
    return { image, price, read, erased };
  }

  it('finds the 元 left beside an erased 168, where it is, as one character', async () => {
    const { image, price, read, erased } = await halfErased();
    assert.ok(pixelsOf(image, price.box, YELLOW) > 500, 'the 元 is still there');
    const left = strokesLeft(image, read, erased);
    assert.ok(left, 'the line is found to keep strokes');
    // The box found is the 元's: the right part of the line.
    assert.ok(left.box.x > price.box.x + price.box.width * 0.6, JSON.stringify({ left, line: price.box }));
    assert.equal(charactersTouched(price, left.box), 1);
  });

  it('text kept on purpose lying in the box is not a leftover', async () => {
    const { image, price, read, erased } = await halfErased();
    // The 元 as a kept word's area: read and checked without it.
    const kept: TextBox[] = [
      { x: Math.round(price.box.x + price.box.width * 0.68), y: 0, width: 400, height: 500 },
    ];
    const readKept = strokeColours(await raw(await drawDressAd()), read.box, kept);
    assert.ok(readKept);
    assert.equal(strokesLeft(image, readKept, erased, kept), null);
  });

  it('a line whose strokes of both colours are marked and filled is found clean', async () => {
    const input = await drawDressAd(true);
    const price = (await ocr.readLines(input)).find((line) => line.text.includes('168'));
    assert.ok(price);
    const image = await raw(input);
    const box = readBox(price.box, image);
    const read = strokeColours(image, box);
    assert.ok(read);
    const erased = new Uint8Array(image.width * image.height);
    markStrokes(image, box, erased);
    await inpaint(image, erased);
    assert.equal(strokesLeft(image, read, erased), null);
  });

  it('a block marked with strokes left is counted at every drawing, unless a box read already covers it', async () => {
    const noText: OcrEngine = { readLines: async () => [], close: async () => {} };
    const marked = {
      id: 1,
      source: '168 元',
      text: '168 yuan',
      box: { x: 176, y: 246, width: 297, height: 117 },
      fontSize: 84,
      color: '#ffffff',
      bold: true,
      align: 'left' as const,
      hidden: false,
      overflow: false,
      strokesLeft: { count: 1, boxes: [{ x: 411, y: 285, width: 54, height: 68 }] },
    };
    const redrawn = await renderResidual(
      noText,
      { key: `strokes-${Date.now()}`, bytes: Buffer.alloc(0) },
      [marked],
      [],
    );
    assert.deepEqual(redrawn, { count: 1, boxes: [{ x: 411, y: 285, width: 54, height: 68 }] });
    // Hidden, its strokes are still on the erased picture.
    const hidden = await renderResidual(
      noText,
      { key: `strokes-h-${Date.now()}`, bytes: Buffer.alloc(0) },
      [{ ...marked, hidden: true }],
      [],
    );
    assert.equal(hidden.count, 1);
    const read = { count: 2, boxes: [{ x: 400, y: 280, width: 80, height: 80 }] };
    assert.deepEqual(withStrokesLeft(read, [marked]), read, 'the OCR read that place already');
  });
});
