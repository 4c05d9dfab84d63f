/**
 * 图片翻译 on promotion designs, measured (issue 51). A line printed on a label (a pill, a price
 * tag, a banner: a closed shape of one colour or one straight gradient) must come back on that
 * label, not on one smeared into another colour or bitten at its edge; a line on a flat page must
 * leave no faint ghost once erased. Pure functions over raw RGB and OCR line boxes:
 * bench/label-fidelity.ts prints them on real Taobao/1688 pictures, tests may assert them.
 *
 * The labels are found by a flood fill of this file's own, not badge.ts's `shapeAround`: a measure
 * must not move when the code it judges does.
 */
import type { TextBox } from '../../src/imaging/ocr/index.ts';
import type { RgbImage } from '../../src/imaging/text/rgb-image.ts';

/** Largest step (any channel) between neighbouring pixels of one label: a gradient, JPEG noise. */
const STEP = 14;
/**
 * The fill must cover this share of the text box's edge: the label lies all round the text. (The
 * commonest colour of the edge seeds the fill; a gradient pill spreads its edge over many colours,
 * so the seeds alone say little.)
 */
const RING_SHARE = 0.5;
/** How near the ring's colour (any channel) a pixel of the ring must be to seed the fill. */
const SEED_NEAR = 24;
/** Above this share of the picture a shape is the page or the photo, not a label. */
const LARGEST_SHARE = 0.4;
/** A label is larger than its text's box by at least this factor in area. */
const LARGER = 1.15;
/** Residual (any channel) from the fitted fill under which a pixel is flat print, not a photo. */
const FLAT = 16;
/** Share of a shape's pixels that must lie within FLAT of a straight gradient for it to be a label. */
const FLAT_SHARE = 0.95;
/** Bounds of a label's own noise: below, a synthetic fill's 0 is no tolerance; above, it is a photo. */
const NOISE_FLOOR = 8;
const NOISE_CEILING = 24;

/**
 * How much of a label's fill the translated picture may lose and still keep the label: the
 * English is drawn where the Chinese was, at most a little larger (a label's free room may take
 * it, label.ts). Bold Chinese inks about 35–45% of its box, English about 20–30%, so a translation
 * drawn up to a third larger than the text, on a text box that is up to half its label, covers no
 * more than some 10% more of the label than the Chinese did. A smear, a bite or a refill in another
 * colour takes far more: half a label turned pink loses about half of it.
 */
export const FILL_SLACK = 0.1;

/** A fill colour as a straight gradient: channel c at (x, y) is plane[c] + plane[3+c]·x + plane[6+c]·y. */
type Plane = number[];

/** The label a line was printed on. */
export interface Label {
  /** Indices of the line boxes printed on it (a card may carry several). */
  lines: number[];
  /** Its bounding box in the picture. */
  box: TextBox;
  /** Its fill at its centre, RGB (a gradient's middle). */
  fill: [number, number, number];
  /** 1 for each pixel of `box` inside the label, its text and anything else printed on it included. */
  mask: Uint8Array;
  /** Pixels inside the label. */
  area: number;
  plane: Plane;
  /** How far (any channel) from its fill a pixel may be and still be the fill: the label's own noise. */
  tolerance: number;
}

const channel = (image: RgbImage, pixel: number, c: number) => image.data[pixel * 3 + c] as number;

/** The largest channel difference between two pixels of one image. */
const stepBetween = (image: RgbImage, a: number, b: number) =>
  Math.max(
    Math.abs(channel(image, a, 0) - channel(image, b, 0)),
    Math.abs(channel(image, a, 1) - channel(image, b, 1)),
    Math.abs(channel(image, a, 2) - channel(image, b, 2)),
  );

/** The largest channel difference between a pixel and a colour. */
const offBy = (image: RgbImage, pixel: number, rgb: readonly number[]) =>
  Math.max(
    Math.abs(channel(image, pixel, 0) - (rgb[0] as number)),
    Math.abs(channel(image, pixel, 1) - (rgb[1] as number)),
    Math.abs(channel(image, pixel, 2) - (rgb[2] as number)),
  );

const planeAt = (plane: Plane, x: number, y: number) =>
  [0, 1, 2].map((c) => (plane[c] as number) + (plane[3 + c] as number) * x + (plane[6 + c] as number) * y);

/** How far (any channel) a pixel is from the plane's colour at its place. */
function residual(image: RgbImage, pixel: number, plane: Plane): number {
  const x = pixel % image.width;
  const y = Math.floor(pixel / image.width);
  return offBy(image, pixel, planeAt(plane, x, y));
}

