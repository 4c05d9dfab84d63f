import { ResultCode, type TranslatedBlock, type TranslateResult } from '@chuhai/contract';
import sharp from 'sharp';
import { AppError } from '../../http/app-error.ts';
import {
  countSourceChars,
  groupIntoBlocks,
  type OcrEngine,
  type TextBlock,
  type TextBox,
} from '../ocr/index.ts';
import { eraseBox, grow, type RgbImage } from './erase.ts';
import { drawBlocks, fitBlock } from './render.ts';

/**
 * 图片翻译's pipeline, the provider aside: find the text (OCR), have `translate` put the blocks to
 * be translated into the target language, erase them, draw the translations in their place, and
 * read the result again for source-language text left behind. 智能做图, 批量处理 and the benchmark
 * (bench/image-translate.ts, with a translator of its own) all run this.
 */

/** The long side an image is worked on at: OCR and drawing stay fast, and marketplaces want no more. */
const WORK_SIDE = 2000;

/** Growth caps: a translation may take at most this much more width and height than its original. */
const ROOM_WIDTH = 1.8;
const ROOM_HEIGHT = 2.5;

const overlaps = (a0: number, a1: number, b0: number, b1: number) => a0 < b1 && b0 < a1;

/**
 * The free space a block's translation may grow into when it is longer than the original (English
 * runs about 1.5–2× the width of the same Chinese): sideways as its alignment allows and downwards,
 * up to the next block or a margin from the image's edge, and never more than ROOM_WIDTH ×
 * ROOM_HEIGHT of its box.
 */
export function roomAround(
  block: { id: number; box: TextBox; align: 'left' | 'center' | 'right' },
  all: { id: number; box: TextBox }[],
  size: { width: number; height: number },
): TextBox {
  const margin = Math.round(Math.min(size.width, size.height) * 0.03);
  const { x, y, width, height } = block.box;
  const others = all.filter((o) => o.id !== block.id).map((o) => o.box);
  const sameRow = others.filter((o) => overlaps(o.y, o.y + o.height, y, y + height));
  const rightLimit = Math.min(
    size.width - margin,
    ...sameRow.filter((o) => o.x >= x + width).map((o) => o.x - margin),
  );
  const leftLimit = Math.max(
    margin,
    ...sameRow.filter((o) => o.x + o.width <= x).map((o) => o.x + o.width + margin),
  );
  const extra = width * (ROOM_WIDTH - 1);
  let left = x;
  let right = x + width;
  if (block.align === 'left') right = Math.max(right, Math.min(rightLimit, right + extra));
  else if (block.align === 'right') left = Math.min(left, Math.max(leftLimit, left - extra));
  else {
    left = Math.min(left, Math.max(leftLimit, left - extra / 2));
    right = Math.max(right, Math.min(rightLimit, right + extra / 2));
  }
  const below = others.filter((o) => o.y >= y + height && overlaps(o.x, o.x + o.width, left, right));
  const bottomLimit = Math.min(size.height - margin, ...below.map((o) => o.y - margin));
  const bottom = Math.max(y + height, Math.min(bottomLimit, y + height * ROOM_HEIGHT));
  return { x: Math.round(left), y, width: Math.round(right - left), height: Math.round(bottom - y) };
}

/** The image had no source-language text to translate (nothing is charged for it). */
export class NoSourceTextError extends AppError {
  constructor() {
    super(ResultCode.badRequest, '图片里没有找到需要翻译的中文文字，本次不扣次数');
  }
}

/** The upload turned upright, flattened on white and brought to at most WORK_SIDE: raw RGB and PNG. */
async function workingImage(bytes: Buffer): Promise<RgbImage & { png: Buffer }> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: WORK_SIDE, height: WORK_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .png()
    .toBuffer();
  return { data, width: info.width, height: info.height, png };
}

const toPng = (image: RgbImage) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .png()
    .toBuffer();

