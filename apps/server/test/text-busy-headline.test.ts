/**
 * 图片翻译 on a 3D headline over a busy picture (RapidOCR ch_en_num's 「正品促销」, issue 51): big
 * light letters with a dark extrusion, set over a purple scene of shapes, a pill under them. The
 * letters' marks are a block most of their box, and the inpainting drew the shapes at its edge
 * into smears across it; the translation, wrapped to two lines, ran onto the pill's rim.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import type { TextBox } from '../src/imaging/ocr/index.ts';
import { eraseBlocks } from '../src/imaging/text/erase-blocks.ts';
import { roomAround } from '../src/imaging/text/layout.ts';
import { HEIGHT_SLACK } from '../src/imaging/text/render.ts';
import { type Writing, writeChinese } from './fakes/chinese-text.ts';
import { detectedBox, oneLineBlock, rgbPixels } from './fakes/written-scenes.ts';

const W = 360;
const H = 210;
const SIZE = 74;
const HEADLINE: Writing = {
  text: '正品促销',
  left: 24,
  top: 14,
  size: SIZE,
  color: '#fdfcfc',
  outline: { color: '#f2c14e', width: 4 },
};
/** The extrusion: the letters again, dark, a step down and right each. */
const EXTRUSION: Writing[] = [6, 5, 4, 3, 2, 1].map((d) => ({
  ...HEADLINE,
  outline: { color: '#3b0c5c', width: 3 },
  left: HEADLINE.left + d,
  top: HEADLINE.top + d,
  color: '#3b0c5c',
}));
const PILL_TEXT: Writing = { text: '大桶装更划算', left: 110, top: 108, size: 22, color: '#ffffff' };
/** The pill: its top edge a few pixels above its text, inside the headline's grown box. */
const PILL = { x: 85, y: 100, width: 190, height: 40 };

/**
 * A purple scene of shapes as behind ch_en_num's headline: a pink ring and a yellow ribbon running
 * out of the picture's top, blue and violet blobs out of its sides, a pink glow in the middle.
 */
const SCENE = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#8d2be0"/><stop offset="1" stop-color="#d63fd9"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#g)"/>
  <circle cx="180" cy="10" r="70" fill="none" stroke="#ff7ae6" stroke-width="26"/>
  <path d="M0 12 C 90 -20, 160 50, 360 0" fill="none" stroke="#ffd34a" stroke-width="10"/>
  <ellipse cx="10" cy="60" rx="34" ry="50" fill="#3a3cf0"/>
  <circle cx="355" cy="70" r="40" fill="#5a18c8"/>
  <circle cx="110" cy="85" r="28" fill="#f04ac0"/>
  <circle cx="250" cy="95" r="22" fill="#2f6cf5"/>
  <rect x="${PILL.x}" y="${PILL.y}" width="${PILL.width}" height="${PILL.height}" rx="20" fill="#d8269e" stroke="#3b0c5c" stroke-width="2"/>
</svg>`;

async function poster() {
  const png = await writeChinese(sharp(Buffer.from(SCENE)), [...EXTRUSION, HEADLINE, PILL_TEXT]);
  return rgbPixels(await sharp(png).jpeg({ quality: 88 }).toBuffer());
}

/** Neighbouring pixel pairs in `area` (outside `skip`) whose colour jumps by more than `step` on a channel. */
function jumps(data: Uint8Array, area: TextBox, skip: TextBox, step: number) {
  const inSkip = (x: number, y: number) =>
    x >= skip.x && y >= skip.y && x < skip.x + skip.width && y < skip.y + skip.height;
  let count = 0;
  for (let y = area.y; y < area.y + area.height - 1; y++)
    for (let x = area.x; x < area.x + area.width - 1; x++) {
      if (inSkip(x, y) || inSkip(x + 1, y + 1)) continue;
      const i = (y * W + x) * 3;
      for (const j of [i + 3, i + W * 3])
        if ([0, 1, 2].some((c) => Math.abs((data[i + c] as number) - (data[j + c] as number)) > step))
          count += 1;
    }
  return count;
}

describe('图片翻译 · a 3D headline over a busy picture, a pill under it', async () => {
  const [written, headline, pillLine] = await Promise.all([
    poster(),
    detectedBox([HEADLINE, ...EXTRUSION], W, H),
    detectedBox([PILL_TEXT], W, H),
  ]);
  const { data: erased } = await eraseBlocks({
    image: { data: new Uint8Array(written.data), width: W, height: H },
    blocks: [oneLineBlock('正品促销', headline), oneLineBlock('大桶装更划算', pillLine)],
    translations: ['Genuine sale', 'Big barrel, better deal'],
    kept: [],
  });

  it('fills the headline with a smooth field: no smears with sharp edges across it', () => {
    // The letters' middle, clear of the scene's own edges at the box's sides.
    const middle = {
      x: headline.x + 20,
      y: headline.y + 15,
      width: headline.width - 40,
      height: headline.height - 30,
    };
    const sharpSteps = jumps(erased, middle, PILL, 12);
    assert.ok(sharpSteps < 60, `${sharpSteps} sharp steps are left where the headline was`);
  });

  it('keeps its translation off the pill under it', () => {
    const room = roomAround(
      { id: 1, box: headline, align: 'center' },
      [
        { id: 1, box: headline },
        { id: 2, box: pillLine },
      ],
      { width: W, height: H },
    );
    // Fitting lets text run HEIGHT_SLACK past its room.
    const textBottom = room.y + room.height * HEIGHT_SLACK;
    assert.ok(
      textBottom <= PILL.y,
      `the text may run to y ${textBottom.toFixed(0)}, the pill begins at ${PILL.y}`,
    );
  });
});