/** Pixel indices of the rectangle's edge, `pad` pixels outside `box`, inside the picture. */
function ringOf(image: RgbImage, box: TextBox, pad: number): number[] {
  const x0 = Math.round(box.x) - pad;
  const y0 = Math.round(box.y) - pad;
  const x1 = Math.round(box.x + box.width) - 1 + pad;
  const y1 = Math.round(box.y + box.height) - 1 + pad;
  const ring: number[] = [];
  const add = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < image.width && y < image.height) ring.push(y * image.width + x);
  };
  for (let x = x0; x <= x1; x++) {
    add(x, y0);
    if (y1 !== y0) add(x, y1);
  }
  for (let y = y0 + 1; y < y1; y++) {
    add(x0, y);
    if (x1 !== x0) add(x1, y);
  }
  return ring;
}

/** The commonest colour (32 levels a channel) of `pixels`: its mean. */
function commonest(image: RgbImage, pixels: number[]): { rgb: number[] } {
  const bins = new Map<number, { n: number; sum: number[] }>();
  let best = { n: 0, sum: [0, 0, 0] };
  for (const p of pixels) {
    const rgb = [channel(image, p, 0), channel(image, p, 1), channel(image, p, 2)];
    const key = ((rgb[0] as number) >> 3) * 1024 + ((rgb[1] as number) >> 3) * 32 + ((rgb[2] as number) >> 3);
    const bin = bins.get(key) ?? { n: 0, sum: [0, 0, 0] };
    bin.n += 1;
    for (let c = 0; c < 3; c++) bin.sum[c] = (bin.sum[c] as number) + (rgb[c] as number);
    bins.set(key, bin);
    if (bin.n > best.n) best = bin;
  }
  return { rgb: best.sum.map((v) => v / Math.max(1, best.n)) };
}

/** The straight gradient nearest `pixels` (least squares, per channel; a sample of them). */
function fitPlane(image: RgbImage, pixels: ArrayLike<number>, count: number): Plane {
  const every = Math.max(1, Math.floor(count / 20000));
  // Normal equations of colour = a + b·x + c·y, in coordinates centred on the sample's mean.
  let n = 0;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < count; i += every) {
    const p = pixels[i] as number;
    mx += p % image.width;
    my += Math.floor(p / image.width);
    n += 1;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  const mean = [0, 0, 0];
  const sx = [0, 0, 0];
  const sy = [0, 0, 0];
  for (let i = 0; i < count; i += every) {
    const p = pixels[i] as number;
    const x = (p % image.width) - mx;
    const y = Math.floor(p / image.width) - my;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
    for (let c = 0; c < 3; c++) {
      const v = channel(image, p, c);
      mean[c] = (mean[c] as number) + v;
      sx[c] = (sx[c] as number) + v * x;
      sy[c] = (sy[c] as number) + v * y;
    }
  }
  const det = sxx * syy - sxy * sxy;
  const plane: Plane = new Array(9).fill(0);
  for (let c = 0; c < 3; c++) {
    const a = (mean[c] as number) / n;
    // A shape one pixel thick has no slope across it: flat that way.
    const b = det > 1e-9 ? ((sx[c] as number) * syy - (sy[c] as number) * sxy) / det : 0;
    const d = det > 1e-9 ? ((sy[c] as number) * sxx - (sx[c] as number) * sxy) / det : 0;
    plane[c] = a - b * mx - d * my;
    plane[3 + c] = b;
    plane[6 + c] = d;
  }
  return plane;
}

