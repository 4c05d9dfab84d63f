/**
 * The Chinese recogniser rarely emits a space next to a Han character ("防水透气 3层面料" comes out
 * as "防水透气3层面料", "尺码表 S M L" as "尺码表SML"), which loses words a translator needs. The
 * space is still there in the pixels: between two characters the recogniser placed, the widest run
 * of columns without ink is a space when it is wide for the line's height.
 *
 * Measured on Noto Sans SC, light to black, 20–64 px, on noise and flat JPEG (in pixels of the 48 px
 * high crop):
 * - Han next to a digit, letter or ASCII sign: 1–7 without a space, 10–20 with one. Threshold 9.
 * - Letter or digit next to another: up to 9 without a space ("ML", "iP": open shapes), 13–21 with
 *   one. Threshold 11.
 * - Han next to Han: "川八小儿" has 6–13 inside the characters' own strokes, as wide as a real space
 *   (10–17), so no space is ever added there; Chinese text seldom has one anyway.
 * - Fullwidth punctuation carries its own half-em of white (25–37): never a space around it.
 */
const SPACE_NEXT_TO_HAN = 9 / 48;
const SPACE_BETWEEN_OTHERS = 11 / 48;

/** A column counts as empty when its contrast is under this share of the line's strong columns (90th percentile). */
const EMPTY_COLUMN = 0.3;

const HAN = /\p{Script=Han}/u;
/** Fullwidth and CJK punctuation, which is drawn with its own spacing. */
const WIDE_PUNCTUATION =
  /[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65\u2018-\u201f\u2026\u2014]/u;

/** Per column of an RGB crop, the spread of its luminance (max − min), 0–255. */
function columnContrast(data: Buffer, width: number, height: number): Uint8Array {
  const contrast = new Uint8Array(width);
  for (let x = 0; x < width; x += 1) {
    let low = 255;
    let high = 0;
    for (let y = 0; y < height; y += 1) {
      const i = (y * width + x) * 3;
      const l =
        ((data[i] as number) * 299 + (data[i + 1] as number) * 587 + (data[i + 2] as number) * 114) / 1000;
      if (l < low) low = l;
      if (l > high) high = l;
    }
    contrast[x] = Math.round(high - low);
  }
  return contrast;
}

/**
 * `chars` with spaces put back where the crop shows one. `steps[i]` is the recogniser's column of
 * character i, each column `stepWidth` pixels of a crop `width`×`height` (RGB).
 */
export function restoreSpaces(
  chars: readonly string[],
  steps: readonly number[],
  stepWidth: number,
  crop: { data: Buffer; width: number; height: number },
): string {
  if (chars.length < 2) return chars.join('');
  const contrast = columnContrast(crop.data, crop.width, crop.height);
  const sorted = [...contrast].sort((a, b) => a - b);
  const empty = (sorted[Math.floor(sorted.length * 0.9)] ?? 0) * EMPTY_COLUMN;
  let text = chars[0] as string;
  for (let i = 1; i < chars.length; i += 1) {
    const before = chars[i - 1] as string;
    const after = chars[i] as string;
    const threshold = spaceThreshold(before, after);
    if (threshold !== null) {
      const from = Math.round(((steps[i - 1] as number) + 0.5) * stepWidth);
      const to = Math.min(crop.width, Math.round(((steps[i] as number) + 0.5) * stepWidth));
      if (widestEmptyRun(contrast, from, to, empty) >= threshold * crop.height) text += ' ';
    }
    text += after;
  }
  return text;
}

/** The gap (as a share of the line's height) that makes a space between two characters, or null for never. */
function spaceThreshold(before: string, after: string): number | null {
  if (before === ' ' || after === ' ') return null;
  if (WIDE_PUNCTUATION.test(before) || WIDE_PUNCTUATION.test(after)) return null;
  const han = HAN.test(before);
  if (han && HAN.test(after)) return null;
  return han || HAN.test(after) ? SPACE_NEXT_TO_HAN : SPACE_BETWEEN_OTHERS;
}

function widestEmptyRun(contrast: Uint8Array, from: number, to: number, empty: number): number {
  let run = 0;
  let widest = 0;
  for (let x = from; x < to; x += 1) {
    run = (contrast[x] as number) < empty ? run + 1 : 0;
    if (run > widest) widest = run;
  }
  return widest;
}
