import sharp from 'sharp';
import type { AlphaMask } from '../../providers/matting/matting-engine.ts';
import { solidComponents } from '../clean-mask.ts';
import type { TextBlock, TextBox } from '../ocr/index.ts';
import type { RgbImage } from './rgb-image.ts';

/**
 * Text printed on the product (the brand on a bottle, a box's name) is kept by 图片翻译 unless the
 * seller asks otherwise: erasing it damages the photo and misrepresents what the buyer receives.
 * The product is found by the matting model; the figures behind every threshold below are in
 * docs/decisions.md (bench/image-translate.ts measures them).
 */

/** The product's mask for the upright image it is given (any size of the same shape). */
export type ProductMatte = (image: Buffer) => Promise<AlphaMask>;

/** The product is looked for at this long side: the mask only has to be coarse. */
const AREA_SIDE = 512;
/** Sent to the matting model at most this large: it works at 1024×1024 whatever it is sent. */
const MATTE_SIDE = 1024;
/**
 * A solid part smaller than this share of the image is no product: on a poster the model picks out
 * badges (4% of the image) and single words; products in supplier photos measured 17–26%.
 */
const MIN_PRODUCT_SHARE = 0.05;
/**
 * A part whose surface is one flat colour (this share of it within FLAT_DISTANCE of its median) is a
 * designer's panel or badge, not a photographed product, which always has shading and parts.
 */
const FLAT_SHARE = 0.9;
const FLAT_DISTANCE = 12;
/**
 * A part whose colours follow one straight gradient (each channel a plane over the part, off by
 * under this much on average) is a designer's banner too: a photographed surface has highlights
 * and shading that bend, not one linear ramp.
 */
const PLANE_RMS = 3;
/** A block is on the product when this share of its box, grown by MARGIN of its letters' size, is. */
const ON_SHARE = 0.9;
const MARGIN = 0.3;
/** A line's box this much taller than wide is a column of vertical text (as the OCR joins lines). */
const COLUMN = 1.5;

/**
 * The size of a line's letters: its height, or a column's width. A column's height is the length of
 * its words: the red ribbon hanging down a baijiu bottle, 57 px wide and 226 px long, was grown by
 * 68 px all round, past the bottle's shoulder and the picture's edge, and translated as off the
 * product while the same ribbon on the next bottle was kept.
 */
const letterSize = (box: TextBox) => (box.height >= COLUMN * box.width ? box.width : box.height);

/** Where the product is, at a coarse size: 1 on the product, 0 elsewhere. */
export interface ProductArea {
  on: Uint8Array;
  width: number;
  height: number;
  /** Coarse pixels per pixel of the working image. */
  scale: number;
}

const grown = (box: TextBox, by: number): TextBox => ({
  x: box.x - by,
  y: box.y - by,
  width: box.width + 2 * by,
  height: box.height + 2 * by,
});

/** The pixels of `box` (working-image pixels) at the coarse size, clipped to it. */
function coarseBox(box: TextBox, area: Pick<ProductArea, 'width' | 'height' | 'scale'>) {
  const left = Math.max(0, Math.floor(box.x * area.scale));
  const top = Math.max(0, Math.floor(box.y * area.scale));
  const right = Math.min(area.width, Math.ceil((box.x + box.width) * area.scale));
  const bottom = Math.min(area.height, Math.ceil((box.y + box.height) * area.scale));
  return { left, top, right, bottom };
}

/** Whether most of one channel's values lie near their median: the surface is a flat colour. */
function isFlat(rgb: Buffer, pixels: number[]): boolean {
  if (pixels.length === 0) return true;
  const medians = [0, 1, 2].map((c) => {
    const histogram = new Uint32Array(256);
    for (const p of pixels) {
      const value = rgb[p * 3 + c] as number;
      histogram[value] = (histogram[value] as number) + 1;
    }
    let seen = 0;
    for (let v = 0; v < 256; v += 1) {
      seen += histogram[v] as number;
      if (seen * 2 >= pixels.length) return v;
    }
    return 255;
  });
  let near = 0;
  for (const p of pixels) {
    let far = false;
    for (let c = 0; c < 3; c += 1)
      if (Math.abs((rgb[p * 3 + c] as number) - (medians[c] as number)) > FLAT_DISTANCE) far = true;
    if (!far) near += 1;
  }
  return near >= pixels.length * FLAT_SHARE;
}

/** How far a part's colours are from one linear gradient (root mean square over channels). */
function planeResidual(rgb: Buffer, pixels: number[], width: number): number {
  // Least squares of v = a + b·x + c·y for each channel, through the normal equations.
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const p of pixels) {
    const x = (p % width) / width;
    const y = Math.floor(p / width) / width;
    n += 1;
    sx += x;
    sy += y;
    sxx += x * x;
    syy += y * y;
    sxy += x * y;
  }
  const matrix = [
    [n, sx, sy],
    [sx, sxx, sxy],
    [sy, sxy, syy],
  ];
  let squared = 0;
  for (let c = 0; c < 3; c += 1) {
    let sv = 0;
    let sxv = 0;
    let syv = 0;
    for (const p of pixels) {
      const v = rgb[p * 3 + c] as number;
      sv += v;
      sxv += ((p % width) / width) * v;
      syv += (Math.floor(p / width) / width) * v;
    }
    const [a, b, d] = solve3(matrix, [sv, sxv, syv]);
    for (const p of pixels) {
      const fit = a + b * ((p % width) / width) + d * (Math.floor(p / width) / width);
      squared += ((rgb[p * 3 + c] as number) - fit) ** 2;
    }
  }
  return Math.sqrt(squared / Math.max(1, pixels.length * 3));
}

