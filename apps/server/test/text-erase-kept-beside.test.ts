/**
 * 图片翻译 erasing a line next to text kept on purpose (alimama train-13, issue 51): the white
 * 「Buy now」 is kept (no Chinese), and the slanted cream 「欢迎」 printed on the door mat just under it
 * is erased. The line's strokes are read in its box grown by a fifth, which reached up into
 * 「Buy now」: the bottom of its letters was taken for the line's strokes and inpainted away.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { eraseBlocks } from '../src/imaging/text/erase-blocks.ts';
import { type Writing, writeChinese } from './fakes/chinese-text.ts';
import { detectedBox, inkBounds, oneLineBlock, rgbPixels } from './fakes/written-scenes.ts';

const W = 420;
const H = 260;
const KEPT: Writing = { text: 'Buy now', left: 120, top: 40, size: 44, color: '#ffffff', bold: false };
const LINE: Writing = { text: '欢迎光临', left: 40, top: 104, size: 96, color: '#efdcb0' };

/** A mat's blue pile: a photo's texture, no flat fill to refill. */
function pile(): sharp.Sharp {
  const data = Buffer.alloc(W * H * 3);
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let p = 0; p < W * H; p += 1) {
    const shade = Math.round(random() * 70);
    data.set([20 + shade / 3, 60 + shade, 190 + shade / 2], p * 3);
  }
  return sharp(data, { raw: { width: W, height: H, channels: 3 } });
}

describe('图片翻译 · erasing a line beside text kept as it is', () => {
  it('leaves the kept word’s letters outside the line’s own box as they were', async () => {
    const picture = await writeChinese(pile(), [KEPT, LINE]);
    const before = await rgbPixels(picture);
    const lineBox = await detectedBox([LINE], W, H);
    const keptBox = await detectedBox([KEPT], W, H);
    const letters = await inkBounds([KEPT], W, H);
    // The scene is what train-13 showed: the line's box stops under the kept word's letters, and
    // its box grown by a fifth reaches well into them.
    assert.ok(
      lineBox.y > letters.y0 + 10 && lineBox.y - lineBox.height * 0.18 < letters.y1 - 10,
      'the scene',
    );
    const image = { data: Buffer.from(before.data), width: W, height: H };
    await eraseBlocks({
      image,
      blocks: [oneLineBlock(LINE.text, lineBox)],
      translations: ['Welcome'],
      kept: [keptBox],
    });
    let changed = 0;
    let letterPixels = 0;
    for (let y = letters.y0; y < Math.min(letters.y1, lineBox.y); y += 1)
      for (let x = letters.x0; x < letters.x1; x += 1) {
        const i = (y * W + x) * 3;
        if ((before.data[i] as number) < 200) continue; // the white letters only
        letterPixels += 1;
        if (Math.abs((image.data[i] as number) - (before.data[i] as number)) > 40) changed += 1;
      }
    assert.ok(letterPixels > 200, `letters: ${letterPixels}`);
    assert.equal(
      changed,
      0,
      `${changed} of the kept word's ${letterPixels} letter pixels above the line were erased`,
    );
    // The line itself is still erased: hardly any cream is left in its box.
    let cream = 0;
    for (let y = lineBox.y; y < lineBox.y + lineBox.height; y += 1)
      for (let x = lineBox.x; x < lineBox.x + lineBox.width; x += 1) {
        const i = (y * W + x) * 3;
        if ((image.data[i] as number) > 200 && (image.data[i + 2] as number) < 200) cream += 1;
      }
    assert.ok(cream < 50, `cream pixels left in the line: ${cream}`);
  });
});
