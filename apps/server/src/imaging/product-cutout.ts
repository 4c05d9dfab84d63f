/**
 * The product alone, the one recipe every picture made from a photo starts from: 抠图's transparent
 * PNG, 换背景, 批量处理's outputs and every main image. A supplier's photo is more than the product
 * (a column of facts beside it, a badge, a person); the matting model keeps much of that, some as
 * see-through pixels. Cut here once, none of it reaches a cut-out, a new background or the box a
 * product is sized by.
 */
import type { AlphaMask, MattingEngine } from '../providers/matting/matting-engine.ts';
import { NoProductError } from './compose.ts';
import type { OcrEngine } from './ocr/index.ts';
import { PIXELS_ON_THIS_THREAD, type PixelWork } from './pixel-pool.ts';
import { asBuffer } from './pixel-transfer.ts';

/**
 * What finds the product: the matting model, and the OCR for text added over it; `pixels`, where
 * the pixel work runs (the node's pool; this thread when absent).
 */
export interface ProductFinders {
  ocr: OcrEngine;
  matting: Pick<MattingEngine, 'matte'>;
  pixels?: PixelWork;
}

/** A photo cut down to its product. */
export interface ProductCutout {
  /** The photo, with text added over the product erased (unchanged when there was none). */
  image: Buffer;
  /** The product only: every other pixel, solid or see-through, is 0. */
  matte: AlphaMask;
  /** Separate parts dropped (a person, a badge, a second item), for the 「只有商品」 rule. */
  dropped: number;
  /** Lines of added text erased over the product. */
  erased: number;
}

/**
 * The product alone in `photo`: matted (unless `matte` is given: a stored or brushed cut-out),
 * parts apart from the product dropped unless the seller said they are all the product
 * (`allParts`), text added over it erased and the product found again (main-image-fix.ts), then
 * haze, specks and see-through pixels not joined to what is kept cleared (clean-mask.ts), so a
 * half-transparent column of text beside the product is gone from the alpha too. The pixel work
 * runs in `finders.pixels` (pixel-pool.ts; on this thread without one); matting and OCR between.
 */
export async function cutOutProduct(
  finders: ProductFinders,
  photo: Buffer,
  options: { allParts: boolean; matte?: AlphaMask },
): Promise<ProductCutout> {
  const pixels = finders.pixels ?? PIXELS_ON_THIS_THREAD;
  const { allParts } = options;
  const matte = options.matte ?? (await finders.matting.matte(photo));
  const { width, height } = matte;
  const kept = await pixels.run('keepParts', { image: photo, ...matte, allParts });
  if (kept.kind === 'no-product') throw new NoProductError();
  const cutout = (image: Buffer, mask: Uint8Array, size: { width: number; height: number }) => ({
    image,
    matte: { mask: asBuffer(mask), ...size },
    dropped: kept.dropped,
    erased: 0,
  });
  if (kept.kind === 'done') return cutout(photo, kept.mask, { width, height });
  const lines = await finders.ocr.readLines(photo);
  const erased = await pixels.run('eraseText', { image: photo, mask: kept.mask, width, height, lines });
  if (!erased.png) return cutout(photo, erased.mask, { width, height });
  // The cut is made again on the erased picture: a caption the model had taken for part of the
  // product leaves no see-through ghost of its letters behind.
  const png = asBuffer(erased.png);
  const again = await finders.matting.matte(png);
  const clean = await pixels.run('keepAndClean', { ...again, rgb: erased.rgb, allParts });
  return {
    image: png,
    matte: { mask: asBuffer(clean.mask), width: again.width, height: again.height },
    dropped: clean.dropped,
    erased: erased.erased,
  };
}
