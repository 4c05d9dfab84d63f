/**
 * The one-click main image made from the product alone, as a reviewer wants it: parts of the cut
 * apart from the product are dropped (product-only.ts), and text added over the product (a
 * 「包邮」 badge on it, a caption running across its outline) is erased stroke by stroke with
 * 图片翻译's erase before the product is put on white. Text printed on the product stays; text on
 * the background goes with the background.
 */
import { MAIN_IMAGE_RULES as MEASURE } from '@chuhai/contract';
import sharp from 'sharp';
import type { AlphaMask } from '../providers/matting/matting-engine.ts';
import { SOLID } from './clean-mask.ts';
import type { OcrEngine, TextBox, TextLine } from './ocr/index.ts';
import { keepProductParts, onDesignedPart, partsOf, textLike } from './product-only.ts';
import { sitsOnBadge } from './text/badge.ts';
import { grow, inpaint, markStrokes } from './text/erase.ts';
import type { RgbImage } from './text/rgb-image.ts';

/** Under this share of its box on the product, a line lies on the background: it goes with it. */
const ON_BACKGROUND = 0.1;

/** The share of `box` on the product's solid pixels. */
function shareOnProduct(matte: AlphaMask, box: TextBox): number {
  let on = 0;
  let all = 0;
  for (let y = Math.max(0, box.y); y < Math.min(matte.height, box.y + box.height); y += 1)
    for (let x = Math.max(0, box.x); x < Math.min(matte.width, box.x + box.width); x += 1) {
      all += 1;
      if ((matte.mask[y * matte.width + x] as number) >= SOLID) on += 1;
    }
  return on / Math.max(1, all);
}

/** Finds the product in an image again (the matting model), once its added text is erased. */
export type Rematte = (image: Buffer) => Promise<AlphaMask>;

/**
 * The lines of `lines` (an OCR's reading of `picture`) that are text added over the product, to be
 * erased: on the product but not printed on it (across its outline, on a badge over it, on a
 * designer's part kept with it). Lines on the background go with the background.
 */
export function addedOverProduct(picture: RgbImage, kept: AlphaMask, lines: readonly TextLine[]): TextLine[] {
  let productPixels = 0;
  for (const alpha of kept.mask) if (alpha >= SOLID) productPixels += 1;
  const parts = partsOf(kept.mask, picture.width, picture.height);
  return textLike(lines, productPixels).filter((line) => {
    const share = shareOnProduct(kept, line.box);
    if (share < ON_BACKGROUND) return false;
    return (
      share < MEASURE.onProductShare ||
      sitsOnBadge(picture, line.box, productPixels / 4) ||
      onDesignedPart(picture.data, picture.width, parts, line.box)
    );
  });
}

/** `added` erased stroke by stroke and filled in (in place, in `picture`); the result as PNG. */
export async function eraseAdded(picture: RgbImage, added: readonly TextLine[]): Promise<Buffer> {
  const { width, height } = picture;
  const erase = new Uint8Array(width * height);
  for (const line of added) {
    const pad = Math.max(2, Math.min(line.box.width, line.box.height) * 0.18);
    markStrokes(picture, grow(line.box, pad, width, height), erase);
  }
  await inpaint(picture, erase);
  return sharp(picture.data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * The product alone in one call, on this thread: separate parts dropped, added text erased and the
 * product found again (`rematte`). cutOutProduct (product-cutout.ts) runs the same steps, the pixel
 * work in the pixel pool.
 */
export async function onlyTheProduct(
  ocr: OcrEngine,
  image: Buffer,
  matte: AlphaMask,
  options: { allParts: boolean; rematte?: Rematte },
): Promise<{ image: Buffer; matte: AlphaMask; dropped: number; erased: number }> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const kept = keepProductParts(matte, data, options.allParts);
  const unchanged = { image, matte: kept.matte, dropped: kept.dropped.length, erased: 0 };
  // The matte is the image's size; anything else (a rotated upload) is left as it is.
  if (info.width !== matte.width || info.height !== matte.height) return unchanged;
  const picture = { data, width: info.width, height: info.height };
  const added = addedOverProduct(picture, kept.matte, await ocr.readLines(image));
  if (added.length === 0) return unchanged;
  const png = await eraseAdded(picture, added);
  // The cut is made again on the erased picture: a caption the model had taken for part of the
  // product leaves no see-through ghost of its letters behind.
  const again = options.rematte
    ? keepProductParts(await options.rematte(png), picture.data, options.allParts)
    : kept;
  return { image: png, matte: again.matte, dropped: again.dropped.length, erased: added.length };
}
