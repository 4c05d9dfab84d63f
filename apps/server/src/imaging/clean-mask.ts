import { PRODUCT_ALPHA } from '@chuhai/contract';
import { productBox } from './product-box.ts';

/**
 * What a matting model gives back is not only the product: faint haze of the old background, a
 * detached speck it took for product, soft edges that carry the background's colour. Composited as
 * they are, they left grey smudges on the "pure white" and made the product look small to the very
 * check that then failed the image. These functions turn a raw mask into the product's pixels, the
 * one definition the main image is built from and checked against.
 */

/** At or above: the product itself (what the checker measures the fill by). */
export const SOLID = PRODUCT_ALPHA.solid;
/** Below: background, made fully transparent (the checker counts it as background). */
export const HAZE_BELOW = PRODUCT_ALPHA.haze;
/** A solid part smaller than this share of the largest is a speck, not the product. */
const SPECK_SHARE = 0.01;
/** Masks larger than this are cleaned at a smaller size (see `cleanMask`). */
const WORKING_PIXELS = 1_500_000;
/** Soft edges are kept this far (a share of the product's longer side, at least 2 px) from the solid product. */
const EDGE_REACH = 0.02;

/**
 * Visits, from the pixels already on `stack` (its first `count` entries), every 4-neighbour for
 * which `take(q)` says yes, marking it as `take` decides; returns how many were visited. A typed
 * stack and no per-pixel allocation: a 12-megapixel mask is walked in a fraction of a second.
 */
function flood(stack: Int32Array, count: number, width: number, size: number, take: (q: number) => boolean) {
  let top = count;
  let visited = 0;
  while (top > 0) {
    const p = stack[--top] as number;
    visited += 1;
    const x = p % width;
    if (x > 0 && take(p - 1)) stack[top++] = p - 1;
    if (x < width - 1 && take(p + 1)) stack[top++] = p + 1;
    if (p >= width && take(p - width)) stack[top++] = p - width;
    if (p + width < size && take(p + width)) stack[top++] = p + width;
  }
  return visited;
}

/**
 * The solid parts of the mask as connected components (4-neighbour), each pixel labelled 1…n; 0 is
 * none. `stack` is scratch space of the mask's length.
 */
export function solidComponents(mask: Uint8Array, width: number, stack: Int32Array) {
  const labels = new Int32Array(mask.length);
  const areas: number[] = [0];
  for (let start = 0; start < labels.length; start += 1) {
    if (labels[start] !== 0 || (mask[start] as number) < SOLID) continue;
    const label = areas.length;
    labels[start] = label;
    stack[0] = start;
    areas.push(
      flood(stack, 1, width, mask.length, (q) => {
        if (labels[q] !== 0 || (mask[q] as number) < SOLID) return false;
        labels[q] = label;
        return true;
      }),
    );
  }
  return { labels, areas };
}

/** `on` grown by `radius` pixels in every direction (a square window, two separable passes). */
function dilate(on: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const across = new Uint8Array(on.length);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    // Two sweeps per row: the nearest set pixel to the left, then to the right.
    let last = -Infinity;
    for (let x = 0; x < width; x += 1) {
      if (on[row + x]) last = x;
      if (x - last <= radius) across[row + x] = 1;
    }
    last = Infinity;
    for (let x = width - 1; x >= 0; x -= 1) {
      if (on[row + x]) last = x;
      if (last - x <= radius) across[row + x] = 1;
    }
  }
  const grown = new Uint8Array(on.length);
  for (let x = 0; x < width; x += 1) {
    let last = -Infinity;
    for (let y = 0; y < height; y += 1) {
      if (across[y * width + x]) last = y;
      if (y - last <= radius) grown[y * width + x] = 1;
    }
    last = Infinity;
    for (let y = height - 1; y >= 0; y -= 1) {
      if (across[y * width + x]) last = y;
      if (last - y <= radius) grown[y * width + x] = 1;
    }
  }
  return grown;
}

/**
 * The product's pixels: specks (solid parts under 1% of the largest) dropped, haze below alpha 16
 * cleared, and soft edge kept only where it joins the solid product within reach of it (fur and
 * hair stay; a smudge of the old background beside the product goes). Null when nothing solid is left.
 */
