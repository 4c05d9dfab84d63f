/**
 * A logo's Latin name set in spaced-out capitals: alimama train-11's 「P H O E N I X」, 6 px dark
 * letters 14 px apart on a white bar under the stylised 「凤凰」. The OCR reads no Latin there (nor
 * in the erased picture of its second reading), so logo-lockup.ts had no Latin name to pair the
 * Chinese one with, and the logo's 「凤凰」 was rewritten. Such a name is found in the pixels
 * instead: a row of at least four small marks of one height on one baseline, evenly and widely
 * spaced (letter-spaced lettering, as the OCR misses it), over or under the Chinese name.
 */
import type { TextBox } from '../ocr/index.ts';
import type { RgbImage } from './rgb-image.ts';

/** The letters lie at most this share of the name's height away from it (logo-lockup.ts's GAP_AT_MOST)… */
const GAP_AT_MOST = 0.5;
/** …and are this share of its height at most and at least (smaller than the name, not specks). */
const LETTER_AT_MOST = 0.8;
const LETTER_AT_LEAST = 0.15;
/** A letter is at most this many times as wide as it is tall (W, M). */
const LETTER_WIDTH = 1.5;
/** At least this many letters in the row, their tops and bottoms within this share of their height. */
const LETTERS_AT_LEAST = 4;
const BASELINE = 0.25;
/** Spaced out: a letter's pitch at least this many of their widths, each pitch within this share of the mean. */
const PITCH_AT_LEAST = 1.8;
const EVEN = 0.25;
/** Light and dark are this far apart in luminance at least, or there is nothing written… */
const CONTRAST = 60;
/** …and a pixel this share of the way from the ground to the ink is ink. */
const INKED = 0.35;

interface Mark {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const luminance = (image: RgbImage, i: number) =>
  ((image.data[i] as number) * 299 +
    (image.data[i + 1] as number) * 587 +
    (image.data[i + 2] as number) * 114) /
  1000;

/**
 * The marks darker (or, `dark` false, lighter) than `edge` inside `area`, each an 8-connected set
 * of pixels; a set that reaches the area's border is ground or something cut off, not a letter.
 */
function marksIn(image: RgbImage, area: TextBox, edge: number, dark: boolean): Mark[] {
  const { x: left, y: top, width, height } = area;
  const ink = (x: number, y: number) => {
    const l = luminance(image, ((top + y) * image.width + left + x) * 3);
    return dark ? l < edge : l > edge;
  };
  const seen = new Uint8Array(width * height);
  const marks: Mark[] = [];
  for (let start = 0; start < seen.length; start++) {
    if (seen[start] || !ink(start % width, Math.floor(start / width))) continue;
    seen[start] = 1;
    const stack = [start];
    const mark = { left: width, right: -1, top: height, bottom: -1 };
    let cut = false;
    while (stack.length > 0) {
      const at = stack.pop() as number;
      const x = at % width;
      const y = Math.floor(at / width);
      mark.left = Math.min(mark.left, x);
      mark.right = Math.max(mark.right, x);
      mark.top = Math.min(mark.top, y);
      mark.bottom = Math.max(mark.bottom, y);
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) cut = true;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          const next = ny * width + nx;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height || seen[next] || !ink(nx, ny)) continue;
          seen[next] = 1;
          stack.push(next);
        }
    }
    if (!cut)
      marks.push({
        left: left + mark.left,
        right: left + mark.right,
        top: top + mark.top,
        bottom: top + mark.bottom,
      });
  }
  return marks;
}

/** The longest run of `marks` (left to right) on one baseline, evenly and widely spaced, as a box; null if too short. */
function spacedRow(marks: Mark[], nameHeight: number): TextBox | null {
  const letters = marks
    .filter((m) => {
      const height = m.bottom - m.top + 1;
      const width = m.right - m.left + 1;
      return (
        height >= LETTER_AT_LEAST * nameHeight &&
        height <= LETTER_AT_MOST * nameHeight &&
        width <= LETTER_WIDTH * height
      );
    })
    .sort((a, b) => a.left - b.left);
  for (const first of letters) {
    const height = first.bottom - first.top + 1;
    const row = letters.filter(
      (m) =>
        Math.abs(m.top - first.top) <= BASELINE * height &&
        Math.abs(m.bottom - first.bottom) <= BASELINE * height,
    );
    if (row.length < LETTERS_AT_LEAST) continue;
    const centres = row.map((m) => (m.left + m.right) / 2);
    const pitches = centres.slice(1).map((c, i) => c - (centres[i] as number));
    const pitch = pitches.reduce((sum, p) => sum + p, 0) / pitches.length;
    const width = row.reduce((sum, m) => sum + m.right - m.left + 1, 0) / row.length;
    if (pitch < PITCH_AT_LEAST * width || pitches.some((p) => Math.abs(p - pitch) > EVEN * pitch)) continue;
    const left = (row[0] as Mark).left;
    const right = (row.at(-1) as Mark).right;
    const top = Math.min(...row.map((m) => m.top));
    const bottom = Math.max(...row.map((m) => m.bottom));
    return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
  }
  return null;
}

/**
 * The box of a spaced-out Latin name under or over the Chinese name at `name`, or null: looked for
 * in the rows beside it (as far as a lock-up's gap and a letter's height), across its columns and
 * half its width either side (the letters run wider than the name), dark on light and light on dark.
 */
export function spacedLetters(image: RgbImage, name: TextBox): TextBox | null {
  const reach = Math.ceil((GAP_AT_MOST + LETTER_AT_MOST) * name.height) + 2;
  const left = Math.max(0, Math.floor(name.x - name.width / 2));
  const right = Math.min(image.width, Math.ceil(name.x + (name.width * 3) / 2));
  const bands = [
    { top: name.y + name.height - 2, bottom: name.y + name.height + reach },
    { top: name.y - reach, bottom: name.y + 2 },
  ];
  for (const band of bands) {
    const top = Math.max(0, band.top);
    const bottom = Math.min(image.height, band.bottom);
    if (bottom - top < 4 || right - left < 4) continue;
    const area = { x: left, y: top, width: right - left, height: bottom - top };
    const shades: number[] = [];
    for (let y = top; y < bottom; y++)
      for (let x = left; x < right; x++) shades.push(luminance(image, (y * image.width + x) * 3));
    shades.sort((a, b) => a - b);
    const low = shades[Math.floor(shades.length * 0.1)] as number;
    const high = shades[Math.floor(shades.length * 0.9)] as number;
    if (high - low < CONTRAST) continue;
    // Small letters are thin: most of a stroke is anti-aliased, nearer the ground than the ink.
    const found =
      spacedRow(marksIn(image, area, high - INKED * (high - low), true), name.height) ??
      spacedRow(marksIn(image, area, low + INKED * (high - low), false), name.height);
    if (found) return found;
  }
  return null;
}
