/**
 * 图片翻译 on a Taobao long image's gradient pills (RapidOCR's ch_en_num, issue 51): white words
 * on a pill running from magenta to purple, with a gold rim, on a white card, saved as a JPEG.
 * The pill is a label: its words are refilled with its own gradient, its rim and round ends stay.
 * Before, the white card was taken for the fill and the whole pill for the words' strokes, so the
 * pill came back white; and a pill just under big price digits was whitened by their line too.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import type { TextBox } from '../src/imaging/ocr/index.ts';
import { eraseBlocks } from '../src/imaging/text/erase-blocks.ts';
import { type Writing, writeChinese } from './fakes/chinese-text.ts';
import { detectedBox, oneLineBlock, pixelDistance, rgbPixels } from './fakes/written-scenes.ts';

const W = 340;
const H = 220;
const MAGENTA = [255, 26, 231];
const PURPLE = [128, 28, 245];
const GOLD = '#cec45b';

/** Pills: 180 × 22 with round ends, a gold rim, magenta for the first 40% and purple from 70%. */
const PILLS = [
  { x: 60, y: 40, words: '深度防冻不结冰' },
  { x: 60, y: 162, words: '惊喜福利不容错过' },
];
const PILL = { width: 180, height: 22 };

/**
 * A red-to-purple arrow badge whose stem is as wide as its two characters (「直击」 over 「底价」 on
 * ch_en_num): it runs past neither end of their lines, yet it is their label.
 */
const BADGE = { x: 262, y: 56, width: 50, height: 56, head: 30 };
const badgeSvg = () => {
  const { x, y, width, height, head } = BADGE;
  const tip = `L${x + width + 14} ${y + height} L${x + width / 2} ${y + height + head} L${x - 14} ${y + height} L${x} ${y + height}`;
  return `<linearGradient id="b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f0306a"/><stop offset="1" stop-color="#9a08d0"/></linearGradient><path d="M${x} ${y} H${x + width} V${y + height} ${tip} Z" fill="url(#b)"/>`;
};

const pillsSvg = () => {
  const stops = `<stop offset="0.4" stop-color="rgb(${MAGENTA})"/><stop offset="0.7" stop-color="rgb(${PURPLE})"/>`;
  const pills = PILLS.map(
    (p, n) =>
      `<linearGradient id="g${n}" x1="${p.x}" x2="${p.x + PILL.width}" gradientUnits="userSpaceOnUse">${stops}</linearGradient>` +
      `<rect x="${p.x}" y="${p.y}" width="${PILL.width}" height="${PILL.height}" rx="11" fill="url(#g${n})" stroke="${GOLD}" stroke-width="2"/>`,
  ).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${pills}${badgeSvg()}</svg>`,
  );
};

const WORDS: Writing[] = [
  ...PILLS.map((p) => ({ text: p.words, left: p.x + 30, top: p.y + 3, size: 16, color: '#ffffff' })),
  // Price digits 4 px over the lower pill: their line's box reaches into it.
  { text: '5.8', left: 110, top: 106, size: 64, color: '#b21ef0' },
  { text: '直击', left: BADGE.x + 5, top: BADGE.y + 2, size: 20, color: '#ffffff' },
  { text: '底价', left: BADGE.x + 5, top: BADGE.y + 27, size: 20, color: '#ffffff' },
];

/** Each writing's box as a detector would find it. */
const detectedBoxes = () => Promise.all(WORDS.map((w) => detectedBox([w], W, H)));

/**
 * The card with its pills (and words), saved as a JPEG as the seller's picture was: at quality 80
 * the chroma between the pills' white letters rings 17–23 levels off (90th percentile; 26 on
 * ch_en_num), which the fit once took for a photo.
 */
const scene = async (words: boolean, quality: number) => {
  const card = await sharp({ create: { width: W, height: H, channels: 3, background: '#ffffff' } })
    .composite([{ input: pillsSvg() }])
    .png()
    .toBuffer();
  // One composite per sharp pipeline: the words go on the card drawn first.
  const png = words ? await writeChinese(sharp(card), WORDS) : card;
  return rgbPixels(await sharp(png).jpeg({ quality }).toBuffer());
};

/** The pixels of each pill's body, 4 px inside its rim, and of the badge's stem, 4 px inside. */
async function pillBodies(): Promise<Uint8Array[]> {
  const stem = new Uint8Array(W * H);
  for (let y = BADGE.y + 4; y < BADGE.y + BADGE.height - 4; y++)
    for (let x = BADGE.x + 4; x < BADGE.x + BADGE.width - 4; x++) stem[y * W + x] = 1;
  return [...pillMasks(), stem];
}

function pillMasks(): Uint8Array[] {
  return PILLS.map((p) => {
    const inside = new Uint8Array(W * H);
    const r = PILL.height / 2 - 4;
    for (let y = p.y; y < p.y + PILL.height; y++)
      for (let x = p.x; x < p.x + PILL.width; x++) {
        const cx = Math.min(Math.max(x, p.x + PILL.height / 2), p.x + PILL.width - PILL.height / 2);
        if (Math.hypot(x - cx, y - (p.y + PILL.height / 2)) <= r) inside[y * W + x] = 1;
      }
    return inside;
  });
}

const toWhite = (data: Uint8Array, i: number) =>
  Math.hypot(255 - (data[i] as number), 255 - (data[i + 1] as number), 255 - (data[i + 2] as number));

/** The scene with its words erased, each word's box given as a detector would find it. */
async function erasedScene(quality: number) {
  const [written, clean, boxes, bodies] = await Promise.all([
    scene(true, quality),
    scene(false, quality),
    detectedBoxes(),
    pillBodies(),
  ]);
  const blocks = WORDS.map((w, n) => oneLineBlock(w.text, boxes[n] as TextBox));
  const erased = await eraseBlocks({
    image: { data: new Uint8Array(written.data), width: W, height: H },
    blocks,
    translations: WORDS.map(() => 'Winter safe'),
    kept: [],
  });
  return { erased: erased.data, clean: clean.data, bodies };
}

/** How a pill's body came back: its share near white, and its mean distance from the pill without words. */
function pillAfter(result: Awaited<ReturnType<typeof erasedScene>>, n: number) {
  const body = result.bodies[n] as Uint8Array;
  let all = 0;
  let whitish = 0;
  let off = 0;
  for (let p = 0; p < body.length; p++) {
    if (!body[p]) continue;
    all += 1;
    if (toWhite(result.erased, p * 3) < 120) whitish += 1;
    off += pixelDistance(result.erased, result.clean, p * 3);
  }
  return { white: whitish / all, off: off / all };
}

describe('图片翻译 · a gradient pill on a white card', () => {
  const [q80, q85] = [erasedScene(80), erasedScene(85)];
  const cases = [
    { what: 'refills a pill with its own gradient', name: PILLS[0]?.words, result: q80 },
    {
      what: 'keeps a pill just under big price digits, whose line’s box reaches into it',
      name: PILLS[1]?.words,
      result: q80,
    },
    { what: 'refills a badge as narrow as its words with its own gradient', name: '直击底价', result: q85 },
  ];
  for (const [n, { what, name, result }] of cases.entries())
    it(what, async () => {
      const { white, off } = pillAfter(await result, n);
      // The words were white: where the label is near white, they (or a white refill) are left.
      assert.ok(white < 0.02, `${name}: ${(100 * white).toFixed(0)}% of the label is white`);
      // Its gradient: each pixel as the label without words has it, within a JPEG's noise.
      assert.ok(off < 24, `${name}: ${off.toFixed(1)} off the label's own colours`);
    });
});
