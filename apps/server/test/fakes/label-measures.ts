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

/**
 * Largest step (any channel) between neighbouring pixels of one label (a gradient, JPEG noise):
 * at least this, and more on a label whose own edge is noisier (twice its median step, up to
 * STEP_CEILING): a small, heavily compressed picture's purple pill steps by 20–30 pixel to pixel.
 */
const STEP = 14;
const STEP_CEILING = 40;
/**
 * The fill must reach this share of the ring it was seeded from: it lies round the text. Little,
 * because the letters cross a ring inside the box (half of it, on a tight pill).
 */
const RING_SHARE = 0.2;
/** The ring's commonest colours tried as the label's (a gradient pill's edge is spread over many). */
const COLOURS = 3;
/** A colour must hold this share of the ring to be tried. */
const COLOUR_SHARE = 0.05;
/** How near the ring's colour (any channel) a pixel of the ring must be to seed the fill. */
const SEED_NEAR = 24;
/** The fill's core: as near the edge's colour as this (any channel), whence its gradient is read. */
const CORE = 40;
/** How far (any channel) from the core's straight gradient the fill then runs on. */
const FOLLOW = 28;
/** A step this large (any channel) within two pixels past a label's border is its edge. */
const EDGE_STEP = 32;
/** Share of a label's border that must be such an edge: printed shapes are crisp, a photo's patches are not. */
const SHARP_SHARE = 0.8;
/**
 * Above this share of the picture a shape is the page or the photo, not a label (the white card of
 * RapidOCR's ch_en_num, a label for all its selling points, is over two fifths of it).
 */
const LARGEST_SHARE = 0.6;
/** Gaps up to twice this wide between a label's fill and its edge are closed before its holes are filled. */
const CLOSE = 2;
/** A shape spanning this share of the picture both ways is the page (inside a thin frame, maybe). */
const PAGE = 0.9;
/**
 * Most of a label's border is its own edge: one running off the picture along more than this share
 * of its border is the backdrop between the photo and the labels (taobao4's wall), not a label. A
 * banner across the picture runs off it only at its two ends.
 */
const SIDE_SHARE = 1 / 3;
/**
 * A label spans at least this share of its text's box across and down, and of its area: it is
 * around the text (a white box tight round 「原版正品」 is as large as the OCR box; the letters' own
 * strokes, white on a gradient pill, cover half of it at most).
 */
const AROUND = 0.9;
/**
 * The shape must hold this share of the text's box: the text is on it (letters touching the
 * label's edge open into the outside, so not all of it).
 */
const HOLDS = 0.6;
/**
 * A label is mostly its fill: on a white box as tight as taobao4's 「原版正品」 the red letters
 * still leave 46% of it white.
 */
const MOSTLY_FILL = 0.4;
/**
 * Residual (any channel) from the fitted fill under which a pixel is flat print, not a photo: a
 * small JPEG's chroma noise on saturated red reaches 16–20 (taobao4's red boxes).
 */
const FLAT = 20;
/**
 * Share of a shape's pixels that must lie within FLAT of a straight gradient for it to be a label:
 * a 400-pixel JPEG's red box holds 0.90–0.98, the lit studio wall behind a model 0.76.
 */
const FLAT_SHARE = 0.9;
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

/** Fewer pixels than this printed on a label besides its lines are noise, not a shape. */
const MIN_INNER = 30;

