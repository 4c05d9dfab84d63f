/**
 * Two labels side by side: alimama train-3's blue pills 「金属A面」「高效散热」 sit 9 px apart with the
 * dark picture between them, and the detector's two boxes came close enough to be joined as the
 * pieces of one line split at a wide space (layout.ts). Erased as one line, the gap between the
 * pills was refilled blue and the English laid out across both; train-11's table cells
 * 「前后中全套轴承」「双碟刹」, with a 1 px white rule between them, the same. Pieces whose ground at
 * their facing ends is a fill, with something of neither fill between those ends on nearly every
 * row where both fills show (the page between two labels, a table's rule: a stroke of a letter
 * does not run the whole height), sit on two labels: they stay two lines.
 */
import type { Pixels } from './pixels.ts';
import type { TextBox } from './types.ts';

/** A pixel this far (RGB distance) from a fill is not of it. */
const OTHER = 60;
/** The facing ends show their fill on at least this share of the shared rows (a label, not a photo)… */
const FILL_ROWS = 0.6;
/** …and on this share of those rows something else lies between them. */
const APART_ROWS = 0.9;

type Rgb = [number, number, number];

const pixelAt = (image: Pixels, x: number, y: number): Rgb => {
  const i = (y * image.width + x) * 3;
  return [image.data[i] as number, image.data[i + 1] as number, image.data[i + 2] as number];
};
const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const median = (colours: Rgb[]): Rgb =>
  [0, 1, 2].map((c) => {
    const values = colours.map((colour) => colour[c] as number).sort((a, b) => a - b);
    return values[values.length >> 1] as number;
  }) as Rgb;

/**
 * Whether the pieces `left` and `right` (boxes in the original's pixels; `scale` original pixels a
 * working pixel) lie on two labels with other ground between them.
 */
export function onSeparateLabels(image: Pixels, left: TextBox, right: TextBox, scale: number): boolean {
  const from = Math.floor((left.x + left.width) / scale);
  const to = Math.ceil(right.x / scale) - 1;
  const top = Math.ceil(Math.max(left.y, right.y) / scale);
  const bottom = Math.floor(Math.min(left.y + left.height, right.y + right.height) / scale);
  if (from < 0 || to >= image.width || to - from < 2 || bottom - top < 2) return false;
  const rows: number[] = [];
  for (let y = Math.max(0, top); y < Math.min(image.height, bottom); y++) rows.push(y);
  const leftFill = median(rows.map((y) => pixelAt(image, from, y)));
  const rightFill = median(rows.map((y) => pixelAt(image, to, y)));
  const filled = rows.filter(
    (y) =>
      distance(pixelAt(image, from, y), leftFill) <= OTHER &&
      distance(pixelAt(image, to, y), rightFill) <= OTHER,
  );
  if (filled.length < FILL_ROWS * rows.length) return false;
  const apart = filled.filter((y) => {
    for (let x = from + 1; x < to; x++) {
      const colour = pixelAt(image, x, y);
      if (distance(colour, leftFill) > OTHER && distance(colour, rightFill) > OTHER) return true;
    }
    return false;
  });
  return apart.length >= APART_ROWS * filled.length;
}