/** The 3×3 system `m · v = r` by Cramer's rule; zeros when it is singular (a line of pixels). */
function solve3(m: number[][], r: number[]): [number, number, number] {
  const det = (a: number[][]) =>
    (a[0]?.[0] as number) *
      ((a[1]?.[1] as number) * (a[2]?.[2] as number) - (a[1]?.[2] as number) * (a[2]?.[1] as number)) -
    (a[0]?.[1] as number) *
      ((a[1]?.[0] as number) * (a[2]?.[2] as number) - (a[1]?.[2] as number) * (a[2]?.[0] as number)) +
    (a[0]?.[2] as number) *
      ((a[1]?.[0] as number) * (a[2]?.[1] as number) - (a[1]?.[1] as number) * (a[2]?.[0] as number));
  const whole = det(m);
  if (Math.abs(whole) < 1e-9) return [0, 0, 0];
  const column = (i: number) => m.map((row, k) => row.map((v, j) => (j === i ? (r[k] as number) : v)));
  return [det(column(0)) / whole, det(column(1)) / whole, det(column(2)) / whole];
}

/** A designer's panel, badge or banner: one flat colour, or one straight gradient. */
export const isDesigned = (rgb: Buffer, pixels: number[], width: number) =>
  isFlat(rgb, pixels) || planeResidual(rgb, pixels, width) < PLANE_RMS;

/**
 * The product in `image` from its matte, or null when there is none: the solid parts of the mask
 * that are large enough and not a flat colour or one straight gradient. `lines` (every line OCR found) are left out of the
 * colour test, so a product is judged by its surface, not by the text on it.
 */
export async function productArea(
  matte: AlphaMask,
  image: RgbImage,
  lines: readonly { box: TextBox }[],
): Promise<ProductArea | null> {
  const scale = Math.min(1, AREA_SIDE / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const mask = await sharp(matte.mask, { raw: { width: matte.width, height: matte.height, channels: 1 } })
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const rgb = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  const text = new Uint8Array(width * height);
  for (const line of lines) {
    const b = coarseBox(grown(line.box, Math.ceil(letterSize(line.box) * MARGIN)), { width, height, scale });
    for (let y = b.top; y < b.bottom; y += 1) text.fill(1, y * width + b.left, y * width + b.right);
  }
  const { labels, areas } = solidComponents(mask, width, new Int32Array(mask.length));
  // The surface of each large part: inside it (all four neighbours too, so no edge blended with the
  // background) and off the text.
  const surfaces = new Map<number, number[]>();
  for (let label = 1; label < areas.length; label += 1)
    if ((areas[label] as number) >= width * height * MIN_PRODUCT_SHARE) surfaces.set(label, []);
  if (surfaces.size === 0) return null;
  for (let y = 1; y < height - 1; y += 1)
    for (let x = 1, p = y * width + 1; x < width - 1; x += 1, p += 1) {
      const label = labels[p] as number;
      const surface = surfaces.get(label);
      if (!surface || text[p]) continue;
      if (
        labels[p - 1] === label &&
        labels[p + 1] === label &&
        labels[p - width] === label &&
        labels[p + width] === label
      )
        surface.push(p);
    }
  const product = new Set(
    [...surfaces].filter(([, pixels]) => !isDesigned(rgb, pixels, width)).map(([label]) => label),
  );
  if (product.size === 0) return null;
  const on = new Uint8Array(width * height);
  for (let p = 0; p < on.length; p += 1) if (product.has(labels[p] as number)) on[p] = 1;
  return { on, width, height, scale };
}

/** The product's size in pixels of the working image. */
export function productPixels(area: ProductArea): number {
  let on = 0;
  for (const value of area.on) on += value;
  return on / (area.scale * area.scale);
}

/** How much of a block's box, grown by MARGIN of its letters' size, lies on the product (coarse pixels). */
function cover(block: TextBlock, area: ProductArea) {
  const b = coarseBox(grown(block.box, Math.max(2, Math.round(blockLetters(block) * MARGIN))), area);
  let on = 0;
  for (let y = b.top; y < b.bottom; y += 1)
    for (let x = b.left; x < b.right; x += 1) on += area.on[y * area.width + x] as number;
  return { on, all: (b.right - b.left) * (b.bottom - b.top) };
}

/** The size of a block's smallest letters (`letterSize` of each line). */
export const blockLetters = (block: TextBlock) =>
  Math.min(...block.lines.map((line) => letterSize(line.box)));

/** The share of a block's box, with a margin, that lies on the product. */
export function productShare(block: TextBlock, area: ProductArea): number {
  const { on, all } = cover(block, area);
  return all > 0 ? on / all : 0;
}

/** Whether a block is printed on the product: its box, with a margin, lies (almost) wholly on it. */
export function isOnProduct(block: TextBlock, area: ProductArea): boolean {
  const { on, all } = cover(block, area);
  return all > 0 && on >= all * ON_SHARE;
}

/** The working image as the matting model is sent it: upright, at most MATTE_SIDE, JPEG. */
export function matteInput(image: RgbImage): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize({ width: MATTE_SIDE, height: MATTE_SIDE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 90 })
    .toBuffer();
}
