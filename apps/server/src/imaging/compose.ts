import {
  contactShadow,
  footprint,
  MAIN_IMAGE_RULES,
  PLACEMENT_LIMITS,
  type PlacementChoice,
  productLayerPosition,
  productLayerSize,
} from '@chuhai/contract';
import sharp from 'sharp';
import type { AlphaMask } from '../providers/matting/matting-engine.ts';
import { cleanMask, decontaminate, HAZE_BELOW, SOLID } from './clean-mask.ts';
import type { MaskedPixels } from './main-image-check.ts';
import { productBox } from './product-box.ts';

/**
 * Everything made from a photo and its mask: the transparent cut-out, the white main image and the
 * product on a new background. sharp does the pixel work off the event loop.
 */

/**
 * The mask holds no product: the seller's photo, not our failure. A fact about the picture with no
 * words for the seller; work/seller-error.ts says it in Chinese, and the use is given back.
 */
export class NoProductError extends Error {
  override name = 'NoProductError';
  constructor() {
    super('no product in the picture');
  }
}

const rawMask = (m: AlphaMask) => ({ raw: { width: m.width, height: m.height, channels: 1 as const } });

/** The photo with the mask as its alpha channel, full size, as PNG. */
export async function cutoutPng(image: Buffer, matte: AlphaMask): Promise<Buffer> {
  return sharp(await rgbaPixels(image, matte), rawRgba(matte))
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/**
 * The photo's colours with the mask as alpha, as raw RGBA. Separate steps on purpose: within one
 * sharp pipeline `removeAlpha` and `extract` run in sharp's own order, not the chain's, which
 * dropped the joined channel.
 */
async function rgbaPixels(image: Buffer, matte: AlphaMask): Promise<Buffer> {
  const rgb = await sharp(image).removeAlpha().raw().toBuffer();
  return sharp(rgb, { raw: { width: matte.width, height: matte.height, channels: 3 } })
    .joinChannel(matte.mask, rawMask(matte))
    .raw()
    .toBuffer();
}

const rawRgba = (m: AlphaMask) => ({ raw: { width: m.width, height: m.height, channels: 4 as const } });

/**
 * The product's pixels (`cleanMask`, edge colours `decontaminate`d) cropped to them, scaled so the
 * product's visible box (alpha ≥ 128, as the main-image check measures it) has a longer side of
 * `longSide` px. `visible` is that box inside the returned pixels.
 */
async function scaledProduct(image: Buffer, matte: AlphaMask, longSide: number) {
  const clean = cleanMask(matte.mask, matte.width, matte.height);
  const visible = clean && productBox(clean, matte.width, matte.height, SOLID);
  const crop = clean && productBox(clean, matte.width, matte.height, HAZE_BELOW);
  if (!clean || !visible || !crop) throw new NoProductError();
  // `longSide` is already in pixels: a frame of 1 at that scale.
  const { ratio, width, height } = productLayerSize(crop, visible, longSide, 1);
  const rgb = await sharp(image).removeAlpha().raw().toBuffer();
  const colours = decontaminate(rgb, matte.mask, clean);
  const joined = await sharp(colours, { raw: { width: matte.width, height: matte.height, channels: 3 } })
    .joinChannel(Buffer.from(clean), rawMask(matte))
    .raw()
    .toBuffer();
  const rgba = await sharp(joined, rawRgba(matte))
    .extract(crop)
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  // Resizing spreads the cleaned edge into a faint halo again (most on a small product enlarged
  // many times); cleared, so every pixel the check counts as background is white.
  for (let a = 3; a < rgba.length; a += 4) if ((rgba[a] as number) < HAZE_BELOW) rgba[a] = 0;
  const inside = {
    left: (visible.left - crop.left) * ratio,
    top: (visible.top - crop.top) * ratio,
    width: visible.width * ratio,
    height: visible.height * ratio,
  };
  return { rgba, width, height, visible: inside, ratio };
}

/** The alpha channel of raw RGBA pixels. */
function alphaOf(rgba: Buffer, pixels: number): Uint8Array {
  const alpha = new Uint8Array(pixels);
  for (let p = 0; p < pixels; p += 1) alpha[p] = rgba[p * 4 + 3] as number;
  return alpha;
}

/** `inner` (one byte per pixel) placed at (left, top) in an empty `size`×`size` mask. */
function placeMask(
  inner: Uint8Array,
  innerWidth: number,
  left: number,
  top: number,
  size: number,
): Uint8Array {
  const mask = new Uint8Array(size * size);
  const innerHeight = inner.length / innerWidth;
  for (let y = 0; y < innerHeight; y += 1) {
    const targetY = top + y;
    if (targetY < 0 || targetY >= size) continue;
    for (let x = 0; x < innerWidth; x += 1) {
      const targetX = left + x;
      if (targetX >= 0 && targetX < size)
        mask[targetY * size + targetX] = inner[y * innerWidth + x] as number;
    }
  }
  return mask;
}

export interface MadeImage {
  bytes: Buffer;
  width: number;
  height: number;
  /** The encoded result decoded again with the product's placed mask, for the main-image check. */
  pixels: MaskedPixels;
  /** How many times the product's pixels were enlarged to reach the fill (below 1: shrunk). */
  enlargement: number;
}

/**
 * A main image: the product centred on pure white, its longer side 85% of a `size`×`size` square,
 * as JPEG. The check then runs on the encoded file decoded again, so it judges what is delivered.
 */
export async function whiteMainImage(image: Buffer, matte: AlphaMask, size: number): Promise<MadeImage> {
  const product = await scaledProduct(image, matte, Math.round(size * MAIN_IMAGE_RULES.fillTarget));
  // The visible product is centred; its soft edge falls around it.
  const left = Math.round((size - product.visible.width) / 2 - product.visible.left);
  const top = Math.round((size - product.visible.height) / 2 - product.visible.top);
  const bytes = await sharp({ create: { width: size, height: size, channels: 3, background: '#ffffff' } })
    .composite([
      { input: product.rgba, raw: { width: product.width, height: product.height, channels: 4 }, left, top },
    ])
    // Full-resolution colour: halved chroma rings the edge with off-white the check counts.
    .jpeg({ quality: 92, mozjpeg: true, chromaSubsampling: '4:4:4' })
    .toBuffer();
  const rgb = await sharp(bytes).removeAlpha().raw().toBuffer();
  const mask = placeMask(
    alphaOf(product.rgba, product.width * product.height),
    product.width,
    left,
    top,
    size,
  );
  return {
    bytes,
    width: size,
    height: size,
    pixels: { rgb, mask, width: size, height: size },
    enlargement: product.ratio,
  };
}

/** The sliders' placement (contract's PlacementChoice) and whether to draw the contact shadow. */
export interface Placement extends PlacementChoice {
  shadow: boolean;
}

/** The contact shadow as an SVG the size of the frame (the geometry is shared with the page's preview). */
function shadowSvg(ellipse: ReturnType<typeof contactShadow>, size: number): Buffer {
  const { cx, cy, rx, ry, blur, opacity } = ellipse;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
      `<filter id="s" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="${blur.toFixed(1)}"/></filter>` +
      `<ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="${rx.toFixed(1)}" ry="${ry.toFixed(1)}" fill="#000" fill-opacity="${opacity}" filter="url(#s)"/>` +
      '</svg>',
  );
}