/** The result read again: where source-language characters are left, and how many. */
export async function residualOf(ocr: OcrEngine, png: Buffer): Promise<TranslateResult['residual']> {
  const lines = (await ocr.readLines(png)).filter((line) => countSourceChars(line.text) > 0);
  return {
    count: lines.reduce((sum, line) => sum + countSourceChars(line.text), 0),
    boxes: lines.map((line) => line.box),
  };
}

/** A block is kept as it is when it has no Chinese (numbers, sizes, Latin brand names) or is a kept word. */
function keptAsIs(block: TextBlock, keep: string[]): boolean {
  if (countSourceChars(block.text) === 0) return true;
  // NFKC: OCR reads ¥ as the fullwidth ￥ the seller did not type; spaces are the OCR's guess.
  const bare = (text: string) => text.normalize('NFKC').replace(/\s+/g, '');
  return keep.some((word) => bare(word) === bare(block.text));
}

/** Glyph size from a detected line: its box has about a fifth of padding around the characters. */
const glyphSize = (block: TextBlock) =>
  Math.round(Math.min(...block.lines.map((line) => line.box.height)) * 0.72);

export interface PictureOptions {
  target: string;
  /** Words kept as they are (the seller's glossary). */
  keep: string[];
}

/** The blocks to translate, numbered from 1, and their translations by number. */
export type BlockTranslator = (blocks: { id: number; text: string }[]) => Promise<Map<number, string>>;

export async function translatePicture(
  ocr: OcrEngine,
  bytes: Buffer,
  options: PictureOptions,
  translate: BlockTranslator,
) {
  const image = await workingImage(bytes);
  const blocks = groupIntoBlocks(await ocr.readLines(image.png));
  const toTranslate = blocks.filter((block) => !keptAsIs(block, options.keep));
  if (toTranslate.length === 0) throw new NoSourceTextError();
  const translations = await translate(toTranslate.map((block, i) => ({ id: i + 1, text: block.text })));
  const translated: TranslatedBlock[] = toTranslate.map((block, i) => {
    // Each line is erased on its own (the gaps between lines keep their background).
    const inks = block.lines.map((line) =>
      eraseBox(image, grow(line.box, Math.max(2, line.box.height * 0.18), image.width, image.height)),
    );
    const ink = inks[0] ?? { color: '#1f1f1f', bold: false };
    return {
      id: i + 1,
      source: block.text,
      text: translations.get(i + 1) ?? block.text,
      box: block.box,
      fontSize: Math.max(9, glyphSize(block)),
      color: ink.color,
      bold: inks.filter((x) => x.bold).length * 2 >= inks.length,
      align: block.align,
      hidden: false,
      overflow: false,
    };
  });
  const background = await toPng(image);
  const drawn = await drawTranslation(background, translated, options.target);
  return {
    width: image.width,
    height: image.height,
    background,
    result: drawn.png,
    blocks: drawn.blocks,
    kept: blocks.filter((block) => keptAsIs(block, options.keep)).map((b) => ({ text: b.text, box: b.box })),
    residual: await residualOf(ocr, drawn.png),
  };
}

/** Fits every visible block into its box and draws them on the erased image. */
export async function drawTranslation(background: Buffer, blocks: TranslatedBlock[], target: string) {
  const visible = blocks.filter((block) => !block.hidden && block.text.trim());
  const meta = await sharp(background).metadata();
  const size = { width: meta.width ?? 1, height: meta.height ?? 1 };
  const fitted = await Promise.all(
    visible.map((block) => fitBlock({ ...block, room: roomAround(block, visible, size) }, target)),
  );
  const byId = new Map(visible.map((block, i) => [block.id, fitted[i]]));
  return {
    png: await drawBlocks(background, fitted),
    blocks: blocks.map((block) => {
      const fit = byId.get(block.id);
      return fit ? { ...block, fontSize: fit.fontSize, overflow: fit.overflow } : block;
    }),
  };
}
