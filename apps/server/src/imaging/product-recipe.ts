/**
 * The one recipe every picture made from a seller's photo follows: cut the product out (the
 * matting model), keep only the product (product-cutout.ts), enlarge it onto what was ordered (the
 * transparent cut-out, a white main image per marketplace, the product on a new background) and
 * check each main image against its marketplace's rules. 抠图, 主图, 换背景, 批量处理 and 一键出海
 * all make their pictures here, so one photo gives one product box and one verdict whichever tool
 * the seller used. Plain data in and out; the pixel work runs in `finders.pixels` (pixel-pool.ts).
 */
import { type ImageMarketplaceId, MAIN_IMAGE_RULE_SETS, type MainImageReport } from '@chuhai/contract';
import type { AlphaMask } from '../providers/matting/matting-engine.ts';
import { cutoutPng, type Placement } from './compose.ts';
import type { TextLine } from './ocr/index.ts';
import { PIXELS_ON_THIS_THREAD } from './pixel-pool.ts';
import { cutOutProduct, type ProductCutout, type ProductFinders } from './product-cutout.ts';

/** Where the product comes from. */
export type RecipeSource =
  /**
   * A photo, cut down to its product here (matted first unless `matte` is given). `allParts`:
   * the seller said every part is the product (「这些都是商品」).
   */
  | { photo: Buffer; matte?: AlphaMask; allParts?: boolean }
  /** A product cut already (a stored or brushed cut-out): used as it is. */
  | { cut: { image: Buffer; matte: AlphaMask } }
  /**
   * A photo cut down to its product already by cutOutProduct (一键出海 cuts a photo once for every
   * main-image rule set): what the cut dropped still counts in each check, as for a photo.
   */
  | { product: ProductCutout };

/** What to make of the product. */
export interface RecipeOrder {
  /** The transparent PNG of the product alone. */
  cutout?: boolean;
  /** A white main image for each marketplace, checked against its rules. */
  mainImages?: readonly ImageMarketplaceId[];
  /** The photo as it came (everything the model found in it) checked against these rules; a photo source only. */
  photoChecks?: readonly ImageMarketplaceId[];
  /** The product placed on this picture. */
  background?: { image: Buffer; placement: Placement };
  /** Told before each main image is drawn, then before it is checked (抠图's progress). */
  onStage?: (stage: 'main' | 'check') => void;
}

/** A white main image as delivered (JPEG), with the check of exactly these bytes. */
export interface MainImage {
  marketplace: ImageMarketplaceId;
  bytes: Buffer;
  width: number;
  height: number;
  check: MainImageReport;
}

/** Everything the order asked for, from one cut. */
export interface ProductPictures {
  product: ProductCutout;
  /** The transparent PNG, when ordered. */
  cutout?: Buffer;
  mainImages: MainImage[];
  /** In the order of `photoChecks`. */
  photoChecks: MainImageReport[];
  /** The product on the ordered background (JPEG). */
  placed?: { bytes: Buffer; width: number; height: number };
}

/** OCR lines read on one size of a picture, placed on the same picture at `scale` times that size. */
function scaledLines(lines: TextLine[], scale: number): TextLine[] {
  if (scale === 1) return lines;
  return lines.map((line) => ({
    ...line,
    box: {
      x: Math.round(line.box.x * scale),
      y: Math.round(line.box.y * scale),
      width: Math.round(line.box.width * scale),
      height: Math.round(line.box.height * scale),
    },
  }));
}

/** The product of a source: cut here from a photo, or a cut-out as it is (nothing dropped or erased). */
async function productOf(finders: ProductFinders, source: RecipeSource) {
  if ('cut' in source) return { product: { ...source.cut, dropped: 0, erased: 0 }, matte: null };
  if ('product' in source) return { product: source.product, matte: null };
  const matte = source.matte ?? (await finders.matting.matte(source.photo));
  const allParts = source.allParts ?? false;
  return { product: await cutOutProduct(finders, source.photo, { allParts, matte }), matte };
}

/**
 * Cuts the product out of `source` once and makes what `order` asks for from it. Every main image
 * is the same picture at another size, so the OCR reads the first and its boxes are scaled for the
 * others; each check knows the image was made, what the cut dropped and whether the seller kept
 * every part. Throws NoProductError when the photo holds no product.
 */
export async function makeProductPictures(
  finders: ProductFinders,
  source: RecipeSource,
  order: RecipeOrder,
): Promise<ProductPictures> {
  const pixels = finders.pixels ?? PIXELS_ON_THIS_THREAD;
  const { product, matte } = await productOf(finders, source);
  const allParts = 'photo' in source && (source.allParts ?? false);
  const pictures: ProductPictures = { product, mainImages: [], photoChecks: [] };
  if (order.cutout) pictures.cutout = await cutoutPng(product.image, product.matte);
  const photoChecks = order.photoChecks ?? [];
  if (matte && 'photo' in source && photoChecks.length > 0)
    pictures.photoChecks = await pixels.checkPhoto(source.photo, matte, [...photoChecks]);
  let read: { side: number; lines: TextLine[] } | null = null;
  for (const marketplace of order.mainImages ?? []) {
    order.onStage?.('main');
    const size = MAIN_IMAGE_RULE_SETS[marketplace].size;
    const made = await pixels.whiteMainImage(product.image, product.matte, size);
    order.onStage?.('check');
    read ??= { side: made.width, lines: await finders.ocr.readLines(made.bytes) };
    const check = await pixels.checkMainImage(made.pixels, marketplace, made, {
      lines: scaledLines(read.lines, made.width / read.side),
      allParts,
      dropped: product.dropped,
    });
    pictures.mainImages.push({
      marketplace,
      bytes: made.bytes,
      width: made.width,
      height: made.height,
      check,
    });
  }
  if (order.background) {
    const { image, placement } = order.background;
    pictures.placed = await pixels.placeOnBackground(product.image, product.matte, image, placement);
  }
  return pictures;
}
