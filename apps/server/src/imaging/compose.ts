import { MAIN_IMAGE_RULES, PLACEMENT_LIMITS, ResultCode } from '@chuhai/contract';
import sharp from 'sharp';
import { AppError } from '../http/app-error.ts';
import type { AlphaMask } from '../providers/matting/matting-engine.ts';
import { cleanMask, decontaminate, HAZE_BELOW, SOLID } from './clean-mask.ts';
import type { MaskedPixels } from './main-image-check.ts';
import { productBox } from './product-box.ts';

/**
 * Everything made from a photo and its mask: the transparent cut-out, the white main image and the
 * product on a new background. sharp does the pixel work off the event loop.
 */

/** The mask holds no product: the seller's photo, not our failure (400, and no use is kept). */
export class NoProductError extends AppError {
  constructor() {
    super(ResultCode.badRequest, '没有在图片里找到产品，请换一张产品清晰、主体完整的照片');
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
  const ratio = longSide / Math.max(visible.width, visible.height);
  const width = Math.max(1, Math.round(crop.width * ratio));
  const height = Math.max(1, Math.round(crop.height * ratio));
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

export interface Placement {
  /** The product's longer side over the frame's. */
  scale: number;
  /** Centre of the product across the frame, 0–1. */
  x: number;
  /** Where the product stands (the bottom of its box), 0–1 down the frame. */
  y: number;
  shadow: boolean;
}

/** Where the product touches the ground: its lowest visible row and the span of its base there. */
interface Footprint {
  bottom: number;
  left: number;
  right: number;
}

/**
 * The product's base, from its visible pixels (alpha ≥ 128) in the lowest 4% of its height: a lamp
 * stands on its foot, a car on its wheels, not on the middle of everything it spans.
 */
function footprint(rgba: Buffer, width: number, height: number): Footprint | null {
  let bottom = -1;
  for (let y = height - 1; y >= 0 && bottom < 0; y -= 1)
    for (let x = 0; x < width; x += 1)
      if ((rgba[(y * width + x) * 4 + 3] as number) >= SOLID) {
        bottom = y;
        break;
      }
  if (bottom < 0) return null;
  const band = Math.max(2, Math.round(height * 0.04));
  let left = width;
  let right = -1;
  for (let y = Math.max(0, bottom - band); y <= bottom; y += 1)
    for (let x = 0; x < width; x += 1)
      if ((rgba[(y * width + x) * 4 + 3] as number) >= SOLID) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
  return { bottom, left, right };
}

/**
 * A soft, flattened ellipse under the product's base, its centre a little above the base's lowest
 * row so the product stands in its shadow instead of floating over it.
 */
function contactShadow(base: Footprint, offsetX: number, offsetY: number, size: number): Buffer {
  const rx = Math.max(8, ((base.right - base.left + 1) / 2) * 1.15);
  const ry = Math.max(4, rx * 0.12);
  const blur = Math.max(2, ry * 0.6);
  const cx = offsetX + (base.left + base.right + 1) / 2;
  const cy = offsetY + base.bottom - ry * 0.25;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
      `<filter id="s" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="${blur.toFixed(1)}"/></filter>` +
      `<ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="${rx.toFixed(1)}" ry="${ry.toFixed(1)}" fill="#000" fill-opacity="0.38" filter="url(#s)"/>` +
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
  const left = Math.min(
    size - product.width,
    Math.max(0, Math.round(placement.x * size - product.width / 2)),
  );
  const top = Math.min(size - product.height, Math.max(0, Math.round(placement.y * size - product.height)));
  const layers: sharp.OverlayOptions[] = [];
  const base = placement.shadow ? footprint(product.rgba, product.width, product.height) : null;
  if (base) layers.push({ input: contactShadow(base, left, top, size) });
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