/** The `q` quantile (0–1) of `values`. */
function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/** The region's bounding box and its inside: the region with every hole in it (its text) filled. */
function filledShape(image: RgbImage, region: Int32Array, count: number) {
  let x0 = image.width;
  let y0 = image.height;
  let x1 = -1;
  let y1 = -1;
  for (let i = 0; i < count; i++) {
    const p = region[i] as number;
    const x = p % image.width;
    const y = Math.floor(p / image.width);
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  // 0 outside, 1 the region, 2 reached from the box's border without crossing the region.
  const mark = new Uint8Array(w * h);
  for (let i = 0; i < count; i++) {
    const p = region[i] as number;
    mark[(Math.floor(p / image.width) - y0) * w + ((p % image.width) - x0)] = 1;
  }
  const queue = new Int32Array(w * h);
  let tail = 0;
  const reach = (k: number) => {
    if (mark[k] !== 0) return;
    mark[k] = 2;
    queue[tail++] = k;
  };
  for (let x = 0; x < w; x++) {
    reach(x);
    reach((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    reach(y * w);
    reach(y * w + w - 1);
  }
  for (let head = 0; head < tail; head++) {
    const k = queue[head] as number;
    const x = k % w;
    if (x > 0) reach(k - 1);
    if (x < w - 1) reach(k + 1);
    if (k >= w) reach(k - w);
    if (k < w * (h - 1)) reach(k + w);
  }
  const mask = new Uint8Array(w * h);
  let area = 0;
  for (let k = 0; k < mask.length; k++)
    if (mark[k] !== 2) {
      mask[k] = 1;
      area += 1;
    }
  return { box: { x: x0, y: y0, width: w, height: h }, mask, area };
}

const insideMask = (label: Pick<Label, 'box' | 'mask'>, x: number, y: number) =>
  x >= label.box.x &&
  y >= label.box.y &&
  x < label.box.x + label.box.width &&
  y < label.box.y + label.box.height &&
  label.mask[(y - label.box.y) * label.box.width + (x - label.box.x)] === 1;

/**
 * For the text lines in `boxes`, the labels they sit on: the shape of one colour (flat or one
 * straight gradient) filled out from the colour around each line's box, larger than the box, its
 * holes (the text) filled in, and no more than LARGEST_SHARE of the picture (the page is no label).
 * The picture's own edge counts as an edge: a banner runs off it. Lines on no label are left out;
 * lines sharing one (a card of selling points) share it.
 */
export function labelsUnder(image: RgbImage, boxes: readonly TextBox[]): Label[] {
  const size = image.width * image.height;
  const largest = Math.floor(size * LARGEST_SHARE);
  // Which fill a pixel was reached by: a label's index + 1, or -1 for a fill that was no label.
  const owner = new Int32Array(size);
  const seen = new Int32Array(size);
  const region = new Int32Array(size);
  const labels: Label[] = [];
  boxes.forEach((box, line) => {
    // The box's own edge and the pixel past it: an OCR box has some room round its letters, so
    // that edge lies on the label even when the label is a tight pill.
    const ring = [...ringOf(image, box, 0), ...ringOf(image, box, 1)];
    const colour = commonest(image, ring);
    const seeds = ring.filter((p) => offBy(image, p, colour.rgb) <= SEED_NEAR);
    const known = seeds.map((p) => owner[p] as number).find((o) => o !== 0);
    if (known !== undefined) {
      if (known > 0) labels[known - 1]?.lines.push(line);
      return;
    }
    const stamp = line + 1;
    let count = 0;
    for (const p of seeds) {
      if (seen[p] === stamp) continue;
      seen[p] = stamp;
      region[count++] = p;
    }
    let tooLarge = false;
    for (let head = 0; head < count && !tooLarge; head++) {
      const p = region[head] as number;
      const x = p % image.width;
      for (const n of [
        x > 0 ? p - 1 : -1,
        x < image.width - 1 ? p + 1 : -1,
        p - image.width,
        p + image.width < size ? p + image.width : -1,
      ]) {
        if (n < 0 || seen[n] === stamp || stepBetween(image, p, n) > STEP) continue;
        seen[n] = stamp;
        region[count++] = n;
        if (count > largest) tooLarge = true;
      }
    }
    const around = ring.filter((p) => seen[p] === stamp).length >= ring.length * RING_SHARE;
    const shape = tooLarge || !around ? null : asLabel(image, region, count, box);
    for (let i = 0; i < count; i++) owner[region[i] as number] = shape ? labels.length + 1 : -1;
    if (shape) labels.push({ ...shape, lines: [line] });
  });
  return labels;
}

/** The grown region as a label around `text`, or null when it is none (too small, a photo, the page). */
function asLabel(image: RgbImage, region: Int32Array, count: number, text: TextBox) {
  if (count === 0) return null;
  const shape = filledShape(image, region, count);
  if (shape.box.width >= image.width * 0.98 && shape.box.height >= image.height * 0.98) return null;
  if (shape.area < text.width * text.height * LARGER) return null;
  const centre = { x: Math.round(text.x + text.width / 2), y: Math.round(text.y + text.height / 2) };
  if (!insideMask(shape, centre.x, centre.y)) return null;
  const plane = fitPlane(image, region, count);
  const every = Math.max(1, Math.floor(count / 20000));
  const residuals: number[] = [];
  for (let i = 0; i < count; i += every) residuals.push(residual(image, region[i] as number, plane));
  if (residuals.filter((r) => r <= FLAT).length < residuals.length * FLAT_SHARE) return null;
  const tolerance = Math.min(NOISE_CEILING, Math.max(NOISE_FLOOR, quantile(residuals, 0.95)));
  const middle = planeAt(plane, shape.box.x + shape.box.width / 2, shape.box.y + shape.box.height / 2);
  const fill = middle.map((v) => Math.round(Math.min(255, Math.max(0, v)))) as [number, number, number];
  return { ...shape, plane, tolerance, fill };
}

/** The share of the label's area whose colour in `image` is its fill, within its tolerance. */
export function fillShare(image: RgbImage, label: Label): number {
  let fill = 0;
  for (let y = 0; y < label.box.height; y++)
    for (let x = 0; x < label.box.width; x++) {
      if (label.mask[y * label.box.width + x] !== 1) continue;
      const pixel = (label.box.y + y) * image.width + label.box.x + x;
      if (residual(image, pixel, label.plane) <= label.tolerance) fill += 1;
    }
  return fill / Math.max(1, label.area);
}

/** One label's fill before and after: `kept` is after / before; the bar is kept ≥ 1 − FILL_SLACK. */
export interface LabelFidelity {
  label: Label;
  before: number;
  after: number;
  kept: number;
}

/**
 * Per label, the share of its area that is its fill colour on the original and on the result
 * (the same size): a smear into another colour, a bite out of its edge or a refill in the wrong
 * colour lowers it; the English drawn on it a little.
 */
export function labelFidelity(
  original: RgbImage,
  result: RgbImage,
  labels: readonly Label[],
): LabelFidelity[] {
  if (original.width !== result.width || original.height !== result.height)
    throw new Error(
      `sizes differ: ${original.width}×${original.height} and ${result.width}×${result.height}`,
    );
  return labels.map((label) => {
    const before = fillShare(original, label);
    const after = fillShare(result, label);
    return { label, before, after, kept: before > 0 ? after / before : 1 };
  });
}

/** Share of a ring that must be one colour for its line to lie on a flat page. */
const FLAT_PAGE = 0.95;
/** How near the page's colour (any channel) a ring pixel must be to be the page. */
const PAGE_NEAR = 20;
/**
 * The noise a pixel may exceed the ring's by before it is a ghost: JPEG noise is about normal,
 * and 1.5 times its 99.5th percentile (some 4σ) is passed by one pixel in tens of thousands.
 */
const NOISE_MARGIN = 1.5;
/** A ghost must differ by more than this (any channel): 4 levels (1.5%) is below what a screen shows. */
const GHOST_FLOOR = 4;

/** A line on a flat page: the page's colour around it, its noise, and the pixels left off it once erased. */
export interface FlatLine {
  line: number;
  page: [number, number, number];
  /** The largest deviation from the page the erased box may show (the ring's noise, with margin). */
  noise: number;
  /** Pixels inside the line's box that differ from the page by more than `noise` once erased. */
  excess: number;
}

/**
 * For lines on a flat page (at least 95% of a ring around the box, other lines' boxes left out, is
 * one colour), the pixels inside the box on `erased` (the background before the translation is
 * drawn) that differ from the page by more than the page's own noise around it: faint grey ghosts,
 * halos and mosquito noise of the erased letters. The bar is 0.
 */
export function flatPageExcess(
  original: RgbImage,
  erased: RgbImage,
  boxes: readonly TextBox[],
): { lines: FlatLine[]; total: number } {
  if (original.width !== erased.width || original.height !== erased.height)
    throw new Error(
      `sizes differ: ${original.width}×${original.height} and ${erased.width}×${erased.height}`,
    );
  const inOtherBox = (pixel: number, own: number) => {
    const x = pixel % original.width;
    const y = Math.floor(pixel / original.width);
    return boxes.some((b, i) => i !== own && x >= b.x && y >= b.y && x < b.x + b.width && y < b.y + b.height);
  };
  const lines: FlatLine[] = [];
  boxes.forEach((box, line) => {
    const gap = Math.max(2, Math.round(Math.min(box.width, box.height) * 0.1));
    const thick = Math.max(3, Math.round(Math.min(box.width, box.height) * 0.25));
    const ring: number[] = [];
    for (let pad = gap; pad < gap + thick; pad++)
      for (const p of ringOf(original, box, pad)) if (!inOtherBox(p, line)) ring.push(p);
    if (ring.length < 20) return;
    const page = [0, 1, 2].map((c) =>
      quantile(
        ring.map((p) => channel(original, p, c)),
        0.5,
      ),
    );
    const deviations = ring.map((p) => offBy(original, p, page));
    const onPage = deviations.filter((d) => d <= PAGE_NEAR);
    if (onPage.length < ring.length * FLAT_PAGE) return;
    const noise = Math.max(GHOST_FLOOR, quantile(onPage, 0.995) * NOISE_MARGIN);
    let excess = 0;
    const x0 = Math.max(0, Math.round(box.x));
    const y0 = Math.max(0, Math.round(box.y));
    const x1 = Math.min(erased.width, Math.round(box.x + box.width));
    const y1 = Math.min(erased.height, Math.round(box.y + box.height));
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) if (offBy(erased, y * erased.width + x, page) > noise) excess += 1;
    lines.push({ line, page: page as [number, number, number], noise, excess });
  });
  return { lines, total: lines.reduce((sum, l) => sum + l.excess, 0) };
}
