/**
 * Erasing text from a product image, stroke by stroke: in each line's box the pixels of the text
 * (its colour, the anti-aliased edge and a thin outline, found against the box's own background
 * colour) are marked, and only those are filled by OpenCV's inpainting from what is around them.
 * A flat or gradient label keeps its colour and its edges, a photo gets thin strokes filled instead
 * of a blurred block, and nothing outside the strokes changes. Navier–Stokes over Telea: on coloured
 * labels Telea left lighter blotches where thick strokes were (docs/decisions.md has the figures).
 */
import type { TextBox } from '../ocr/index.ts';
import { openCv } from '../opencv.ts';

/** An image as raw RGB bytes. */
export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

/** What the erased pixels looked like: the text's colour and whether its strokes were heavy. */
export interface TextInk {
  color: string;
  bold: boolean;
}

/** How far a pixel must be from the box's background colour to be a candidate stroke (RGB distance). */
const INK_DISTANCE = 60;
/**
 * Share of a (grown) line box covered by strokes above which the text reads as bold. Measured on
 * Noto Sans SC drawn at 36–72 px: bold lines cover 0.24–0.35 of their grown box, regular ones
 * 0.19–0.22.
 */
const BOLD_SHARE = 0.23;
/** Next to a stroke, a pixel this far from the background is its edge, outline or shadow. */
const EDGE_DISTANCE = 24;
/** A line whose strokes cannot be told from its background (under this share) is erased whole. */
const TOO_FAINT = 0.01;

const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : Math.min(v, hi));

/** A box grown by `pad` on each side, kept inside the image. */
export function grow(box: TextBox, pad: number, width: number, height: number): TextBox {
  const x = clamp(Math.floor(box.x - pad), 0, width - 1);
  const y = clamp(Math.floor(box.y - pad), 0, height - 1);
  const right = clamp(Math.ceil(box.x + box.width + pad), x + 1, width);
  const bottom = clamp(Math.ceil(box.y + box.height + pad), y + 1, height);
  return { x, y, width: right - x, height: bottom - y };
}

