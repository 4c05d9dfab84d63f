/**
 * 换背景's geometry: where the product and its contact shadow go on the square frame. The server
 * composes the delivered image with these functions and the page draws its free preview with the
 * same ones, so what the seller sees while moving a slider is what 生成 makes.
 */

/** Alpha levels of a cut-out: at or above `solid` the product is visible (the main-image check's
 * measure), below `haze` a pixel is background. */
export const PRODUCT_ALPHA = { solid: 128, haze: 16 } as const;

/** A box in pixels. */
export interface PixelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Alpha values read from a pixel buffer: one byte per pixel (a mask), or every `channels`th byte
 * from `offset` (raw RGBA: channels 4, offset 3).
 */
export interface AlphaPixels {
  data: ArrayLike<number>;
  width: number;
  height: number;
  channels?: number;
  offset?: number;
}

const alphaAt = (p: AlphaPixels, x: number, y: number) =>
  p.data[(y * p.width + x) * (p.channels ?? 1) + (p.offset ?? 0)] as number;

/** The smallest box holding every pixel with alpha at or above `threshold`, or null when none does. */
export function alphaBox(pixels: AlphaPixels, threshold: number = PRODUCT_ALPHA.solid): PixelBox | null {
  let top = -1;
  let bottom = -1;
  let left = pixels.width;
  let right = -1;
  for (let y = 0; y < pixels.height; y += 1) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < pixels.width; x += 1) {
      if (alphaAt(pixels, x, y) >= threshold) {
        if (first === -1) first = x;
        last = x;
      }
    }
    if (first === -1) continue;
    if (top === -1) top = y;
    bottom = y;
    if (first < left) left = first;
    if (last > right) right = last;
  }
  if (top === -1) return null;
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** Where the product touches the ground: its lowest visible row and the span of its base there. */
export interface Footprint {
  bottom: number;
  left: number;
  right: number;
}

/**
 * The product's base, from its visible pixels in the lowest 4% of its height: a lamp stands on its
 * foot, a car on its wheels, not on the middle of everything it spans.
 */
export function footprint(pixels: AlphaPixels): Footprint | null {
  const { width, height } = pixels;
  let bottom = -1;
  for (let y = height - 1; y >= 0 && bottom < 0; y -= 1)
    for (let x = 0; x < width; x += 1)
      if (alphaAt(pixels, x, y) >= PRODUCT_ALPHA.solid) {
        bottom = y;
        break;
      }
  if (bottom < 0) return null;
  const band = Math.max(2, Math.round(height * 0.04));
  let left = width;
  let right = -1;
  for (let y = Math.max(0, bottom - band); y <= bottom; y += 1)
    for (let x = 0; x < width; x += 1)
      if (alphaAt(pixels, x, y) >= PRODUCT_ALPHA.solid) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
  return { bottom, left, right };
}

/** What the seller chose with the sliders. */
export interface PlacementChoice {
  /** The product's visible longer side over the frame's. */
  scale: number;
  /** Centre of the product across the frame, 0–1. */
  x: number;
  /** Where the product stands (the bottom of its box), 0–1 down the frame. */
  y: number;
}

/**
 * The size of the product's layer: the cut-out cropped to `crop` (its soft edge included), scaled
 * so its `visible` box's longer side is `scale` of the frame. `ratio` is the scaling.
 */
export function productLayerSize(
  crop: Pick<PixelBox, 'width' | 'height'>,
  visible: Pick<PixelBox, 'width' | 'height'>,
  scale: number,
  size: number,
) {
  const ratio = Math.round(size * scale) / Math.max(visible.width, visible.height);
  return {
    ratio,
    width: Math.max(1, Math.round(crop.width * ratio)),
    height: Math.max(1, Math.round(crop.height * ratio)),
  };
}

/** The layer's top-left corner: centred on `x`, standing on `y`, always wholly inside the frame. */
export function productLayerPosition(
  layer: { width: number; height: number },
  placement: PlacementChoice,
  size: number,
) {
  return {
    left: Math.min(size - layer.width, Math.max(0, Math.round(placement.x * size - layer.width / 2))),
    top: Math.min(size - layer.height, Math.max(0, Math.round(placement.y * size - layer.height))),
  };
}

/** A soft ellipse: centre, radii and the Gaussian blur's standard deviation, in frame pixels. */
export interface ShadowEllipse {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  blur: number;
  opacity: number;
}

/**
 * The contact shadow under the base of a layer placed at (left, top): 15% wider than the base, its
 * centre a little above the base's lowest row so the product stands in it instead of floating.
 */
export function contactShadow(base: Footprint, left: number, top: number): ShadowEllipse {
  const rx = Math.max(8, ((base.right - base.left + 1) / 2) * 1.15);
  const ry = Math.max(4, rx * 0.12);
  return {
    cx: left + (base.left + base.right + 1) / 2,
    cy: top + base.bottom - ry * 0.25,
    rx,
    ry,
    blur: Math.max(2, ry * 0.6),
    opacity: 0.38,
  };
}
