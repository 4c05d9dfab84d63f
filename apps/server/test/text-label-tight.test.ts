/**
 * A small white label tight around its dark letters, under a white badge, on a busy blue picture
 * (alimama train-3: 「可选i7-10870H」 on a 15 px white label in an 18 px detected box, under the
 * white 「8核芯」 badge, issue 51). The label was lost: read as pale-blue letters in a white
 * outline, inpainted into the picture with the badge, and the English drawn pale on the smear.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import type { TextBox } from '../src/imaging/ocr/index.ts';
import { eraseBlocks, inkOnLabel } from '../src/imaging/text/erase-blocks.ts';
import { type Writing, writeChinese } from './fakes/chinese-text.ts';
import { detectedBox, inkBounds, oneLineBlock, rgbPixels } from './fakes/written-scenes.ts';

const W = 220;
const H = 170;
/** The white label: 15 px high, its letters 11 px with two rows of white above and below, as on train-3. */
const LABEL = { x: 23, y: 120, width: 100, height: 15 };
const INK = '#1018a0';
const SMALL: Writing = { text: '可选i7-10870H', left: 33, top: 122, size: 12, color: INK };
const BADGE: Writing = {
  text: '8核芯',
  left: 24,
  top: 74,
  size: 40,
  color: '#ffffff',
  outline: { color: '#2629a3', width: 3 },
};

/** A crystal picture of blues and purples, the white label on it, the badge and the line written on top. */
async function poster() {
  const facets = [
    '<polygon points="0,0 120,0 40,90" fill="#1c2a9c"/>',
    '<polygon points="120,0 220,0 220,80 90,110" fill="#3a2a8e"/>',
    '<polygon points="0,90 90,110 60,170 0,170" fill="#24167a"/>',
    '<polygon points="90,110 220,80 220,170 60,170" fill="#4b2f9f"/>',
    '<polygon points="30,60 160,40 180,150 20,140" fill="#2a3cc0" opacity="0.6"/>',
  ].join('');
  const label = `<rect x="${LABEL.x}" y="${LABEL.y}" width="${LABEL.width}" height="${LABEL.height}" fill="#fdfdfd"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${facets}${label}</svg>`;
  const png = await writeChinese(sharp(Buffer.from(svg)), [BADGE, SMALL]);
  return sharp(png).jpeg({ quality: 90 }).toBuffer();
}

/** The detector's boxes: the badge's ink padded, the small line reaching a row above the label and two below. */
async function boxes(): Promise<{ badge: TextBox; small: TextBox }> {
  const s = await inkBounds([SMALL], W, H);
  return {
    badge: await detectedBox([BADGE], W, H),
    small: { x: LABEL.x + 2, y: LABEL.y - 1, width: s.x1 - LABEL.x + 2, height: LABEL.height + 3 },
  };
}

async function erased() {
  const picture = await rgbPixels(await poster());
  const { badge, small } = await boxes();
  const result = await eraseBlocks({
    image: { data: new Uint8Array(picture.data), width: W, height: H },
    blocks: [oneLineBlock(BADGE.text, badge), oneLineBlock(SMALL.text, small)],
    translations: ['8 cores', 'strong i7-10870H'],
    kept: [],
    target: 'en',
  });
  const png = await sharp(Buffer.from(result.data), { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
  return { result, png, small };
}

const rgbOf = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
const luma = ([r, g, b]: number[]) => 0.299 * (r as number) + 0.587 * (g as number) + 0.114 * (b as number);

/** Share of the label's pixels (a pixel in from its edge) that are white. */
async function whiteShare(png: Buffer) {
  const { data } = await rgbPixels(png);
  let white = 0;
  let all = 0;
  for (let y = LABEL.y + 1; y < LABEL.y + LABEL.height - 1; y++)
    for (let x = LABEL.x + 1; x < LABEL.x + LABEL.width - 1; x++) {
      const i = (y * W + x) * 3;
      all += 1;
      if ([0, 1, 2].every((c) => (data[i + c] as number) > 225)) white += 1;
    }
  return white / all;
}

/** Share of the band of picture over the label, under the badge, that is pale (a smear of the label's white). */
async function paleAbove(png: Buffer) {
  const { data } = await rgbPixels(png);
  let pale = 0;
  let all = 0;
  for (let y = LABEL.y - 8; y < LABEL.y - 1; y++)
    for (let x = LABEL.x; x < LABEL.x + LABEL.width; x++) {
      const i = (y * W + x) * 3;
      all += 1;
      if (luma([data[i], data[i + 1], data[i + 2]] as number[]) > 140) pale += 1;
    }
  return pale / all;
}

describe('图片翻译 · a small white label tight around its letters, under a white badge', () => {
  it('is refilled white, not inpainted with the badge', async () => {
    const { png } = await erased();
    const share = await whiteShare(png);
    assert.ok(share > 0.95, `${(share * 100).toFixed(0)}% of the label is white after erasing`);
    const pale = await paleAbove(png);
    assert.ok(pale < 0.05, `${(pale * 100).toFixed(0)}% of the picture over the label erased pale`);
  });

  it("has its translation drawn on it in the letters' dark colour, without an outline", async () => {
    const { result } = await erased();
    const layer = result.layers.find((l) => l.source === SMALL.text);
    assert.ok(layer, 'a layer for the small line');
    assert.ok(luma(rgbOf(layer.color)) < 110, `drawn in ${layer.color}`);
    assert.ok(!layer.outline, `outline ${JSON.stringify(layer.outline)}`);
  });

  // The readings train-3's 「可选i7-10870H」 got: the ink reading took the blue picture around the
  // box for the background, the white label for the letters' outline, and the dark strokes blurred
  // with the white between them for their colour; the refill read the strokes against the label.
  const refill = {
    pixels: new Int32Array(0),
    rgb: new Uint8Array(0),
    fill: [254, 254, 253],
    ink: [78, 81, 190],
  };

  it("is drawn in the strokes' colour when the reading took the label for an outline", () => {
    const read = { color: '#878cd6', bold: false, outline: { color: '#f1f2f9', width: 3 } };
    assert.deepEqual(inkOnLabel(read, refill), { color: '#4e51be', bold: false, outline: null });
  });

  it('keeps letters in an outline of their own, apart from the fill (valid-2)', () => {
    const read = { color: '#ff5014', bold: true, outline: { color: '#ffffff', width: 6 } };
    assert.deepEqual(inkOnLabel(read, { ...refill, fill: [219, 186, 166], ink: [250, 90, 40] }), read);
  });

  it("keeps a reading that stands out more than the refill's, its glow the label's colour (taobao4)", () => {
    const read = { color: '#ffffff', bold: true, outline: { color: '#a01010', width: 2 } };
    const banner = { ...refill, fill: [180, 20, 18], ink: [176, 150, 150] };
    assert.deepEqual(inkOnLabel(read, banner), read);
  });
});
