/**
 * The main image's and 图片翻译's pixel work as tasks with plain inputs and outputs (raw pixels as typed arrays,
 * sizes, numbers, the OCR's lines), so the same functions run on the event loop (no pool) or in a
 * pixel worker (pixel-worker.ts) and give the same bytes either way. What needs a provider (matting,
 * OCR) stays with the caller between tasks: product-cutout.ts and pixel-pool.ts put them together.
 */
import type { ImageMarketplaceId, MainImageReport } from '@chuhai/contract';
import sharp from 'sharp';
import type { AlphaMask } from '../providers/matting/matting-engine.ts';
import { cleanMask } from './clean-mask.ts';
import { maskedPixels, type Placement, placeOnBackground, whiteMainImage } from './compose.ts';
import { checkMainImage, type MaskedPixels, type Seen } from './main-image-check.ts';
import { addedOverProduct, eraseAdded } from './main-image-fix.ts';
import type { TextLine } from './ocr/index.ts';
import { PICTURE_TASKS } from './picture-tasks.ts';
import { alphaMask, asBuffer, type RawMask } from './pixel-transfer.ts';
import { productBox } from './product-box.ts';
import { keepProductParts } from './product-only.ts';

/** The product's pixels of a kept matte (clean-mask.ts); the matte as it is when nothing solid is left. */
function cleaned(matte: AlphaMask): Uint8Array {
  return cleanMask(matte.mask, matte.width, matte.height) ?? matte.mask;
}

async function rgbOf(image: Uint8Array) {
  return sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

/**
 * The first step of the cut-out: no product at all, or the parts apart from the product dropped.
 * `done` when the photo is not the matte's size (a rotated upload): nothing is erased then, and the
 * mask is already cleaned; otherwise the kept mask, for `eraseText` once the photo is read.
 */
async function keepParts(input: RawMask & { image: Uint8Array; allParts: boolean }) {
  const { width, height } = input;
  if (!productBox(input.mask, width, height)) return { kind: 'no-product' as const };
  const { data, info } = await rgbOf(input.image);
  const kept = keepProductParts(alphaMask(input), data, input.allParts);
  const dropped = kept.dropped.length;
  if (info.width !== width || info.height !== height)
    return { kind: 'done' as const, mask: cleaned(kept.matte), dropped };
  return { kind: 'kept' as const, mask: kept.matte.mask as Uint8Array, dropped };
}

/**
 * Text added over the product (main-image-fix.ts) erased: none found, and the kept mask cleaned;
 * or the erased photo as PNG with its raw pixels, to be matted again and `keepAndClean`ed.
 */
async function eraseText(input: RawMask & { image: Uint8Array; lines: TextLine[] }) {
  const { data, info } = await rgbOf(input.image);
  const picture = { data, width: info.width, height: info.height };
  const kept = alphaMask(input);
  const added = addedOverProduct(picture, kept, input.lines);
  if (added.length === 0) return { erased: 0, mask: cleaned(kept) };
  const png = await eraseAdded(picture, added);
  return { erased: added.length, png: png as Uint8Array, rgb: picture.data as Uint8Array };
}

/** The erased photo's new matte with the parts apart from the product dropped, then cleaned. */
function keepAndClean(input: RawMask & { rgb: Uint8Array; allParts: boolean }) {
  const kept = keepProductParts(alphaMask(input), asBuffer(input.rgb), input.allParts);
  return { mask: cleaned(kept.matte), dropped: kept.dropped.length };
}

/** compose.ts's white main image; its pixels come back for the check. */
async function whiteMain(input: RawMask & { image: Uint8Array; size: number }) {
  const made = await whiteMainImage(asBuffer(input.image), alphaMask(input), input.size);
  return {
    bytes: made.bytes as Uint8Array,
    rgb: made.pixels.rgb,
    mask: made.pixels.mask,
    size: input.size,
    enlargement: made.enlargement,
  };
}

/** The main-image check of a made main image (or any pixels with their mask). */
function check(input: {
  pixels: MaskedPixels;
  marketplace: ImageMarketplaceId;
  made?: { enlargement: number };
  seen?: Seen;
}): MainImageReport {
  return checkMainImage(input.pixels, input.marketplace, input.made, input.seen);
}

/** The photo as it came, checked with its matte against each marketplace's rules. */
async function checkPhoto(
  input: RawMask & { image: Uint8Array; marketplaces: ImageMarketplaceId[] },
): Promise<MainImageReport[]> {
  const pixels = await maskedPixels(asBuffer(input.image), alphaMask(input));
  return input.marketplaces.map((marketplace) => checkMainImage(pixels, marketplace));
}

/** compose.ts's product on a background. */
async function place(
  input: RawMask & { image: Uint8Array; background: Uint8Array; placement: Placement; size?: number },
) {
  const made = await placeOnBackground(
    asBuffer(input.image),
    alphaMask(input),
    asBuffer(input.background),
    input.placement,
    input.size,
  );
  return { bytes: made.bytes as Uint8Array, width: made.width, height: made.height };
}

/** Every task by name: the worker runs them by the name it is sent, the inline runner calls them. */
export const PIXEL_TASKS = {
  keepParts,
  eraseText,
  keepAndClean,
  whiteMain,
  check,
  checkPhoto,
  place,
  ...PICTURE_TASKS,
};

export type PixelTaskName = keyof typeof PIXEL_TASKS;
export type PixelTaskInput<K extends PixelTaskName> = Parameters<(typeof PIXEL_TASKS)[K]>[0];
export type PixelTaskOutput<K extends PixelTaskName> = Awaited<ReturnType<(typeof PIXEL_TASKS)[K]>>;
