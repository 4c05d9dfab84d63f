/**
 * Text that would not stand out from what is under it gets an outline, as a designer would give
 * white text over a light patch of a photo: judged against the erased picture where the text is
 * drawn, not against one colour of the original box (a caption over a street photo crosses dark
 * coats and a pale pavement).
 */
import type { TextBox } from '../ocr/index.ts';
import { contrastRatio, MIN_CONTRAST } from './erase.ts';
import type { RgbImage } from './rgb-image.ts';

const rgbOf = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

/** The share of what lies under the text allowed to read below MIN_CONTRAST (a speck of the photo). */
const POOR_SHARE = 0.1;

/**
 * Colours this far apart in CIELAB (ΔE 1976) read apart by their hue even at a low luminance
 * contrast: the red 「很美」 a designer printed on a tan backdrop (1.2:1 by WCAG's luminance) reads
 * at a glance, and its translation was given a black halo the original never had. White on a pale
 * patch, or green on a green photo, stays under it and still gets one.
 */
const DISTINCT_COLOURS = 45;

/** sRGB (0–255 a channel) to CIELAB under D65. */
function lab(rgb: number[]): [number, number, number] {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** Whether two colours read apart by their colour alone (ΔE at least DISTINCT_COLOURS). */
export function coloursApart(a: number[], b: number[]): boolean {
  const [first, second] = [lab(a), lab(b)];
  return Math.hypot(...first.map((v, c) => v - (second[c] as number))) >= DISTINCT_COLOURS;
}

/** Whether `ink` over `under` would not read: low luminance contrast and no clear difference of colour. */
function readsPoorly(ink: number[], inkLab: number[], under: number[]): boolean {
  if (contrastRatio(ink, under) >= MIN_CONTRAST) return false;
  const other = lab(under);
  return Math.hypot(...inkLab.map((v, c) => v - (other[c] as number))) < DISTINCT_COLOURS;
}

/**
 * Whether `color` drawn over `area` of `picture` reads poorly (below MIN_CONTRAST and of a colour
 * close to it) on more than POOR_SHARE of it (every pixel looked at on a grid of about 4000).
 */
export function needsHalo(picture: RgbImage, area: TextBox, color: string): boolean {
  const ink = rgbOf(color);
  const inkLab = lab(ink);
  const x0 = Math.max(0, area.x);
  const y0 = Math.max(0, area.y);
  const x1 = Math.min(picture.width, area.x + area.width);
  const y1 = Math.min(picture.height, area.y + area.height);
  const step = Math.max(1, Math.floor(Math.sqrt(((x1 - x0) * (y1 - y0)) / 4000)));
  let poor = 0;
  let seen = 0;
  for (let y = y0; y < y1; y += step)
    for (let x = x0; x < x1; x += step) {
      const at = (y * picture.width + x) * 3;
      const under = [
        picture.data[at] as number,
        picture.data[at + 1] as number,
        picture.data[at + 2] as number,
      ];
      if (readsPoorly(ink, inkLab, under)) poor += 1;
      seen += 1;
    }
  return seen > 0 && poor / seen > POOR_SHARE;
}

/** The outline that makes `color` read anywhere: black or white, whichever is further from it. */
export function haloFor(color: string, fontSize: number): { color: string; width: number } {
  const ink = rgbOf(color);
  const dark = contrastRatio(ink, [0, 0, 0]) >= contrastRatio(ink, [255, 255, 255]);
  return { color: dark ? '#000000' : '#ffffff', width: Math.max(2, Math.round(fontSize * 0.08)) };
}
