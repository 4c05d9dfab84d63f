/**
 * Erasing text from a product image, stroke by stroke: in each line's box the pixels of the text
 * (its ink, an outline around it and the anti-aliased edge, told apart from the background by
 * ink.ts) are marked, and only those are filled by OpenCV's inpainting from what is around them.
 * A flat or gradient label keeps its colour and its edges, a photo gets thin strokes filled instead
 * of a blurred block, and nothing outside the strokes changes. Navier–Stokes over Telea: on coloured
 * labels Telea left lighter blotches where thick strokes were (docs/decisions.md has the figures).
 */
import type { TextBox } from '../ocr/index.ts';
import { openCv } from '../opencv.ts';
import { fillFlatRegions, sweepHaze } from './haze.ts';
import { dilate, readInk } from './ink.ts';
import type { RgbImage } from './rgb-image.ts';
import { slantOf } from './slant.ts';

/** What the erased pixels looked like: the text's colour, whether its strokes were heavy, its outline. */
export interface TextInk {
  color: string;
  bold: boolean;
  /** An outline (or heavy shadow) around the strokes: drawn back around the translation. */
  outline: { color: string; width: number } | null;
  /** The letters' lean in degrees (slant.ts), positive leaning right; absent when upright. */
  slant?: number;
}

/**
 * Share of a (grown) line box covered by strokes above which the text reads as bold. Measured on
 * Noto Sans SC drawn at 36–72 px: bold lines cover 0.24–0.35 of their grown box, regular ones
 * 0.19–0.22.
 */
const BOLD_SHARE = 0.23;
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

export const hex = (rgb: number[]) =>
  `#${rgb
    .map((v) =>
      Math.round(clamp(v, 0, 255))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/**
 * Marks the text's strokes in `box` (grown past them) in `mask` (one byte a pixel of the image,
 * 255 = erase) and says what the text looked like. Strokes are the ink's colour group and an
 * outline around it (ink.ts), grown by a pixel or two for the anti-aliased edge; the rest of the
 * box (a label, a photo) is never marked.
 */
export function markStrokes(image: RgbImage, box: TextBox, mask: Uint8Array): TextInk {
  const read = readInk(image, box);
  const area = box.width * box.height;
  if (!read || read.inkShare < TOO_FAINT) {
    for (let y = box.y; y < box.y + box.height; y++)
      mask.fill(255, y * image.width + box.x, y * image.width + box.x + box.width);
    return { color: contrasting(read?.background ?? [255, 255, 255]), bold: false, outline: null };
  }
  const strokes = new Uint8Array(area);
  let inked = 0;
  for (let i = 0; i < area; i++) {
    strokes[i] = read.core[i] || read.rim[i] ? 1 : 0;
    inked += read.core[i] as number;
  }
  // The anti-aliased edge: a pixel or two past the strokes, between their colour and the background.
  const thickness = Math.min(box.width, box.height);
  const marked = dilate(strokes, box.width, box.height, Math.max(2, Math.round(thickness * 0.03)));
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++) {
      const i = y * box.width + x;
      if (marked[i] && (!read.within || read.within[i])) mask[(box.y + y) * image.width + box.x + x] = 255;
    }
  sweepHaze(image, box, mask, read.outline ? [read.ink, read.outline.color] : [read.ink]);
  const outline = read.outline ? { color: hex(read.outline.color), width: read.outline.width } : null;
  // With an outline the ink reads against the outline, as the designer drew it.
  const color = outline ? read.ink : readableOn(read.ink, read.background);
  const slant = slantOf(read.core, box.width, box.height);
  return { color: hex(color), bold: inked / area > BOLD_SHARE, outline, ...(slant ? { slant } : {}) };
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

/** The most a colour is shaded towards black or white to read (tenths of the way): more changes what it is. */
const MAX_SHADE = 4;
/** Shading aims a little past MIN_CONTRAST: what is under the drawn text is rarely exactly the box's colour. */
const SHADE_TARGET = MIN_CONTRAST * 1.1;

/**
 * The ink, or the nearest shade of it (towards black or white, whichever gets there sooner) that
 * reads at MIN_CONTRAST on `background`: pale text on a pale label is drawn back darker, keeping
 * its hue, instead of as faint as it was read. Yellow over a mid-green photo would have to turn
 * olive: such an ink stays as it is, and the drawing gives it an outline instead (halo.ts).
 */
function readableOn(ink: number[], background: number[]): number[] {
  if (contrastRatio(ink, background) >= MIN_CONTRAST) return ink;
  const towards = (target: number) => {
    for (let step = 1; step <= MAX_SHADE; step++) {
      const shade = ink.map((v) => v + (target - v) * (step / 10));
      if (contrastRatio(shade, background) >= SHADE_TARGET) return { step, shade };
    }
    return null;
  };
  const darker = towards(0);
  const lighter = towards(255);
  if (darker && lighter) return darker.step <= lighter.step ? darker.shade : lighter.shade;
  return (darker ?? lighter)?.shade ?? ink;
}

/** Black or white, whichever stands out from `rgb`. */
function contrasting(rgb: number[]): string {
  const luminance = 0.299 * (rgb[0] as number) + 0.587 * (rgb[1] as number) + 0.114 * (rgb[2] as number);
  return luminance > 140 ? '#1f1f1f' : '#ffffff';
}

/**
 * Fills the marked pixels (`erase` is left as it is), in place: a region on one flat colour with
 * that colour, the rest from their surroundings (Navier–Stokes inpainting, radius 3).
 */
export async function inpaint(image: RgbImage, erase: Uint8Array): Promise<void> {
  const mask = erase.slice();
  fillFlatRegions(image, mask);
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