/** The product placed on `background` (any image, covered to a square), as JPEG. */
export async function placeOnBackground(
  image: Buffer,
  matte: AlphaMask,
  background: Buffer,
  placement: Placement,
  size: number = PLACEMENT_LIMITS.outputSize,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const product = await scaledProduct(image, matte, Math.round(size * placement.scale));
  // Keep the whole product inside the frame, whatever position was asked for.
  const { left, top } = productLayerPosition(product, placement, size);
  const layers: sharp.OverlayOptions[] = [];
  const base = placement.shadow
    ? footprint({ data: product.rgba, width: product.width, height: product.height, channels: 4, offset: 3 })
    : null;
  if (base) layers.push({ input: shadowSvg(contactShadow(base, left, top), size) });
  layers.push({
    input: product.rgba,
    raw: { width: product.width, height: product.height, channels: 4 },
    left,
    top,
  });
  // Rendered first: sharp applies `composite` after `resize` whatever order they are chained in, and
  // the layers are placed on the square.
  const square = await sharp(background).resize(size, size, { fit: 'cover' }).removeAlpha().png().toBuffer();
  const bytes = await sharp(square).composite(layers).jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  return { bytes, width: size, height: size };
}

/** An upload's raw RGB pixels with its mask, for checking the photo as it is. */
export async function maskedPixels(image: Buffer, matte: AlphaMask): Promise<MaskedPixels> {
  const rgb = await sharp(image).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer();
  return { rgb, mask: matte.mask, width: matte.width, height: matte.height };
}
