/**
 * 图片翻译 on a glossy pill (RapidOCR's ch_en_num, 「大桶装 更划算」, issue 51): white words with a
 * soft dark shadow on a pill running from magenta to purple, lighter along its top, saved as a
 * JPEG. The pill is a label and is refilled with its own colours; before, the shadow and the
 * JPEG's ringing next to the letters put its fit over the smoothness bar and it was inpainted
 * into a smear. Brushed metal behind a price (alimama train-0's 「¥1398起」) is as far off any
 * smooth fill everywhere, not only next to the letters, and is still inpainted.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import type { TextBox } from '../src/imaging/ocr/index.ts';
import { grow, markStrokes } from '../src/imaging/text/erase.ts';
import { eraseBlocks } from '../src/imaging/text/erase-blocks.ts';
import { labelRefill } from '../src/imaging/text/label-fill.ts';
import type { RgbImage } from '../src/imaging/text/rgb-image.ts';
import { type Writing, writeChinese } from './fakes/chinese-text.ts';
import { detectedBox, oneLineBlock, pixelDistance, rgbPixels } from './fakes/written-scenes.ts';

const W = 300;
const H = 90;
const PILL = { x: 30, y: 24, width: 240, height: 42 };
const WORDS: Writing = {
  text: '大桶装 更划算',
  left: PILL.x + 30,
  top: PILL.y + 8,
  size: 21,
  color: '#ffffff',
};
/** The words' soft shadow, down and right of them. */
const SHADOW: Writing = {
  ...WORDS,
  left: WORDS.left + 2,
  top: WORDS.top + 2,
  color: '#200030',
  glow: { color: '#200030', radius: 2 },
};

/**
 * Magenta to purple along the pill and a white gloss fading down from its top to its middle, with
 * a 2 px gold rim, on a white page: drawn pixel by pixel, the gloss added to the gradient.
 */
function pillPixels(): Buffer {
  const { x, y, width, height } = PILL;
  const r = height / 2;
  const data = Buffer.alloc(W * H * 3, 255);
  for (let py = 0; py < H; py++)
    for (let px = 0; px < W; px++) {
      const cx = Math.min(Math.max(px + 0.5, x + r), x + width - r);
      const d = Math.hypot(px + 0.5 - cx, py + 0.5 - (y + r));
      if (d > r) continue;
      const along = (px - x) / width;
      const gloss = GLOSS * Math.max(0, 1 - (py - y) / r);
      const rgb =
        d > r - 2
          ? [232, 196, 90]
          : [0, 1, 2].map(
              (c) => (MAGENTA[c] as number) * (1 - along) + (PURPLE[c] as number) * along + gloss,
            );
      data.set(
        rgb.map((v) => Math.round(Math.min(255, v))),
        (py * W + px) * 3,
      );
    }
  return data;
}
const MAGENTA = [240, 40, 150];
const PURPLE = [110, 20, 200];
/** How much lighter the pill's top row is than its middle. */
const GLOSS = 50;

/** The pill with or without its words, saved as a JPEG at quality 85. */
async function pillScene(words: boolean) {
  const page = await sharp(pillPixels(), { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
  const png = words ? await writeChinese(sharp(page), [SHADOW, WORDS]) : page;
  return rgbPixels(await sharp(png).jpeg({ quality: 85 }).toBuffer());
}

/** Dark grey brushed vertically: streaks a pixel or two wide, 10 levels either way. */
async function metalScene() {
  const data = Buffer.alloc(W * H * 3);
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const streak = Array.from({ length: W }, () => Math.round((random() - 0.5) * 20));
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const v = 52 + (streak[x] as number) + Math.round((random() - 0.5) * 6);
      data.set([v, v + 1, v + 5], (y * W + x) * 3);
    }
  const metal = await sharp(data, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
  const png = await writeChinese(sharp(metal), [{ ...WORDS, text: '¥1398起' }]);
  return rgbPixels(await sharp(png).jpeg({ quality: 80 }).toBuffer());
}

/** The refill labelRefill finds for the line in `box`, as erase-blocks.ts asks for it. */
function refillOf(image: RgbImage, line: TextBox) {
  const box = grow(line, Math.max(2, Math.min(line.height, line.width) * 0.18), W, H);
  const marks = new Uint8Array(W * H);
  markStrokes(image, box, marks);
  return labelRefill(image, line, box, (pixel) => marks[pixel] === 255);
}

describe('图片翻译 · a glossy pill, and brushed metal', async () => {
  const [written, clean, metal, box, metalBox] = await Promise.all([
    pillScene(true),
    pillScene(false),
    metalScene(),
    detectedBox([SHADOW, WORDS], W, H),
    detectedBox([{ ...WORDS, text: '¥1398起' }], W, H),
  ]);

  it('refills the glossy pill with its own gradient and gloss', async () => {
    assert.ok(refillOf(written, box), 'the pill is inpainted, not refilled');
    const { data: erased } = await eraseBlocks({
      image: { data: new Uint8Array(written.data), width: W, height: H },
      blocks: [oneLineBlock(WORDS.text, box)],
      translations: ['Big barrel, better value'],
      kept: [],
    });
    // The pill's body, 4 px inside its rim, against the pill drawn without words.
    let off = 0;
    let far = 0;
    let all = 0;
    for (let y = PILL.y + 4; y < PILL.y + PILL.height - 4; y++)
      for (let x = PILL.x + PILL.height / 2; x < PILL.x + PILL.width - PILL.height / 2; x++) {
        const d = pixelDistance(erased, clean.data, (y * W + x) * 3);
        all += 1;
        off += d;
        if (d > 60) far += 1;
      }
    assert.ok(off / all < 14, `the pill is ${(off / all).toFixed(1)} off its colours without the words`);
    assert.ok(
      far / all < 0.01,
      `${((100 * far) / all).toFixed(1)}% of the pill is far off (words or smear left)`,
    );
  });

  it('leaves brushed metal to inpainting', () => {
    assert.equal(refillOf(metal, metalBox), null);
  });
});