/** The label a line was printed on. */
export interface Label {
  /** Indices of the line boxes printed on it (a card may carry several). */
  lines: number[];
  /**
   * The boxes of every line over it: its own, and any that found a label of their own on it (a
   * second line in another colour on a banner). What else is printed on it lies outside these.
   */
  texts: TextBox[];
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

/**
 * The commonest colours of `pixels` in coarse bins (8 levels a channel), commonest first: their
 * means and shares. Coarse, so that a gradient pill's edge, spread over many fine colours, still
 * makes one or two.
 */
function commonColours(image: RgbImage, pixels: number[]): { rgb: number[]; share: number }[] {
  const bins = new Map<number, { n: number; sum: number[] }>();
  for (const p of pixels) {
    const rgb = [channel(image, p, 0), channel(image, p, 1), channel(image, p, 2)];
    const key = ((rgb[0] as number) >> 5) * 64 + ((rgb[1] as number) >> 5) * 8 + ((rgb[2] as number) >> 5);
    const bin = bins.get(key) ?? { n: 0, sum: [0, 0, 0] };
    bin.n += 1;
    for (let c = 0; c < 3; c++) bin.sum[c] = (bin.sum[c] as number) + (rgb[c] as number);
    bins.set(key, bin);
  }
  return [...bins.values()]
    .sort((a, b) => b.n - a.n)
    .map((bin) => ({ rgb: bin.sum.map((v) => v / bin.n), share: bin.n / pixels.length }));
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

/** `mask` (w×h) grown (`grow` true) or shrunk by `r` pixels, in a square: a max (or min) filter, rows then columns. */
function morph(mask: Uint8Array, w: number, h: number, r: number, grow: boolean): Uint8Array {
  const pass = (from: Uint8Array, along: (i: number, d: number) => number) => {
    const to = new Uint8Array(from.length);
    for (let k = 0; k < from.length; k++) {
      let hit = !grow;
      for (let d = -r; d <= r && hit !== grow; d++) {
        const j = along(k, d);
        // Past the picture counts as outside when shrinking, and adds nothing when growing.
        const v = j < 0 ? 0 : (from[j] as number);
        if (grow ? v === 1 : v === 0) hit = grow;
      }
      to[k] = hit ? 1 : 0;
    }
    return to;
  };
  const rows = pass(mask, (k, d) => ((k % w) + d >= 0 && (k % w) + d < w ? k + d : -1));
  return pass(rows, (k, d) => (k + d * w >= 0 && k + d * w < w * h ? k + d * w : -1));
}

/**
 * The region's bounding box and its inside: the region with every hole in it (its text) filled,
 * gaps of up to 2·CLOSE pixels closed first: a big 「299」 whose strokes all but touch the pill's
 * edge would otherwise open into the outside and be left out.
 */
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
  // Worked on the box with CLOSE pixels of room round it, so that growing has space.
  const w = x1 - x0 + 1 + 2 * CLOSE;
  const h = y1 - y0 + 1 + 2 * CLOSE;
  const ox = x0 - CLOSE;
  const oy = y0 - CLOSE;
  const own = new Uint8Array(w * h);
  for (let i = 0; i < count; i++) {
    const p = region[i] as number;
    own[(Math.floor(p / image.width) - oy) * w + ((p % image.width) - ox)] = 1;
  }
  // 0 outside, 1 the grown region, 2 reached from the border without crossing it.
  const mark = morph(own, w, h, CLOSE, true);
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
  const filled = new Uint8Array(w * h);
  for (let k = 0; k < filled.length; k++) filled[k] = mark[k] === 2 ? 0 : 1;
  const closed = morph(filled, w, h, CLOSE, false);
  // Back to the region's own box (the closing never reaches past it by more than a rounding).
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  const mask = new Uint8Array(bw * bh);
  let area = 0;
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) {
      const k = (y + CLOSE) * w + x + CLOSE;
      if (closed[k] || own[k]) {
        mask[y * bw + x] = 1;
        area += 1;
      }
    }
  return { box: { x: x0, y: y0, width: bw, height: bh }, mask, area };
}

const insideMask = (label: Pick<Label, 'box' | 'mask'>, x: number, y: number): boolean =>
  x >= label.box.x &&
  y >= label.box.y &&
  x < label.box.x + label.box.width &&
  y < label.box.y + label.box.height &&
  label.mask[(y - label.box.y) * label.box.width + (x - label.box.x)] === 1;

/**
 * Pixels grown from `seeds` into `work.region` through 4-neighbours that `fits` accepts and that
 * step smoothly (by `step` at most) from where they are reached; the `over` box (the text) is passed over, its
 * letters too, so that a tight pill cut in pieces by tall letters is reached whole. How many, and
 * whether the growing stopped by itself (not past `largest` pixels).
 */
