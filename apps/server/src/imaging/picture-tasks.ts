/**
 * 图片翻译's pixel tasks (pixel-tasks.ts runs them by name): the picture crosses as PNG, decoded
 * and encoded again here, so the event loop holds only encoded bytes. A 2000² picture is 12 MB of
 * raw RGB; ten translated at once, held on the event loop from upload to drawing, were some 300 MB
 * that only its full collections freed: the loop's longest stalls (issue 52).
 */
import type { TranslatedBlock } from '@chuhai/contract';
import sharp from 'sharp';
import type { TextBlock, TextBox, TextLine } from './ocr/index.ts';
import { alphaMask, asBuffer, type RawMask } from './pixel-transfer.ts';
import { betweenDashes } from './text/dashes.ts';
import { drawTranslation } from './text/draw-translation.ts';
import { type EraseInput, eraseBlocks } from './text/erase-blocks.ts';
import { spacedLetters } from './text/logo-letters.ts';
import { productPrint } from './text/product-print.ts';
import { matteInput, type ProductArea, productArea } from './text/product-text.ts';
import type { RgbImage } from './text/rgb-image.ts';

/** 图片翻译's picture as the tasks take it: a PNG, or raw RGB (a caller that has the pixels already). */
export type Picture = { png: Uint8Array } | { data: Uint8Array; width: number; height: number };

/** The long side an image is worked on at: OCR and drawing stay fast, and marketplaces want no more. */
const WORK_SIDE = 2000;

async function pixelsOf(picture: Picture): Promise<RgbImage> {
  if (!('png' in picture)) return { ...picture, data: asBuffer(picture.data) };
  const { data, info } = await sharp(picture.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Encoded as every 图片翻译 PNG is (sharp's defaults), so the pool and the event loop give the same bytes. */
const toPng = (image: RgbImage): Promise<Buffer> =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .png()
    .toBuffer();

/** The upload turned upright, flattened on white and brought to at most WORK_SIDE, as PNG. */
async function workingPicture(input: { bytes: Uint8Array }) {
  const { data, info } = await sharp(input.bytes)
    .rotate()
    .resize({ width: WORK_SIDE, height: WORK_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const png = await toPng({ data, width: info.width, height: info.height });
  return { png: png as Uint8Array, width: info.width, height: info.height };
}

/** What the matting service is sent for the picture (text/product-text.ts's `matteInput`). */
async function pictureForMatte(input: { picture: Picture }) {
  return (await matteInput(await pixelsOf(input.picture))) as Uint8Array;
}

function printedIndices(image: RgbImage, blocks: TextBlock[], area: ProductArea | null, oneByOne = false) {
  const on = oneByOne
    ? new Set(blocks.filter((block) => productPrint(image, [block], area).has(block)))
    : productPrint(image, blocks, area);
  return blocks.flatMap((block, i) => (on.has(block) ? [i] : []));
}

/**
 * The indices of `blocks` printed on the product (text/product-print.ts) where `area` is: judged
 * together (blocks on one card decide together), or `oneByOne`, each block on its own.
 */
async function printedOn(input: {
  image: Picture;
  blocks: TextBlock[];
  area: ProductArea | null;
  oneByOne?: boolean;
}) {
  return printedIndices(await pixelsOf(input.image), input.blocks, input.area, input.oneByOne);
}

/**
 * 图片翻译's product: where it is from its matte (text/product-text.ts, null: none found), and the
 * indices of `blocks` printed on it.
 */
async function productText(input: {
  image: Picture;
  matte: RawMask;
  lines: TextLine[];
  blocks: TextBlock[];
}) {
  const image = await pixelsOf(input.image);
  const area = await productArea(alphaMask(input.matte), image, input.lines);
  return { area, printed: printedIndices(image, input.blocks, area) };
}

/** The lines framed by dashes cut to their text between them (text/dashes.ts), and the dashes, kept. */
async function linesBetweenDashes(input: { image: Picture; lines: TextLine[] }) {
  const image = await pixelsOf(input.image);
  const dashes: TextBox[] = [];
  const lines = input.lines.map((line) => {
    const framed = betweenDashes(image, line);
    if (!framed) return line;
    dashes.push(...framed.dashes);
    return framed.line;
  });
  return { lines, dashes };
}

/** The logos' Latin names set in spaced-out capitals over or under `names` (text/logo-letters.ts). */
async function spacedNames(input: { image: Picture; names: TextBox[] }) {
  const image = await pixelsOf(input.image);
  return input.names.flatMap((name) => spacedLetters(image, name) ?? []);
}

/** One round of blocks erased (text/erase-blocks.ts) from the PNG: the erased picture as PNG, and the layers. */
async function erasePicture(input: Omit<EraseInput, 'image'> & { png: Uint8Array }) {
  const { png, ...round } = input;
  const image = await pixelsOf({ png });
  const erased = await eraseBlocks({ ...round, image });
  return { png: (await toPng(image)) as Uint8Array, layers: erased.layers };
}

/** 图片翻译's drawing of the translated blocks on the erased picture (a PNG). */
async function drawTranslated(input: { background: Uint8Array; blocks: TranslatedBlock[]; target: string }) {
  const drawn = await drawTranslation(asBuffer(input.background), input.blocks, input.target);
  return { png: drawn.png as Uint8Array, blocks: drawn.blocks };
}

export const PICTURE_TASKS = {
  workingPicture,
  pictureForMatte,
  productText,
  printedOn,
  linesBetweenDashes,
  spacedNames,
  /** 图片翻译's erasing of one round of blocks, once their translations are back. */
  erasePicture,
  drawTranslation: drawTranslated,
};
