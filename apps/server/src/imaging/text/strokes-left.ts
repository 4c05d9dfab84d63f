/**
 * Whether erasing a line left any of its strokes, told by colour, not by reading: an OCR cannot
 * read half a 元 either, and 「未发现残留中文」 was said beside one. Before erasing, the line's stroke
 * colours are the colours inside its box that its surroundings (the box's edge) do not have and that
 * lie in thin shapes (strokes, not a photo's patch); after erasing, no pixel in the box may keep one
 * of them. The translation is drawn later, so it cannot be mistaken for a leftover.
 */
import { countSourceChars, type TextBox } from '../ocr/index.ts';
import { dilate } from './ink.ts';
import type { RgbImage } from './rgb-image.ts';

/** Colours compared 16 levels a channel: JPEG noise and anti-aliasing stay in or next to one bin. */
const bin = (data: Uint8Array | Buffer, at: number) =>
  (((data[at] as number) >> 4) << 8) |
  (((data[at + 1] as number) >> 4) << 4) |
  ((data[at + 2] as number) >> 4);
const BINS = 4096;
/**
 * A stroke colour holds at least this share of the line's off-background pixels: the fill of a
 * character (a small 元 beside a large 168 is 6–10% of them); the anti-aliased edge spreads over
 * many bins of under 1% each, and inpainting's blends may land in one of those.
 */
const SOLID_SHARE = 0.01;
/** A colour whose pixels are mostly far from any other colour is a patch of the picture, not a stroke. */
const MAX_DEEP = 0.3;
/**
 * Pixels of a stroke colour left after erasing, as a share of that colour's pixels before, above
 * which the line failed. Clean erases of the test pictures' 60-odd lines leave 0–0.53% (filling
 * now and then ends in a stroke's bin); the half-erased 元 beside 168 left 11–14%.
 */
const LEFT_SHARE = 0.02;
/** And at least this many pixels a character high (a 56 px line: 10 px), so one speck is no character. */
const LEFT_PIXELS_PER_HEIGHT = 0.2;

/** Share of a line's box its stroke colours cover at least (text covers 10–35%), or it is not told apart. */
const MIN_STROKE_SHARE = 0.03;
/** Stroke colours a smear is traced back to: a line's fills and their edges fit in a dozen bins. */
const MAX_INKS = 12;
/** How much of a stroke's colour a filled pixel may hold and be a smear of it. */
const SMEAR_MIXES = [0.3, 0.5, 0.7];

/** A line's stroke colours, read before it is erased. */
export interface StrokeColours {
  /** The box read (the line's, grown past its strokes): the check looks at the same pixels. */
  box: TextBox;
  /** 1 for each stroke colour's bin. */
  colours: Uint8Array;
  /** 1 for each bin of the colours around the line (and next to them): what an erased pixel may be. */
  background: Uint8Array;
  /** The stroke colours themselves (each bin's mean), the most used first. */
  inks: number[][];
  /** How many of the box's pixels had a stroke colour. */
  pixels: number;
}

/** Pixels of `box` to leave out (text kept on purpose lying in it): one byte a pixel of the box. */
function skipped(box: TextBox, kept: readonly TextBox[]): Uint8Array {
  const skip = new Uint8Array(box.width * box.height);
  for (const area of kept) {
    const x0 = Math.max(box.x, area.x);
    const y0 = Math.max(box.y, area.y);
    const x1 = Math.min(box.x + box.width, area.x + area.width);
    const y1 = Math.min(box.y + box.height, area.y + area.height);
    for (let y = y0; y < y1; y++)
      skip.fill(1, (y - box.y) * box.width + x0 - box.x, (y - box.y) * box.width + x1 - box.x);
  }
  return skip;
}

/**
 * The stroke colours of the line in `box` (grown past its strokes, as erasing reads it), `kept`
 * areas (text left on purpose) aside; null when hardly any of its pixels have a colour its
 * surroundings lack (white text on a photo with white around the line, dark print on a dark
 * bottle): such strokes cannot be told from the picture by colour.
 */