function grow(
  image: RgbImage,
  seeds: readonly number[],
  fits: (pixel: number) => boolean,
  step: number,
  over: TextBox,
  work: { seen: Int32Array; stamp: number; region: Int32Array; queue: Int32Array },
  largest: number,
): { count: number; whole: boolean } {
  const { seen, stamp, region, queue } = work;
  const size = image.width * image.height;
  const inOver = (p: number) => {
    const x = p % image.width;
    const y = Math.floor(p / image.width);
    return x >= over.x && y >= over.y && x < over.x + over.width && y < over.y + over.height;
  };
  let count = 0;
  let tail = 0;
  for (const p of seeds) {
    if (seen[p] === stamp) continue;
    seen[p] = stamp;
    region[count++] = p;
    queue[tail++] = p;
  }
  for (let head = 0; head < tail; head++) {
    const p = queue[head] as number;
    // A letter passed over: what lies past it is compared with the fill, not with the letter.
    const passing = seen[p] === -stamp;
    const x = p % image.width;
    for (const n of [
      x > 0 ? p - 1 : -1,
      x < image.width - 1 ? p + 1 : -1,
      p - image.width,
      p + image.width < size ? p + image.width : -1,
    ]) {
      if (n < 0 || seen[n] === stamp || seen[n] === -stamp) continue;
      if ((passing || stepBetween(image, p, n) <= step) && fits(n)) {
        seen[n] = stamp;
        region[count++] = n;
      } else if (inOver(n)) seen[n] = -stamp;
      else continue;
      queue[tail++] = n;
      if (count > largest) return { count, whole: false };
    }
  }
  return { count, whole: true };
}

/**
 * For the text lines in `boxes`, the labels they sit on: the shape of one colour (flat or one
 * straight gradient) filled out from the colour of each line's box edge, around the box and no
 * smaller than the boxes of the lines on it, with a sharp edge nearly all round, its holes (the text) filled in, and no more than LARGEST_SHARE of
 * the picture (the page is no label). The picture's own side counts as an edge: a banner runs off
 * it. Lines on no label are left out; lines sharing one (a card of selling points) share it.
 */
