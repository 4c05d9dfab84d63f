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
 * Whether `color` drawn over `area` of `picture` reads below MIN_CONTRAST on more than POOR_SHARE
 * of it (every pixel looked at on a grid of about 4000).
 */
export function needsHalo(picture: RgbImage, area: TextBox, color: string): boolean {
  const ink = rgbOf(color);
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
      if (contrastRatio(ink, under) < MIN_CONTRAST) poor += 1;
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