export function strokeColours(
  image: RgbImage,
  box: TextBox,
  kept: readonly TextBox[] = [],
): StrokeColours | null {
  const { width, data } = image;
  const thickness = Math.min(box.width, box.height);
  const edge = Math.max(2, Math.round(thickness * 0.04));
  const around = new Uint8Array(BINS);
  for (let y = 0; y < box.height; y++) {
    const band = y < edge || y >= box.height - edge;
    const row = ((box.y + y) * width + box.x) * 3;
    for (let x = 0; x < box.width; x = band || x >= box.width - edge - 1 ? x + 1 : box.width - edge)
      around[bin(data, row + x * 3)] = 1;
  }
  // A colour next to one around the line (one bin off in any channel) is the surroundings' too.
  const background = new Uint8Array(BINS);
  for (let b = 0; b < BINS; b++) {
    if (!around[b]) continue;
    const [r, g, bl] = [b >> 8, (b >> 4) & 15, b & 15];
    for (let dr = -1; dr <= 1; dr++)
      for (let dg = -1; dg <= 1; dg++)
        for (let db = -1; db <= 1; db++) {
          const [nr, ng, nb] = [r + dr, g + dg, bl + db];
          if (nr >= 0 && nr < 16 && ng >= 0 && ng < 16 && nb >= 0 && nb < 16)
            background[(nr << 8) | (ng << 4) | nb] = 1;
        }
  }
  const skip = skipped(box, kept);
  const bins = new Uint16Array(box.width * box.height);
  const off = new Uint8Array(bins.length);
  let offCount = 0;
  for (let y = edge; y < box.height - edge; y++)
    for (let x = edge, i = y * box.width + edge; x < box.width - edge; x++, i++) {
      if (skip[i]) continue;
      const b = bin(data, ((box.y + y) * width + box.x + x) * 3);
      bins[i] = b;
      if (background[b]) continue;
      off[i] = 1;
      offCount += 1;
    }
  if (offCount === 0) return null;
  // Deep pixels: farther than a bold stroke's half-width from anything of the surroundings' colours.
  const notOff = new Uint8Array(off.length);
  for (let i = 0; i < off.length; i++) notOff[i] = off[i] ? 0 : 1;
  const nearOther = dilate(notOff, box.width, box.height, Math.max(2, Math.round(thickness * 0.16)));
  const total = new Uint32Array(BINS);
  const deep = new Uint32Array(BINS);
  const sums = new Float64Array(BINS * 3);
  for (let y = edge; y < box.height - edge; y++)
    for (let x = edge, i = y * box.width + edge; x < box.width - edge; x++, i++) {
      if (!off[i]) continue;
      const b = bins[i] as number;
      total[b] = (total[b] as number) + 1;
      if (!nearOther[i]) deep[b] = (deep[b] as number) + 1;
      const at = ((box.y + y) * width + box.x + x) * 3;
      sums[b * 3] = (sums[b * 3] as number) + (data[at] as number);
      sums[b * 3 + 1] = (sums[b * 3 + 1] as number) + (data[at + 1] as number);
      sums[b * 3 + 2] = (sums[b * 3 + 2] as number) + (data[at + 2] as number);
    }
  const colours = new Uint8Array(BINS);
  const inks: { rgb: number[]; n: number }[] = [];
  let pixels = 0;
  for (let b = 0; b < BINS; b++) {
    const n = total[b] as number;
    if (n < Math.max(4, offCount * SOLID_SHARE) || (deep[b] as number) > n * MAX_DEEP) continue;
    colours[b] = 1;
    pixels += n;
    inks.push({ rgb: [0, 1, 2].map((c) => (sums[b * 3 + c] as number) / n), n });
  }
  // A few pixels of some colour are no text's strokes (dark-blue print on a blue bottle: its colour is
  // the glass's): nothing is told about that line, rather than smears traced to noise.
  if (pixels < (box.width - 2 * edge) * (box.height - 2 * edge) * MIN_STROKE_SHARE) return null;
  inks.sort((a, b) => b.n - a.n);
  return { box, colours, background, inks: inks.slice(0, MAX_INKS).map((ink) => ink.rgb), pixels };
}

/** What an erased line kept of its strokes: where (a box around them) and how many pixels. */
export interface LeftStrokes {
  box: TextBox;
  pixels: number;
}

/**
 * Whether `rgb` is a stroke colour mixed into one of the colours around the line (at 30–70%): what
 * filling from a missed stroke spreads (yellow into red is orange). A pale smear of a label's colour
 * onto a bottle is damage, but no stroke left: not this.
 */
function smearOfStroke(read: StrokeColours, rgb: number[]): boolean {
  for (const ink of read.inks)
    for (const mix of SMEAR_MIXES) {
      const under = [0, 1, 2].map((c) => ((rgb[c] as number) - mix * (ink[c] as number)) / (1 - mix));
      if (under.some((v) => v < -8 || v > 263)) continue;
      const [r, g, b] = under.map((v) => Math.max(0, Math.min(255, Math.round(v)))) as [
        number,
        number,
        number,
      ];
      if (read.background[((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4)]) return true;
    }
  return false;
}

/**
 * The pixels of `read.box` left of its strokes, 1 each (box-sized): those that still have one of
 * its stroke colours, and those erased (`erased`, image-sized, 255) into a smear of one: a colour
 * the line's surroundings do not have, that mixes a stroke's colour into one they do.
 */
function stillStroked(
  image: RgbImage,
  read: StrokeColours,
  erased: Uint8Array,
  kept: readonly TextBox[],
  drawn?: Uint8Array,
): Uint8Array {
  const { box } = read;
  const skip = skipped(box, kept);
  const left = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++) {
      const i = y * box.width + x;
      const p = (box.y + y) * image.width + box.x + x;
      if (skip[i] || drawn?.[p]) continue;
      const b = bin(image.data, p * 3);
      if (read.colours[b]) left[i] = 1;
      else if (erased[p] === 255 && !read.background[b]) {
        const at = p * 3;
        const rgb = [image.data[at] as number, image.data[at + 1] as number, image.data[at + 2] as number];
        if (smearOfStroke(read, rgb)) left[i] = 1;
      }
    }
  return left;
}

