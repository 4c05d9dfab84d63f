/**
 * A speech-bubble sticker is a decoration, not text (imaging/text/ink.ts, ink-outline.ts): its
 * words are erased, its white fill, black border and tail stay. On a Tmall baby-shoe poster
 * (alimama poster train-8) black 「冬季加绒」 is printed slanted in a white bubble over a grey photo;
 * the bubble's white was read as a 10 px outline of the letters and its border as their strokes,
 * and the whole bubble was erased with its words, then drawn back as white boxes behind the new ones.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { grow, inpaint, markStrokes } from '../src/imaging/text/erase.ts';
import { writeChinese } from './fakes/chinese-text.ts';

const WIDTH = 240;
const HEIGHT = 200;
/** The sticker, as the poster has it: a white bubble with a 3 px black border and a tail, on a grey photo. */
const BUBBLE =
  '<g transform="rotate(20 110 95)"><path d="M 145 118 L 168 150 L 128 123 Z" fill="#ffffff" stroke="#0a0a0a" stroke-width="3" stroke-linejoin="round"/><ellipse cx="110" cy="95" rx="70" ry="31" fill="#ffffff" stroke="#0a0a0a" stroke-width="3"/><path d="M 140 118 L 163 146 L 131 121 Z" fill="#ffffff"/></g>';
const PHOTO =
  '<defs><filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.05" numOctaves="2" seed="3"/><feColorMatrix values="0 0 0 0 0.74 0 0 0 0 0.74 0 0 0 0 0.75 0 0 0 0.25 0"/></filter></defs><rect width="100%" height="100%" fill="#bdbdbf"/><rect width="100%" height="100%" filter="url(#n)"/>';

const raw = async (png: Buffer) => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** The sticker without its words, and with them: black, bold, turned 20° clockwise as on the poster. */
async function sticker() {
  const svg = (body: string) =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${body}</svg>`);
  const bare = await sharp(svg(PHOTO + BUBBLE))
    .png()
    .toBuffer();
  const clear = { r: 0, g: 0, b: 0, alpha: 0 };
  const words = await writeChinese(
    sharp({ create: { width: 120, height: 40, channels: 4, background: clear } }),
    [{ text: '冬季加绒', left: 4, top: 2, size: 26, color: '#050505' }],
  );
  const turned = await sharp(words).rotate(20, { background: clear }).png().toBuffer();
  const { width, height } = await sharp(turned).metadata();
  const left = Math.round(110 - width / 2);
  const top = Math.round(95 - height / 2);
  const withWords = await sharp(bare)
    .composite([{ input: turned, left, top }])
    .png()
    .toBuffer();
  // The line's box as the OCR reads slanted words: the upright box around their ink.
  const { data: alpha } = await sharp(turned).extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  let [x0, y0, x1, y1] = [width, height, 0, 0];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if ((alpha[y * width + x] as number) > 128)
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  const line = { x: left + x0 - 2, y: top + y0 - 2, width: x1 - x0 + 5, height: y1 - y0 + 5 };
  return { bare: await raw(bare), image: await raw(withWords), line };
}

describe('a speech-bubble sticker with words in it', () => {
  it('keeps its white fill, black border and tail when its words are erased', async () => {
    const { bare, image, line } = await sticker();
    const box = grow(line, Math.max(2, Math.min(line.width, line.height) * 0.18), WIDTH, HEIGHT);
    const mask = new Uint8Array(WIDTH * HEIGHT);
    const ink = markStrokes(image, box, mask);
    assert.equal(
      ink.outline,
      null,
      `the bubble's white read as the words' outline: ${JSON.stringify(ink.outline)}`,
    );
    await inpaint(image, mask);
    // The border and tail: dark on the bare sticker. The fill: white there.
    let border = 0;
    let borderKept = 0;
    let fill = 0;
    let fillKept = 0;
    for (let i = 0; i < WIDTH * HEIGHT; i++) {
      const before = bare.data[i * 3] as number;
      const after = image.data[i * 3] as number;
      if (before < 60) {
        border += 1;
        if (after < 100) borderKept += 1;
      } else if (before > 245 && (bare.data[i * 3 + 1] as number) > 245) {
        fill += 1;
        if (after > 225) fillKept += 1;
      }
    }
    assert.ok(borderKept >= border * 0.97, `border kept ${borderKept} of ${border} px`);
    assert.ok(fillKept >= fill * 0.97, `fill kept white ${fillKept} of ${fill} px`);
  });

  it('has its words erased: nothing dark is left inside it', async () => {
    const { bare, image, line } = await sticker();
    const box = grow(line, Math.max(2, Math.min(line.width, line.height) * 0.18), WIDTH, HEIGHT);
    const mask = new Uint8Array(WIDTH * HEIGHT);
    markStrokes(image, box, mask);
    await inpaint(image, mask);
    let left = 0;
    for (let i = 0; i < WIDTH * HEIGHT; i++)
      if ((bare.data[i * 3] as number) > 245 && (image.data[i * 3] as number) < 150) left += 1;
    assert.ok(left <= 10, `${left} dark px of the words left in the bubble`);
  });
});