const hex = (rgb: number[]) =>
  `#${rgb
    .map((v) =>
      Math.round(clamp(v, 0, 255))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

const distance = (data: Buffer, at: number, rgb: number[]) =>
  Math.sqrt(
    ((data[at] as number) - (rgb[0] as number)) ** 2 +
      ((data[at + 1] as number) - (rgb[1] as number)) ** 2 +
      ((data[at + 2] as number) - (rgb[2] as number)) ** 2,
  );

/** The most common colour in the box (32 levels a channel), as its mean: the text's background. */
function backgroundOf(image: RgbImage, box: TextBox): number[] {
  const counts = new Map<number, { n: number; sum: [number, number, number] }>();
  let best = { n: 0, sum: [255, 255, 255] as [number, number, number] };
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) {
      const at = (y * image.width + x) * 3;
      const [r, g, b] = [
        image.data[at] as number,
        image.data[at + 1] as number,
        image.data[at + 2] as number,
      ];
      const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
      let bin = counts.get(key);
      if (!bin) {
        bin = { n: 0, sum: [0, 0, 0] };
        counts.set(key, bin);
      }
      bin.n += 1;
      bin.sum[0] += r;
      bin.sum[1] += g;
      bin.sum[2] += b;
      if (bin.n > best.n) best = bin;
    }
  return best.sum.map((v) => v / Math.max(1, best.n));
}

const median = (samples: number[][], c: number) => {
  const values = samples.map((s) => s[c] as number).sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)] as number;
};

/**
 * Marks the text's strokes in `box` (grown past them) in `mask` (one byte a pixel of the image,
 * 255 = erase) and says what the text looked like. Strokes are the pixels nearer the ink's colour
 * than the background's, grown by a pixel or two for the anti-aliased edge and a thin outline.
 */
export function markStrokes(image: RgbImage, box: TextBox, mask: Uint8Array): TextInk {
  const background = backgroundOf(image, box);
  const candidates: number[][] = [];
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) {
      const at = (y * image.width + x) * 3;
      if (distance(image.data, at, background) > INK_DISTANCE)
        candidates.push([
          image.data[at] as number,
          image.data[at + 1] as number,
          image.data[at + 2] as number,
        ]);
    }
  const area = box.width * box.height;
  if (candidates.length < area * TOO_FAINT) {
    for (let y = box.y; y < box.y + box.height; y++)
      mask.fill(255, y * image.width + box.x, y * image.width + box.x + box.width);
    return { color: contrasting(background), bold: false };
  }
  const ink = [0, 1, 2].map((c) => median(candidates, c));
  const core = new Uint8Array(area);
  let strokes = 0;
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++) {
      const at = ((box.y + y) * image.width + box.x + x) * 3;
      const fromInk = distance(image.data, at, ink);
      if (
        distance(image.data, at, background) > INK_DISTANCE &&
        fromInk < distance(image.data, at, background)
      ) {
        core[y * box.width + x] = 1;
        strokes += 1;
      }
    }
  // The anti-aliased edge, an outline or a shadow sit next to the strokes: whatever near them differs
  // from the background at all is theirs. Left out, it would be drawn back into the hole as a ghost.
  const reach = Math.max(2, Math.round(box.height * 0.06));
  const near = dilate(core, box.width, box.height, reach * 2);
  const strong = new Uint8Array(area);
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++) {
      const i = y * box.width + x;
      const at = ((box.y + y) * image.width + box.x + x) * 3;
      strong[i] = core[i] || (near[i] && distance(image.data, at, background) > EDGE_DISTANCE) ? 1 : 0;
    }
  // One or two pixels more: the faint rim of the anti-aliasing, past what differs enough to be seen.
  const marked = dilate(strong, box.width, box.height, Math.max(1, Math.round(reach / 2)));
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++)
      if (marked[y * box.width + x]) mask[(box.y + y) * image.width + box.x + x] = 255;
  return { color: hex(readableOn(ink, background)), bold: strokes / area > BOLD_SHARE };
}

/** `on` (one byte a pixel, width × height) grown by `radius` pixels in every direction (a square). */
function dilate(on: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const rows = new Uint8Array(on.length);
  for (let y = 0; y < height; y++) {
    // Two sweeps per row: distance to the nearest set pixel on the left, then on the right.
    let last = -Infinity;
    for (let x = 0; x < width; x++) {
      if (on[y * width + x]) last = x;
      if (x - last <= radius) rows[y * width + x] = 1;
    }
    last = Infinity;
    for (let x = width - 1; x >= 0; x--) {
      if (on[y * width + x]) last = x;
      if (last - x <= radius) rows[y * width + x] = 1;
    }
  }
  const out = new Uint8Array(on.length);
  for (let x = 0; x < width; x++) {
    let last = -Infinity;
    for (let y = 0; y < height; y++) {
      if (rows[y * width + x]) last = y;
      if (y - last <= radius) out[y * width + x] = 1;
    }
    last = Infinity;
    for (let y = height - 1; y >= 0; y--) {
      if (rows[y * width + x]) last = y;
      if (last - y <= radius) out[y * width + x] = 1;
    }
  }
  return out;
}

/** WCAG's relative luminance of an sRGB colour (0–255 a channel). */
function luminance(rgb: number[]): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: number[], b: number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Text drawn again must read at least this well on what is under it (WCAG's large-text level). */
export const MIN_CONTRAST = 3;

/**
 * The ink, or the nearest shade of it (towards black or white, whichever gets there sooner) that
 * reads at MIN_CONTRAST on `background`: pale text on a pale label is drawn back darker, keeping
 * its hue, instead of as faint as it was read.
 */
function readableOn(ink: number[], background: number[]): number[] {
  if (contrastRatio(ink, background) >= MIN_CONTRAST) return ink;
  const towards = (target: number) => {
    for (let step = 1; step <= 10; step++) {
      const shade = ink.map((v) => v + (target - v) * (step / 10));
      if (contrastRatio(shade, background) >= MIN_CONTRAST) return { step, shade };
    }
    return { step: 11, shade: [target, target, target] };
  };
  const darker = towards(0);
  const lighter = towards(255);
  return darker.step <= lighter.step ? darker.shade : lighter.shade;
}

/** Black or white, whichever stands out from `rgb`. */
function contrasting(rgb: number[]): string {
  const luminance = 0.299 * (rgb[0] as number) + 0.587 * (rgb[1] as number) + 0.114 * (rgb[2] as number);
  return luminance > 140 ? '#1f1f1f' : '#ffffff';
}

/** Fills the marked pixels from their surroundings (Navier–Stokes inpainting, radius 3), in place. */
export async function inpaint(image: RgbImage, mask: Uint8Array): Promise<void> {
  if (!mask.includes(255)) return;
  const cv = await openCv();
  const source = new cv.Mat(image.height, image.width, cv.CV_8UC3);
  const marks = new cv.Mat(image.height, image.width, cv.CV_8UC1);
  const filled = new cv.Mat();
  try {
    source.data.set(image.data);
    marks.data.set(mask);
    cv.inpaint(source, marks, filled, 3, cv.INPAINT_NS);
    image.data.set(filled.data);
  } finally {
    source.delete();
    marks.delete();
    filled.delete();
  }
}
