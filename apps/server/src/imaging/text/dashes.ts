/**
 * Decorative dashes around a line: alimama test-2's subtitle 「—顺丰包邮 终身包退—」 has a dash at
 * each end. The OCR read the left one as 「一」, inside the line's box, and left the right one out.
 * Both are decorations, kept as they are: the line is trimmed to the text between them (before it
 * is translated and erased), and a translation's room ends before a dash beside it (layout.ts),
 * so that no word is drawn through one.
 */
import type { TextBox, TextLine } from '../ocr/index.ts';
import type { RgbImage } from './rgb-image.ts';

/** What the OCR reads a dash as, at either end of a line. */
const DASH = /^[一—－\-─━–]$/u;
/** A pixel this far (RGB distance) from its column's median over the line's rows is ink. */
const INK = 60;
/** A dash is at most this share of the line's height thick, and its middle this near the line's. */
const THICK = 0.2;
const MIDDLE = 0.2;
/** A dash is at least this share of the line's height long. */
const LONG = 0.5;
/** A dash beside a line begins within this many line heights of its box. */
const REACH = 1;
/** Empty columns between a line's box and its first ink: a detector's box pads its text a little. */
const PAD = 0.2;

type Column = 'empty' | 'bar' | 'ink';

/**
 * A column of the line's rows: no ink, one thin bar across its middle (a dash), or other ink.
 * `ground` is the colour around the line: a column of another colour all along (a table's
 * vertical rule, alimama train-11) is ink, not empty.
 */
function column(
  image: RgbImage,
  x: number,
  top: number,
  bottom: number,
  ground?: number[],
): { kind: Column; rows: number[]; median: number[] } {
  const at = (y: number) => (y * image.width + x) * 3;
  const median = [0, 1, 2].map((c) => {
    const values: number[] = [];
    for (let y = top; y < bottom; y++) values.push(image.data[at(y) + c] as number);
    return values.sort((a, b) => a - b)[values.length >> 1] as number;
  });
  const rows: number[] = [];
  for (let y = top; y < bottom; y++) {
    const i = at(y);
    const far = Math.hypot(
      (image.data[i] as number) - (median[0] as number),
      (image.data[i + 1] as number) - (median[1] as number),
      (image.data[i + 2] as number) - (median[2] as number),
    );
    if (far > INK) rows.push(y);
  }
  const apart = (a: number[], b: number[]) =>
    Math.hypot(
      (a[0] as number) - (b[0] as number),
      (a[1] as number) - (b[1] as number),
      (a[2] as number) - (b[2] as number),
    );
  if (ground && apart(median, ground) > INK) return { kind: 'ink', rows, median };
  if (rows.length === 0) return { kind: 'empty', rows, median };
  const height = bottom - top;
  const first = rows[0] as number;
  const last = rows.at(-1) as number;
  const middle = (first + last) / 2 - (top + height / 2);
  const thin = last - first + 1 <= Math.max(2, height * THICK) && rows.length >= (last - first + 1) * 0.8;
  return { kind: thin && Math.abs(middle) <= height * MIDDLE ? 'bar' : 'ink', rows, median };
}

/**
 * The dash met going from column `from` in direction `dx` (±1) across the rows of `box`, at most
 * `reach` columns of nothing before it: its box, and the first column past it. Null when ink that
 * is no dash, or nothing, comes first, or the bar is too short to be a dash.
 */
function dashFrom(image: RgbImage, box: TextBox, from: number, dx: 1 | -1, reach: number) {
  const top = Math.max(0, box.y);
  const bottom = Math.min(image.height, box.y + box.height);
  const inside = (x: number) => x >= 0 && x < image.width;
  if (!inside(from)) return null;
  const ground = column(image, from, top, bottom).median;
  let x = from;
  for (let skipped = 0; inside(x) && column(image, x, top, bottom, ground).kind === 'empty'; x += dx)
    if (++skipped > reach) return null;
  const start = x;
  let low = bottom;
  let high = top;
  for (; inside(x); x += dx) {
    const seen = column(image, x, top, bottom, ground);
    if (seen.kind !== 'bar') break;
    low = Math.min(low, seen.rows[0] as number);
    high = Math.max(high, seen.rows.at(-1) as number);
  }
  const length = Math.abs(x - start);
  if (length < box.height * LONG) return null;
  const left = Math.min(start, x - dx);
  return { box: { x: left, y: low, width: length, height: high - low + 1 }, past: x };
}

/** The dash beside `box` on one side, outside it, within REACH line heights: its box, or null. */
export function dashBeside(image: RgbImage, box: TextBox, side: 'left' | 'right'): TextBox | null {
  const reach = Math.round(box.height * REACH);
  const found =
    side === 'right'
      ? dashFrom(image, box, box.x + box.width, 1, reach)
      : dashFrom(image, box, box.x - 1, -1, reach);
  return found?.box ?? null;
}

/** The whole dash at one end inside `box` (it may start before the box): its box, and where the text begins. */
function dashInside(image: RgbImage, box: TextBox, side: 'left' | 'right') {
  const pad = Math.round(box.height * PAD);
  const found =
    side === 'left'
      ? dashFrom(image, box, box.x, 1, pad)
      : dashFrom(image, box, box.x + box.width - 1, -1, pad);
  if (!found) return null;
  // The part of the dash the box cut off: the detector's box may begin inside it.
  const top = Math.max(0, box.y);
  const bottom = Math.min(image.height, box.y + box.height);
  let { x, width } = found.box;
  if (side === 'left') for (; x > 0 && column(image, x - 1, top, bottom).kind === 'bar'; x--) width++;
  else for (; x + width < image.width && column(image, x + width, top, bottom).kind === 'bar'; ) width++;
  return { box: { ...found.box, x, width }, text: found.past };
}

/** Whether the OCR read a dash at either end of a line: only then is it looked at (betweenDashes). */
export const mayHaveDashes = (text: string) => {
  const chars = [...text];
  return DASH.test(chars[0] ?? '') || DASH.test(chars.at(-1) ?? '');
};

/**
 * A line with a dash at each end, one or both read as part of it: the line trimmed to its text
 * between them (box and reading), and the dashes' boxes; null for any other line. Both ends must
 * have one: 「一件包邮」 begins with the character 一, drawn as a dash is.
 */
export function betweenDashes(image: RgbImage, line: TextLine): { line: TextLine; dashes: TextBox[] } | null {
  const chars = [...line.text];
  const starts = DASH.test(chars[0] ?? '');
  const ends = chars.length > 1 && DASH.test(chars.at(-1) ?? '');
  if (!starts && !ends) return null;
  const left = starts ? dashInside(image, line.box, 'left') : null;
  const right = ends ? dashInside(image, line.box, 'right') : null;
  const leftDash = left?.box ?? (starts ? null : dashBeside(image, line.box, 'left'));
  const rightDash = right?.box ?? (ends ? null : dashBeside(image, line.box, 'right'));
  if (!leftDash || !rightDash) return null;
  const text = chars
    .slice(starts ? 1 : 0, ends ? -1 : undefined)
    .join('')
    .trim();
  if (text === '') return null;
  const x0 = left ? left.text : line.box.x;
  const x1 = right ? right.text + 1 : line.box.x + line.box.width;
  if (x1 - x0 < line.box.height) return null;
  return {
    line: { ...line, text, box: { ...line.box, x: x0, width: x1 - x0 } },
    dashes: [leftDash, rightDash],
  };
}