/**
 * On the erased `image` (`erased`: the pixels filled, 255): the strokes of `read`'s line still
 * there, or null when (nearly) none are. A line with strokes left is counted as leftover Chinese
 * whatever an OCR reads there. `drawn` (image-sized, 1) is what the erase left on purpose in a
 * stroke's colour: a line drawn on the label (a medallion's ring) is no stroke left.
 */
export function strokesLeft(
  image: RgbImage,
  read: StrokeColours,
  erased: Uint8Array,
  kept: readonly TextBox[] = [],
  drawn?: Uint8Array,
): LeftStrokes | null {
  const { box } = read;
  const left = stillStroked(image, read, erased, kept, drawn);
  let pixels = 0;
  let [x0, y0, x1, y1] = [box.width, box.height, -1, -1];
  for (let i = 0; i < left.length; i++) {
    if (!left[i]) continue;
    pixels += 1;
    const x = i % box.width;
    const y = (i - x) / box.width;
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  }
  const height = Math.min(box.width, box.height);
  if (pixels < Math.max(read.pixels * LEFT_SHARE, height * LEFT_PIXELS_PER_HEIGHT)) return null;
  return { box: { x: box.x + x0, y: box.y + y0, width: x1 - x0 + 1, height: y1 - y0 + 1 }, pixels };
}

/**
 * Marks in `mask` (one byte a pixel of the image, 255 = erase) the pixels of `read`'s line left
 * after erasing (`erased`) in a stroke's colour or smeared with one, and the pixel or two of
 * anti-aliased edge around them: erasing again, by colour, what the first marking (by the ink's
 * colour group) missed.
 */
export function markLeftStrokes(
  image: RgbImage,
  read: StrokeColours,
  erased: Uint8Array,
  mask: Uint8Array,
  kept: readonly TextBox[] = [],
): void {
  const { box } = read;
  const edge = Math.max(2, Math.round(Math.min(box.width, box.height) * 0.03));
  const marked = dilate(stillStroked(image, read, erased, kept), box.width, box.height, edge);
  const skip = skipped(box, kept);
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++)
      if (marked[y * box.width + x] && !skip[y * box.width + x])
        mask[(box.y + y) * image.width + box.x + x] = 255;
}

/** A digit or Latin letter is about half as wide as a Chinese character. */
const NARROW = 0.55;

/**
 * About how many of `line`'s Chinese characters hold `left` strokes: the characters (the line's box
 * cut along its text, a Chinese character twice a digit's width) the strokes' box reaches into, at
 * least one.
 */
export function charactersTouched(line: { box: TextBox; text: string }, left: TextBox): number {
  const chars = [...line.text.replace(/\s/g, '')];
  const widths = chars.map((c) => (countSourceChars(c) > 0 ? 1 : NARROW));
  const across = line.box.width >= line.box.height;
  const units = Math.max(
    1,
    widths.reduce((a, b) => a + b, 0),
  );
  const unit = (across ? line.box.width : line.box.height) / units;
  const from = (across ? left.x - line.box.x : left.y - line.box.y) / unit;
  const to = from + (across ? left.width : left.height) / unit;
  let start = 0;
  let touched = 0;
  chars.forEach((c, i) => {
    const end = start + (widths[i] as number);
    if (end > from && start < to && countSourceChars(c) > 0) touched += 1;
    start = end;
  });
  return Math.max(1, touched);
}

const overlaps = (a: TextBox, b: TextBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The residual with every block's strokes left added (hidden blocks too: their strokes are on the
 * erased picture all the same), except where a box read as leftover already covers them.
 */
export function withStrokesLeft<R extends { count: number; boxes: TextBox[] }>(
  residual: R,
  blocks: readonly { strokesLeft?: { count: number; boxes: TextBox[] } | undefined }[],
): R {
  const read = residual.boxes;
  const extra = blocks
    .flatMap((block) => (block.strokesLeft ? [block.strokesLeft] : []))
    .map((left) => ({ ...left, boxes: left.boxes.filter((box) => !read.some((r) => overlaps(r, box))) }))
    .filter((left) => left.boxes.length > 0);
  if (extra.length === 0) return residual;
  return {
    ...residual,
    count: residual.count + extra.reduce((sum, left) => sum + left.count, 0),
    boxes: [...read, ...extra.flatMap((left) => left.boxes)],
  };
}
