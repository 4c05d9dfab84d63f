/**
 * The product alone, the one recipe every picture made from a photo starts from: 抠图's transparent
 * PNG, 换背景, 批量处理's outputs and every main image. A supplier's photo is more than the product
 * (a column of facts beside it, a badge, a person); the matting model keeps much of that, some as
 * see-through pixels. Cut here once, none of it reaches a cut-out, a new background or the box a
 * product is sized by.
 */
import type { AlphaMask, MattingEngine } from '../providers/matting/matting-engine.ts';
import { cleanMask } from './clean-mask.ts';
import { NoProductError } from './compose.ts';
import { onlyTheProduct } from './main-image-fix.ts';
import type { OcrEngine } from './ocr/index.ts';
import { productBox } from './product-box.ts';

/** What finds the product: the matting model, and the OCR for text added over it. */
export interface ProductFinders {
  ocr: OcrEngine;
  matting: Pick<MattingEngine, 'matte'>;
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
 * half-transparent column of text beside the product is gone from the alpha too.
 */
export async function cutOutProduct(
  finders: ProductFinders,
  photo: Buffer,
  options: { allParts: boolean; matte?: AlphaMask },
): Promise<ProductCutout> {
  const matte = options.matte ?? (await finders.matting.matte(photo));
  if (!productBox(matte.mask, matte.width, matte.height)) throw new NoProductError();
  const only = await onlyTheProduct(finders.ocr, photo, matte, {
    allParts: options.allParts,
    rematte: (erased) => finders.matting.matte(erased),
  });
  const clean = cleanMask(only.matte.mask, only.matte.width, only.matte.height);
  // A product with nothing solid (all glass) keeps its cut as it is: the main image refuses it later.
  const mask = clean ? Buffer.from(clean.buffer, clean.byteOffset, clean.length) : only.matte.mask;
  return {
    image: only.image,
    matte: { mask, width: only.matte.width, height: only.matte.height },
    dropped: only.dropped,
    erased: only.erased,
  };
}
