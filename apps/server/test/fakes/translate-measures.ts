/**
 * What a seller sees in a translated picture, measured (bench/image-translate.ts prints these and
 * translate-hard-cases.test.ts asserts them):
 * damage outside the text (the erase's share of changed pixels away from any text), how many drawn
 * words an OCR reads back from the result, and which drawn blocks read poorly on what is under them.
 * 「No Chinese left」 alone is also met by erasing everything; these are not.
 */
import type { TranslatedBlock } from '@chuhai/contract';
import sharp from 'sharp';
import type { OcrEngine, TextBox } from '../../src/imaging/ocr/index.ts';
import { contrastRatio, MIN_CONTRAST } from '../../src/imaging/text/erase.ts';
import { legibilityOf } from '../../src/imaging/text/legibility.ts';

/** Words the bench's translator writes for Chinese its phrase book lacks: real words, so OCR can read them back. */
const WORDS = [
  'quality',
  'fresh',
  'design',
  'classic',
  'comfort',
  'natural',
  'gentle',
  'strong',
  'daily',
  'care',
  'style',
  'light',
  'pure',
  'smooth',
  'value',
  'choice',
  'premium',
  'gift',
  'offer',
  'season',
  'family',
  'home',
  'travel',
  'simple',
  'soft',
  'bright',
  'clean',
  'safe',
  'official',
  'store',
];

/**
 * Chinese the phrase book lacks, as English of a realistic length: about two real words for three
 * characters (English runs 1.5–2× the width of the same Chinese), so layout and read-back are tried
 * on what a real translation would draw.
 */
export function englishLike(run: string): string {
  const codes = [...run].map((c) => c.codePointAt(0) ?? 0);
  const count = Math.max(1, Math.round((codes.length * 2) / 3));
  return Array.from(
    { length: count },
    (_, i) => WORDS[((codes[i % codes.length] ?? 0) + i * 7) % WORDS.length],
  ).join(' ');
}

/** The upload as the pipeline works on it (upright, at most 2000 px, on white): raw RGB. */
export async function workingRaw(bytes: Buffer) {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const raw = async (png: Buffer) =>
  (await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })).data;

const grown = (box: TextBox, pad: number) => ({
  x0: box.x - pad,
  y0: box.y - pad,
  x1: box.x + box.width + pad,
  y1: box.y + box.height + pad,
});

/**
 * Share of the picture the erase changed (any channel by more than 24) away from the translated
 * text: outside every translated line's box grown by a third of its thickness.
 */
export async function damageOutside(input: Buffer, background: Buffer, blocks: TranslatedBlock[]) {
  const before = await workingRaw(input);
  const after = await raw(background);
  // Grown by a third of the original line's thickness: not of the size the translation was drawn
  // at, which shrinks when a longer translation is fitted while the erased strokes stay as wide.
  const areas = blocks.map((b) => grown(b.box, Math.min(b.box.width, b.box.height) * 0.33));
  let changed = 0;
  for (let y = 0; y < before.height; y++)
    for (let x = 0; x < before.width; x++) {
      const at = (y * before.width + x) * 3;
      const differs = [0, 1, 2].some(
        (c) => Math.abs((before.data[at + c] as number) - (after[at + c] as number)) > 24,
      );
      if (differs && !areas.some((a) => x >= a.x0 && x < a.x1 && y >= a.y0 && y < a.y1)) changed += 1;
    }
  return changed / (before.width * before.height);
}

/** Drawn words (two letters or more) the OCR reads back from the result, against all drawn: the product's own measure. */
export async function readBack(ocr: OcrEngine, result: Buffer, blocks: TranslatedBlock[]) {
  const read = (await ocr.readLines(result)).map((line) => line.text);
  const legibility = legibilityOf(read, blocks, 'en');
  return { found: legibility?.read ?? 0, drawn: legibility?.words ?? 0 };
}

const hexRgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

/**
 * Drawn blocks that read under MIN_CONTRAST on what lies under them: the ink (or its outline, when
 * drawn with one) against the erased picture in the block's box, at the tenth percentile (nine
 * tenths of what is under the text stand out at least this much).
 */
export async function poorContrast(background: Buffer, blocks: TranslatedBlock[]) {
  const { data, info } = await sharp(background).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let poor = 0;
  for (const block of blocks.filter((b) => !b.hidden && b.text.trim())) {
    if (block.outline && contrastRatio(hexRgb(block.color), hexRgb(block.outline.color)) >= MIN_CONTRAST)
      continue;
    const ink = hexRgb(block.color);
    const ratios: number[] = [];
    const { x, y, width, height } = block.box;
    const step = Math.max(1, Math.floor(Math.sqrt((width * height) / 4000)));
    for (let yy = Math.max(0, y); yy < Math.min(info.height, y + height); yy += step)
      for (let xx = Math.max(0, x); xx < Math.min(info.width, x + width); xx += step) {
        const at = (yy * info.width + xx) * 3;
        ratios.push(contrastRatio(ink, [data[at] as number, data[at + 1] as number, data[at + 2] as number]));
      }
    ratios.sort((a, b) => a - b);
    if ((ratios[Math.floor(ratios.length * 0.1)] ?? 21) < MIN_CONTRAST) poor += 1;
  }
  return poor;
}
