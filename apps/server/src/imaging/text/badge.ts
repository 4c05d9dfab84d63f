/**
 * A sticker on the photo, not print on the product: text whose background is a closed, flat-printed
 * shape of one colour that is not a rectangle (a round 「包邮」 badge, a starburst, an oval tag) was drawn over
 * the picture by whoever made the advert, even where it lies wholly on the product. A label printed
 * on a product is a rectangle (or the product's own surface), and is kept.
 */
import type { TextBox } from '../ocr/index.ts';
import { isDesigned } from './product-text.ts';
import type { RgbImage } from './rgb-image.ts';

/** How near the badge's colour a pixel must be to be part of it (RGB distance). */
const SAME_COLOUR = 36;
/** Filled share of its bounding box under which a closed shape is not a rectangle (a disc fills 0.79). */
const RECTANGLE_SHARE = 0.88;
/** The shape must be this much larger than the text's box on its long side to be a shape around it. */
const LARGER = 1.1;

const at = (image: RgbImage, x: number, y: number) => (y * image.width + x) * 3;

const distance = (image: RgbImage, i: number, rgb: number[]) =>
  Math.hypot(
    (image.data[i] as number) - (rgb[0] as number),
    (image.data[i + 1] as number) - (rgb[1] as number),
    (image.data[i + 2] as number) - (rgb[2] as number),
  );

/** The commonest colour (32 levels a channel) on the ring just outside `box`. */
function ringColour(image: RgbImage, box: TextBox, pad: number): number[] {
  const counts = new Map<number, { n: number; sum: number[] }>();
  let best = { n: 0, sum: [0, 0, 0] };
  const visit = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= image.width || y >= image.height) return;
    const i = at(image, x, y);
    const rgb = [image.data[i] as number, image.data[i + 1] as number, image.data[i + 2] as number];
    const key = ((rgb[0] as number) >> 3) * 1024 + ((rgb[1] as number) >> 3) * 32 + ((rgb[2] as number) >> 3);
    const bin = counts.get(key) ?? { n: 0, sum: [0, 0, 0] };
    bin.n += 1;
    for (let c = 0; c < 3; c++) bin.sum[c] = (bin.sum[c] as number) + (rgb[c] as number);
    counts.set(key, bin);
    if (bin.n > best.n) best = bin;
  };
  const x0 = box.x - pad;
  const y0 = box.y - pad;
  const x1 = box.x + box.width + pad;
  const y1 = box.y + box.height + pad;
  for (let x = x0; x <= x1; x++) {
    visit(x, y0);
    visit(x, y1);
  }
  for (let y = y0; y <= y1; y++) {
    visit(x0, y);
    visit(x1, y);
  }
  return best.sum.map((v) => v / Math.max(1, best.n));
}

/** The shape of one colour around a text, as far as a window around the text lets it run. */
export interface ShapeAround {
  /** The fill stayed inside the window: the shape has an edge all round. */
  closed: boolean;
  /** Pixels of the shape (the text's own box included). */
  pixels: number;
  box: TextBox;
  /** Image pixel indices of the shape off the text, sampled: its printed surface. */
  surface: number[];
}

/**
 * The colour around `box` filled outwards from the text (its letters passed over) through pixels
 * of that colour, inside a window `reach` pixels past the text on every side.
 */
export function shapeAround(image: RgbImage, box: TextBox, reach: number): ShapeAround {
  const line = Math.min(box.width, box.height);
  const colour = ringColour(image, box, Math.max(2, Math.round(line * 0.15)));
  const wx0 = Math.max(0, box.x - reach);
  const wy0 = Math.max(0, box.y - reach);
  const wx1 = Math.min(image.width, box.x + box.width + reach);
  const wy1 = Math.min(image.height, box.y + box.height + reach);
  const w = wx1 - wx0;
  const h = wy1 - wy0;
  const inText = (x: number, y: number) =>
    x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
  const seen = new Uint8Array(w * h);
  const queue = new Int32Array(w * h);
  let head = 0;
  let tail = 0;
  // From the text's own box outwards, through the shape's colour (letters are passed over).
  for (let y = Math.max(wy0, box.y); y < Math.min(wy1, box.y + box.height); y++)
    for (let x = Math.max(wx0, box.x); x < Math.min(wx1, box.x + box.width); x++) {
      const k = (y - wy0) * w + (x - wx0);
      seen[k] = 1;
      queue[tail++] = k;
    }
  let closed = true;
  let minX = box.x;
  let minY = box.y;
  let maxX = box.x + box.width - 1;
  let maxY = box.y + box.height - 1;
  while (head < tail) {
    const k = queue[head++] as number;
    const x = (k % w) + wx0;
    const y = Math.floor(k / w) + wy0;
    if (x === wx0 || y === wy0 || x === wx1 - 1 || y === wy1 - 1) closed = false;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx < wx0 || ny < wy0 || nx >= wx1 || ny >= wy1) continue;
      const nk = (ny - wy0) * w + (nx - wx0);
      if (seen[nk]) continue;
      if (!inText(nx, ny) && distance(image, at(image, nx, ny), colour) > SAME_COLOUR) continue;
      seen[nk] = 1;
      queue[tail++] = nk;
    }
  }
  const surface: number[] = [];
  const step = Math.max(1, Math.floor(tail / 4000));
  for (let i = 0; i < tail; i += step) {
    const k = queue[i] as number;
    const x = (k % w) + wx0;
    const y = Math.floor(k / w) + wy0;
    if (!inText(x, y)) surface.push(y * image.width + x);
  }
  return {
    closed,
    pixels: tail,
    box: { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 },
    surface,
  };
}

/**
 * Whether the text in `box` sits on a badge: the colour around it fills a closed shape (reached
 * from the text without leaving a window around it) that is clearly larger than the text, is not
 * a rectangle, and is smaller than `largest` pixels (a quarter of the product: a larger shape is
 * the product's own face, such as a box's front lit in bands).
 */
export function sitsOnBadge(image: RgbImage, box: TextBox, largest: number): boolean {
  const shape = shapeAround(image, box, Math.round(Math.max(box.width, box.height) * 1.5));
  if (!shape.closed || shape.pixels > largest) return false;
  if (Math.max(shape.box.width / box.width, shape.box.height / box.height) < LARGER) return false;
  if (shape.pixels / (shape.box.width * shape.box.height) >= RECTANGLE_SHARE) return false;
  // A badge is printed flat (one colour or one straight gradient); a white shirt's panel between
  // its straps has folds and shading: print on it is the product's.
  return isDesigned(image.data, shape.surface, image.width);
}