export function labelsUnder(image: RgbImage, boxes: readonly TextBox[]): Label[] {
  const size = image.width * image.height;
  const largest = Math.floor(size * LARGEST_SHARE);
  // Which fill a pixel was reached by: a label's index + 1, or -1 for a fill that was no label.
  const owner = new Int32Array(size);
  const seen = new Int32Array(size);
  const region = new Int32Array(size);
  const queue = new Int32Array(size);
  const labels: Label[] = [];
  let fills = 0;
  boxes.forEach((box, line) => {
    // The box's edge seen from inside first, then the edge itself and the pixel past it: an OCR
    // box has some room round its letters, so the inner ring lies on the innermost label (a
    // gradient pill on a white card), and the edge on a label as tight as the box.
    const inset = Math.max(2, Math.round(Math.min(box.width, box.height) * 0.08));
    const rings = [
      ...(Math.min(box.width, box.height) > 4 * inset
        ? [[...ringOf(image, box, -inset), ...ringOf(image, box, -inset - 1)]]
        : []),
      [...ringOf(image, box, 0), ...ringOf(image, box, 1)],
    ];
    const candidates = rings.flatMap((ring) =>
      commonColours(image, ring)
        .slice(0, COLOURS)
        .filter((c) => c.share >= COLOUR_SHARE)
        .map((c) => ({ ring, colour: c.rgb })),
    );
    for (const { ring, colour } of candidates) {
      const near = ring.map((p) => offBy(image, p, colour) <= SEED_NEAR);
      const seeds = ring.filter((_, i) => near[i]);
      // The label's own noise, from neighbours along the ring that are both its colour.
      const steps = ring.flatMap((p, i) =>
        i > 0 && near[i] && near[i - 1] ? [stepBetween(image, ring[i - 1] as number, p)] : [],
      );
      const step = Math.min(STEP_CEILING, Math.max(STEP, 2 * quantile(steps, 0.5)));
      const known = seeds.map((p) => owner[p] as number).find((o) => o !== 0);
      if (known !== undefined && known > 0) {
        labels[known - 1]?.lines.push(line);
        return;
      }
      if (known !== undefined) continue;
      const stamp = 2 * ++fills;
      // First the fill near the edge's colour, then as far as the straight gradient fitted to it
      // runs: a soft shaded button beside a pill, or a product's shadow, is not followed out.
      const core = grow(
        image,
        seeds,
        (to) => offBy(image, to, colour) <= CORE,
        step,
        box,
        { seen, stamp: stamp - 1, region, queue },
        largest,
      );
      const plane = core.whole ? fitPlane(image, region, core.count) : null;
      const grown = plane
        ? grow(
            image,
            seeds,
            (to) => residual(image, to, plane) <= FOLLOW,
            step,
            box,
            { seen, stamp, region, queue },
            largest,
          )
        : core;
      const { count } = grown;
      // Larger than any label: the page, or a photo's backdrop. Not tried again.
      if (!grown.whole) {
        for (let i = 0; i < count; i++) owner[region[i] as number] = -1;
        continue;
      }
      if (ring.filter((p) => seen[p] === stamp).length < ring.length * RING_SHARE) continue;
      // The page is known by its size before its holes are filled (the slow part).
      const shape = spansPage(image, region, count) ? null : filledShape(image, region, count);
      const page = shape === null || isPage(image, shape);
      const found =
        shape && !page && isPrinted(image, shape) ? labelAround(image, region, count, shape, box) : null;
      if (found) {
        for (let i = 0; i < count; i++) owner[region[i] as number] = labels.length + 1;
        labels.push({ ...found, lines: [line], texts: [] });
        return;
      }
      // The page or the backdrop is no label for any line: not tried again.
      if (page) for (let i = 0; i < count; i++) owner[region[i] as number] = -1;
    }
  });
  // A label holds its lines, each with the OCR's room round its letters: the white outline round
  // a title's letters (「对不起豆浆机 降价了!!」) is a crisp shape of one colour too, but smaller
  // than the lines' boxes together (0.85 of them; taobao4's tight 「原版正品」 box is 0.98).
  const boxArea = (i: number) => (boxes[i]?.width ?? 0) * (boxes[i]?.height ?? 0);
  return labels
    .filter((label) => label.area >= AROUND * label.lines.reduce((sum, i) => sum + boxArea(i), 0))
    .map((label) => ({ ...label, texts: boxes.filter((b) => overlaps(b, label.box)) }));
}

/** The four ways out of a pixel, in the order a border pixel's way out is looked for. */
const FOUR_WAYS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/** The shape's border pixels (inside, with a neighbour outside), each with its first way out. */
function* borderOf(
  shape: Pick<Label, 'box' | 'mask'>,
): Generator<{ x: number; y: number; dx: number; dy: number }> {
  const { box } = shape;
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) {
      if (!insideMask(shape, x, y)) continue;
      const out = FOUR_WAYS.find(([dx, dy]) => !insideMask(shape, x + dx, y + dy));
      if (out) yield { x, y, dx: out[0], dy: out[1] };
    }
}

/** Share of the shape's border pixels on the picture's side. */
function onPictureSide(image: RgbImage, shape: Pick<Label, 'box' | 'mask'>): number {
  let border = 0;
  let side = 0;
  for (const { x, y } of borderOf(shape)) {
    border += 1;
    if (x === 0 || y === 0 || x === image.width - 1 || y === image.height - 1) side += 1;
  }
  return side / Math.max(1, border);
}

/** Share of the shape's border pixels that meet a sharp step within two pixels outside (or the picture's side). */
function sharpEdge(image: RgbImage, shape: Pick<Label, 'box' | 'mask'>): number {
  let border = 0;
  let sharp = 0;
  for (const { x, y, dx, dy } of borderOf(shape)) {
    border += 1;
    const [fx, fy] = [x + 2 * dx, y + 2 * dy];
    const outside = fx < 0 || fy < 0 || fx >= image.width || fy >= image.height;
    if (outside || stepBetween(image, y * image.width + x, fy * image.width + fx) >= EDGE_STEP) sharp += 1;
  }
  return sharp / Math.max(1, border);
}

