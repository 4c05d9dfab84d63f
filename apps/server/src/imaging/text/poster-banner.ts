/**
 * A poster's banner over the photo, not print on the product: a line on a closed, flat-printed
 * shape (a rounded yellow bar with a black outline, the poster's selling line) that the matting
 * model took for product only because the banner itself stands out. Where the shape's own
 * surroundings are mostly off the product, the shape was laid over the photo, not printed on the
 * product: train-8's 「宝宝软底学步鞋 / 软底防滑」 bar starts on the hand holding the shoe and
 * runs out over the grey floor. A label on a bottle or an icon on a phone's screen has the
 * product all round it, and stays kept. A round medallion shaded radially (valid-1's cream
 * 「价值3883元」 disc on the corner of the gift boxes) is printed too, though no plane fits it.
 */
import type { TextBlock, TextBox } from '../ocr/index.ts';
import { shapeAround } from './badge.ts';
import { bowlFit } from './fill-plane.ts';
import { isDesigned, type ProductArea } from './product-text.ts';
import type { RgbImage } from './rgb-image.ts';

/** How near the shape's colour a pixel's neighbours must be for it to be off the shape's edge (RGB distance). */
const SAME_COLOUR = 36;
/** How far from the shape's edge its surface is judged: its outline's anti-aliasing is not its print. */
const EDGE = 2;
/** The shape must be this much larger than the text's box on its long side to be a shape around it. */
const LARGER = 1.1;
/** How far a box that reaches its shape's rim is drawn in to find the shape, in its height. */
const SHRINK = 0.1;
/** The ring around the shape is this share of the line's height wide (at least a coarse pixel). */
const RING = 0.3;
/**
 * A shape with less than this share of its ring on the product lies over the photo: train-8's bar
 * and valid-2's button have 37% and 36% of theirs on it; of the closed, flat shapes under print
 * kept on the 24 real promotion pictures, the least is 79% (a 「1」 on test-2's bottle), the rest
 * 100% (train-6's icons on the player's screen, valid-0's year on the bottle).
 */
const RING_ON_PRODUCT = 0.6;
/**
 * A shape shaded like a bowl is printed when a quadratic in x and y fits its surface this well (root
 * mean square over channels, as a plane must fit a straight gradient): valid-1's cream 「价值3883元」
 * medallion, light in its middle and darker to its rim, is off it by 2.2.
 */
const BOWL_RMS = 3;
/**
 * …and only a round shape, its box at most this much longer one way than the other: a bottle's
 * body, shaded as a cylinder, fits a bowl too (paddleocr-11's green bottle, 51 × 158 px, whose
 * ring is the white page beside it); a medallion is a disc.
 */
const ROUND = 1.2;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}

/**
 * The shape's surface away from its edge: pixels whose neighbours EDGE pixels off each way are of
 * the shape's colour too. A banner's black outline blends into its first pixel or two, which a flat
 * test would otherwise count as shading (train-8's bar is 88% flat with them, under the 90% asked).
 */
function innerSurface(image: RgbImage, surface: number[]): number[] {
  const colour = [0, 1, 2].map((c) => median(surface.map((p) => image.data[p * 3 + c] as number)));
  const near = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= image.width || y >= image.height) return false;
    const i = (y * image.width + x) * 3;
    return (
      Math.hypot(
        (image.data[i] as number) - (colour[0] as number),
        (image.data[i + 1] as number) - (colour[1] as number),
        (image.data[i + 2] as number) - (colour[2] as number),
      ) <= SAME_COLOUR
    );
  };
  return surface.filter((p) => {
    const x = p % image.width;
    const y = Math.floor(p / image.width);
    return near(x - EDGE, y) && near(x + EDGE, y) && near(x, y - EDGE) && near(x, y + EDGE);
  });
}

/** Whether `surface` (image pixel indices) is a radial or elliptical gradient: a bowl fits it (see BOWL_RMS). */
function isBowlShaded(image: RgbImage, surface: number[]): boolean {
  const samples = surface.map((p) => ({ x: p % image.width, y: Math.floor(p / image.width), i: p * 3 }));
  const bowl = bowlFit(image, samples);
  if (!bowl) return false;
  let squared = 0;
  for (const p of samples) {
    const fit = bowl.at(p.x, p.y);
    for (let c = 0; c < 3; c++) squared += ((image.data[p.i + c] as number) - (fit[c] as number)) ** 2;
  }
  return Math.sqrt(squared / (samples.length * 3)) < BOWL_RMS;
}

/** The share of a ring `by` pixels wide just outside `box` (working-image pixels) that is on the product. */
function ringOnProduct(
  box: { x: number; y: number; width: number; height: number },
  by: number,
  area: ProductArea,
) {
  const coarse = (v: number) => Math.floor(v * area.scale);
  const left = coarse(box.x - by);
  const top = coarse(box.y - by);
  const right = coarse(box.x + box.width + by);
  const bottom = coarse(box.y + box.height + by);
  const inner = {
    left: coarse(box.x),
    top: coarse(box.y),
    right: coarse(box.x + box.width),
    bottom: coarse(box.y + box.height),
  };
  let on = 0;
  let all = 0;
  for (let y = Math.max(0, top); y < Math.min(area.height, bottom + 1); y += 1)
    for (let x = Math.max(0, left); x < Math.min(area.width, right + 1); x += 1) {
      if (x >= inner.left && x <= inner.right && y >= inner.top && y <= inner.bottom) continue;
      all += 1;
      on += area.on[y * area.width + x] as number;
    }
  return all > 0 ? on / all : 1;
}

/**
 * The closed shape around `box` clearly larger than it, or null. An OCR box that reaches its
 * shape's rim (valid-2's 「抢购>」, read out to the orange button's shaded edge) samples the colour
 * beyond it: the shape is then looked for from the box drawn in by SHRINK of its height.
 */
function shapeLargerThan(image: RgbImage, box: TextBox) {
  const inset = Math.round(box.height * SHRINK);
  const drawnIn = {
    x: box.x + inset,
    y: box.y + inset,
    width: box.width - 2 * inset,
    height: box.height - 2 * inset,
  };
  for (const from of [box, drawnIn]) {
    if (from.width <= 0 || from.height <= 0) continue;
    const shape = shapeAround(image, from, Math.round(Math.max(box.width, box.height) * 1.5));
    if (shape.closed && Math.max(shape.box.width / box.width, shape.box.height / box.height) >= LARGER)
      return shape;
  }
  return null;
}

/** Whether `block` is a poster's banner laid over the product's photo (see above). */
export function isPosterBanner(image: RgbImage, block: TextBlock, product: ProductArea): boolean {
  const shape = shapeLargerThan(image, block.box);
  if (!shape) return false;
  const inner = innerSurface(image, shape.surface);
  if (inner.length === 0) return false;
  const round =
    Math.max(shape.box.width, shape.box.height) <= ROUND * Math.min(shape.box.width, shape.box.height);
  if (!isDesigned(image.data, inner, image.width) && !(round && isBowlShaded(image, inner))) return false;
  const ring = Math.max(Math.ceil(1 / product.scale), Math.round(block.lineHeight * RING));
  return ringOnProduct(shape.box, ring, product) < RING_ON_PRODUCT;
}