export function cleanMask(mask: Uint8Array, width: number, height: number): Uint8Array | null {
  // A matting model's mask is about a megapixel scaled up to the photo: its parts are found at
  // that size (a 12-megapixel photo took 0.7 s on the event loop at full size), then applied to
  // every pixel of the photo.
  const factor = Math.ceil(Math.sqrt((width * height) / WORKING_PIXELS));
  if (factor <= 1) return cleanAtSize(mask, width, height);
  const smallWidth = Math.ceil(width / factor);
  const smallHeight = Math.ceil(height / factor);
  const small = new Uint8Array(smallWidth * smallHeight);
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor(y / factor) * smallWidth;
    for (let x = 0; x < width; x += 1) {
      const s = row + Math.floor(x / factor);
      const alpha = mask[y * width + x] as number;
      if (alpha > (small[s] as number)) small[s] = alpha;
    }
  }
  const cleanSmall = cleanAtSize(small, smallWidth, smallHeight);
  if (!cleanSmall) return null;
  const keep = new Uint8Array(cleanSmall.length);
  for (let s = 0; s < keep.length; s += 1) if (cleanSmall[s]) keep[s] = 1;
  // Soft edge may reach one block past what was kept at the small size.
  const near = dilate(keep, smallWidth, smallHeight, 1);
  const nearBlock = (p: number) =>
    near[Math.floor(Math.floor(p / width) / factor) * smallWidth + Math.floor((p % width) / factor)] === 1;
  const clean = new Uint8Array(mask.length);
  const stack = new Int32Array(mask.length);
  let count = 0;
  for (let y = 0; y < height; y += 1) {
    const blockRow = ((y / factor) | 0) * smallWidth;
    for (let x = 0, p = y * width; x < width; x += 1, p += 1) {
      const alpha = mask[p] as number;
      if (alpha >= SOLID && (cleanSmall[blockRow + ((x / factor) | 0)] as number) > 0) {
        clean[p] = alpha;
        stack[count++] = p;
      }
    }
  }
  // As at the small size, soft edge joins only through soft edge, so no fragment floats apart.
  flood(stack, count, width, mask.length, (q) => {
    const alpha = mask[q] as number;
    if (clean[q] !== 0 || alpha < HAZE_BELOW || alpha >= SOLID || !nearBlock(q)) return false;
    clean[q] = alpha;
    return true;
  });
  return clean;
}

/** `cleanMask` at the mask's own size. */
function cleanAtSize(mask: Uint8Array, width: number, height: number): Uint8Array | null {
  // Every pixel is pushed at most once per walk, so one stack of the mask's size serves both.
  const stack = new Int32Array(mask.length);
  const { labels, areas } = solidComponents(mask, width, stack);
  let largest = 0;
  for (const area of areas) if (area > largest) largest = area;
  if (largest === 0) return null;
  const kept = new Uint8Array(mask.length);
  for (let p = 0; p < mask.length; p += 1) {
    const label = labels[p] as number;
    if (label !== 0 && (areas[label] as number) >= largest * SPECK_SHARE) kept[p] = 1;
  }
  const box = productBox(kept, width, height, 1);
  if (!box) return null;
  const reach = Math.max(2, Math.round(Math.max(box.width, box.height) * EDGE_REACH));
  const near = dilate(kept, width, height, reach);
  // Soft edge joins the product only through soft edge: grown outwards from the kept solid parts
  // over pixels at or above the haze level that are within reach, so no fragment floats apart.
  const clean = new Uint8Array(mask.length);
  let count = 0;
  for (let p = 0; p < mask.length; p += 1)
    if (kept[p]) {
      clean[p] = mask[p] as number;
      stack[count++] = p;
    }
  flood(stack, count, width, mask.length, (q) => {
    const alpha = mask[q] as number;
    if (clean[q] !== 0 || !near[q] || alpha < HAZE_BELOW || alpha >= SOLID) return false;
    clean[q] = alpha;
    return true;
  });
  return clean;
}

/**
 * The photo's colours with the old background's colour taken out of the soft edge: a pixel that is
 * `a` product over background B was seen as a·F + (1 − a)·B, so F = (I − (1 − a)·B) / a. B is the
 * photo's mean colour where the raw mask says background. Without this, a product shot on green
 * keeps a green fringe on white.
 */
export function decontaminate(rgb: Uint8Array, raw: Uint8Array, clean: Uint8Array): Uint8Array {
  const sum = [0, 0, 0];
  let count = 0;
  for (let p = 0; p < raw.length; p += 1) {
    if ((raw[p] as number) >= HAZE_BELOW) continue;
    for (let c = 0; c < 3; c += 1) sum[c] = (sum[c] as number) + (rgb[p * 3 + c] as number);
    count += 1;
  }
  if (count === 0) return rgb;
  const background = sum.map((s) => s / count);
  const out = Uint8Array.from(rgb);
  for (let p = 0; p < clean.length; p += 1) {
    const alpha = (clean[p] as number) / 255;
    if (alpha === 0 || alpha >= 0.98) continue;
    for (let c = 0; c < 3; c += 1) {
      const seen = rgb[p * 3 + c] as number;
      const product = (seen - (1 - alpha) * (background[c] as number)) / Math.max(alpha, 0.1);
      out[p * 3 + c] = Math.max(0, Math.min(255, Math.round(product)));
    }
  }
  return out;
}