const overlaps = (a: TextBox, b: TextBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The share of `text`'s box inside the shape. */
function coverage(shape: Pick<Label, 'box' | 'mask'>, text: TextBox): number {
  let inside = 0;
  for (let y = Math.round(text.y); y < text.y + text.height; y++)
    for (let x = Math.round(text.x); x < text.x + text.width; x++) if (insideMask(shape, x, y)) inside += 1;
  return inside / Math.max(1, text.width * text.height);
}

/** Whether the region spans the page both ways. */
function spansPage(image: RgbImage, region: Int32Array, count: number): boolean {
  let [x0, y0, x1, y1] = [image.width, image.height, -1, -1];
  for (let i = 0; i < count; i++) {
    const p = region[i] as number;
    const x = p % image.width;
    const y = Math.floor(p / image.width);
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  }
  return x1 - x0 + 1 >= image.width * PAGE && y1 - y0 + 1 >= image.height * PAGE;
}

/** Whether a filled shape is the page or the backdrop: no label for any line, not to be tried again. */
function isPage(image: RgbImage, shape: Pick<Label, 'box' | 'mask' | 'area'>): boolean {
  if (shape.box.width >= image.width * PAGE && shape.box.height >= image.height * PAGE) return true;
  return shape.area > image.width * image.height * LARGEST_SHARE || onPictureSide(image, shape) > SIDE_SHARE;
}

/** Whether a filled shape is printed as a label: crisp all round. */
const isPrinted = (image: RgbImage, shape: Pick<Label, 'box' | 'mask' | 'area'>) =>
  sharpEdge(image, shape) >= SHARP_SHARE;

/**
 * The grown region as the label of the text in `text`, or null: the shape must hold the text
 * (most of its box inside, its box spanning the text's), be no smaller than the text's box (the
 * letters' own strokes are a shape too, a smaller one), be printed flat (one colour or one
 * straight gradient, not a photo's patch) and be mostly that fill.
 */
function labelAround(
  image: RgbImage,
  region: Int32Array,
  count: number,
  shape: Pick<Label, 'box' | 'mask' | 'area'>,
  text: TextBox,
) {
  if (shape.box.width < text.width * AROUND || shape.box.height < text.height * AROUND) return null;
  if (shape.area < text.width * text.height * AROUND) return null;
  if (coverage(shape, text) < HOLDS) return null;
  const plane = fitPlane(image, region, count);
  const every = Math.max(1, Math.floor(count / 20000));
  const residuals: number[] = [];
  for (let i = 0; i < count; i += every) residuals.push(residual(image, region[i] as number, plane));
  if (residuals.filter((r) => r <= FLAT).length < residuals.length * FLAT_SHARE) return null;
  const tolerance = Math.min(NOISE_CEILING, Math.max(NOISE_FLOOR, quantile(residuals, 0.95)));
  if (fillShare(image, { ...shape, plane, tolerance }) < MOSTLY_FILL) return null;
  const middle = planeAt(plane, shape.box.x + shape.box.width / 2, shape.box.y + shape.box.height / 2);
  const fill = middle.map((v) => Math.round(Math.min(255, Math.max(0, v)))) as [number, number, number];
  return { ...shape, plane, tolerance, fill };
}

/** The share of the label's area whose colour in `image` is its fill, within its tolerance. */
export function fillShare(
  image: RgbImage,
  label: Pick<Label, 'box' | 'mask' | 'area' | 'plane' | 'tolerance'>,
): number {
  let fill = 0;
  for (let y = 0; y < label.box.height; y++)
    for (let x = 0; x < label.box.width; x++) {
      if (label.mask[y * label.box.width + x] !== 1) continue;
      const pixel = (label.box.y + y) * image.width + label.box.x + x;
      if (residual(image, pixel, label.plane) <= label.tolerance) fill += 1;
    }
  return fill / Math.max(1, label.area);
}

/**
 * How wide a label's edge is looked at, inside and out: a bite, a spill of the refill past the
 * edge, a lost frame or text run past the edge all show there.
 */
const RIM = 3;
/**
 * The share of a label's edge that must stay as it was. Nothing drawn or erased should touch it:
 * the 2% is JPEG noise crossing the label's own tolerance after a re-encode.
 */
export const EDGE_BAR = 0.98;

/**
 * One label before and after: `kept` is its fill's share after over before (the bar is kept ≥
 * 1 − FILL_SLACK); `edge` the share of its edge (RIM pixels either side of its border, the
 * letters that crossed it left out) left as it was (the bar is EDGE_BAR).
 */
export interface LabelFidelity {
  label: Label;
  before: number;
  after: number;
  kept: number;
  edge: number;
  /**
   * The share of what was printed on the label besides its lines (a white box inside a red one, a
   * pill on a card, a badge) that is still not the label's fill: refilling such a shape with the
   * label's colour raises the label's fill and leaves its edge alone, so only this shows it. The
   * bar is INNER_BAR.
   */
  inner: number;
}

/** Room round a line's box that its erasing may take (translate-picture.ts grows it by 0.18 of its height; JPEG halos reach further). */
const LINE_ROOM = 0.35;
/** The share of what is printed on a label besides its lines that must stay: all of it, but for noise. */
export const INNER_BAR = 0.95;

/**
 * The share of the label's pixels that were not its fill on the original, away from its lines
 * (LINE_ROOM round their boxes), and are still not its fill on `result`.
 */
export function innerKept(original: RgbImage, result: RgbImage, label: Label): number {
  const rooms = label.texts.map((t) => {
    const room = Math.max(2, Math.min(t.width, t.height) * LINE_ROOM);
    return { x0: t.x - room, y0: t.y - room, x1: t.x + t.width + room, y1: t.y + t.height + room };
  });
  let was = 0;
  let still = 0;
  for (let y = 0; y < label.box.height; y++)
    for (let x = 0; x < label.box.width; x++) {
      if (label.mask[y * label.box.width + x] !== 1) continue;
      const [px, py] = [label.box.x + x, label.box.y + y];
      if (rooms.some((r) => px >= r.x0 && py >= r.y0 && px < r.x1 && py < r.y1)) continue;
      const pixel = py * original.width + px;
      if (residual(original, pixel, label.plane) <= label.tolerance) continue;
      was += 1;
      if (residual(result, pixel, label.plane) > label.tolerance) still += 1;
    }
  // A few stray pixels (JPEG noise past the tolerance) are no shape.
  return was > MIN_INNER ? still / was : 1;
}

/**
 * The share of the label's edge left as it was on `result`: inside its border, the pixels that
 * were its fill and still are; outside, the pixels (its frame, what is around it) unchanged.
 */
export function edgeKept(original: RgbImage, result: RgbImage, label: Label): number {
  const { box } = label;
  // The label's mask with RIM pixels of room, grown and shrunk by RIM: the band between is its edge.
  const w = box.width + 2 * RIM;
  const h = box.height + 2 * RIM;
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++)
      mask[(y + RIM) * w + x + RIM] = label.mask[y * box.width + x] as number;
  const grown = morph(mask, w, h, RIM, true);
  const shrunk = morph(mask, w, h, RIM, false);
  let kept = 0;
  let counted = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const k = y * w + x;
      const [px, py] = [box.x + x - RIM, box.y + y - RIM];
      if (!grown[k] || shrunk[k] || px < 0 || py < 0 || px >= original.width || py >= original.height)
        continue;
      const pixel = py * original.width + px;
      if (mask[k]) {
        if (residual(original, pixel, label.plane) > label.tolerance) continue;
        counted += 1;
        if (residual(result, pixel, label.plane) <= label.tolerance) kept += 1;
      } else {
        counted += 1;
        const was = [0, 1, 2].map((c) => channel(original, pixel, c));
        if (offBy(result, pixel, was) <= label.tolerance) kept += 1;
      }
    }
  return counted > 0 ? kept / counted : 1;
}

/**
 * Per label, the share of its area that is its fill colour on the original and on the result
 * (the same size): a smear into another colour or a refill in the wrong colour lowers it, the
 * English drawn on it a little; and how much of its edge is left as it was, which a bite, a spill
 * past it or a lost frame lowers even where they are too small to move the fill's share.
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
    const edge = edgeKept(original, result, label);
    const inner = innerKept(original, result, label);
    return { label, before, after, kept: before > 0 ? after / before : 1, edge, inner };
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
