/**
 * What is still printed right beside a line once the line is erased: a price's big digits kept as
 * they are next to its 「起」, an icon before a selling point. The translation's room stops there.
 * Kept text is no block to translate, so the blocks' boxes do not show it; the erased picture does.
 */
import type { TextBox } from '../ocr/index.ts';
import type { RgbImage } from './rgb-image.ts';

/**
 * The ground a line was printed on: the rows just above and below its box, across it. It counts
 * when this share of them lie within GROUND_NOISE of their median colour (a page, a flat label);
 * the erased box itself is no witness, the erase made it smooth even on a photo.
 */
const FLAT_SHARE = 0.9;
const GROUND_NOISE = 16;
/** Rows looked at on each side, this far out from the box: just outside it, a pill may lie below. */
const AROUND_ROWS = [1, 2];
/** A pixel this far (RGB distance) from the ground is printed matter. */
const PRINTED_STEP = 80;
/** A column stops the room when this share of the line's middle rows meet printed matter in it. */
const PRINTED_ROWS = 0.3;
/** Off the ground on this share of the rows from a line's height above it to one below: another surface. */
const SURFACE_ROWS = 0.8;

const channel = (image: RgbImage, x: number, y: number, c: number) =>
  image.data[(y * image.width + x) * 3 + c] as number;

function distance(image: RgbImage, x: number, y: number, colour: number[]): number {
  return Math.hypot(
    channel(image, x, y, 0) - (colour[0] as number),
    channel(image, x, y, 1) - (colour[1] as number),
    channel(image, x, y, 2) - (colour[2] as number),
  );
}

/** The flat colour around `box` (above and below it), or null when it is not flat. */
function groundAround(image: RgbImage, box: TextBox): number[] | null {
  const points: [number, number][] = [];
  const x0 = Math.max(0, Math.round(box.x));
  const x1 = Math.min(image.width, Math.round(box.x + box.width));
  for (const d of AROUND_ROWS)
    for (const y of [Math.round(box.y) - d, Math.round(box.y + box.height) - 1 + d])
      if (y >= 0 && y < image.height) for (let x = x0; x < x1; x++) points.push([x, y]);
  if (points.length < 3) return null;
  const median = [0, 1, 2].map(
    (c) =>
      points.map(([x, y]) => channel(image, x, y, c)).sort((a, b) => a - b)[points.length >> 1] as number,
  );
  const near = points.filter(([x, y]) => distance(image, x, y, median) <= GROUND_NOISE).length;
  return near >= points.length * FLAT_SHARE ? median : null;
}

/**
 * The nearest column left and right of a line where something is printed (null: none), and
 * whether it is solid there (big digits, an icon) rather than a thin rule or divider.
 */
export interface Printed {
  left: number | null;
  right: number | null;
  solid: { left: boolean; right: boolean };
}

/** Printed columns side by side at least this share of the line's height wide are solid. */
const SOLID = 0.25;

/**
 * The nearest columns within `reach` pixels left and right of the erased line's box where
 * something is still printed on the ground the line was erased to (null: none, or the line was on
 * no flat ground), looked for on the middle of the line's rows.
 */
export function printedBeside(erased: RgbImage, box: TextBox, reach: number): Printed {
  const ground = groundAround(erased, box);
  const rows: number[] = [];
  for (let y = Math.round(box.y + box.height * 0.2); y < box.y + box.height * 0.8; y++)
    if (y >= 0 && y < erased.height) rows.push(y);
  const none: Printed = { left: null, right: null, solid: { left: false, right: false } };
  if (!ground || rows.length === 0) return none;
  const printedAt = (x: number) =>
    rows.filter((y) => distance(erased, x, y, ground) > PRINTED_STEP).length >= rows.length * PRINTED_ROWS;
  // The edge of another surface (a panel the line's first character was set across, a table's
  // rule) runs on far above and below the line: that is no thing printed beside it, and
  // beforeSideEdges (label.ts) decides about edges.
  const surfaceAt = (x: number) => {
    const y0 = Math.max(0, Math.round(box.y - box.height));
    const y1 = Math.min(erased.height, Math.round(box.y + 2 * box.height));
    let off = 0;
    for (let y = y0; y < y1; y++) if (distance(erased, x, y, ground) > PRINTED_STEP) off += 1;
    return off >= (y1 - y0) * SURFACE_ROWS;
  };
  const scan = (from: number, dx: number) => {
    for (let d = 0; d < reach; d++) {
      const x = from + dx * d;
      if (x < 0 || x >= erased.width) return null;
      if (printedAt(x)) return surfaceAt(x) ? null : x;
    }
    return null;
  };
  const solidFrom = (x: number | null, dx: number) => {
    if (x === null) return false;
    const wide = Math.max(2, Math.round(box.height * SOLID));
    for (let d = 1; d < wide; d++) if (x + dx * d < 0 || !printedAt(x + dx * d)) return false;
    return true;
  };
  const left = scan(Math.round(box.x) - 1, -1);
  const right = scan(Math.round(box.x + box.width), 1);
  return { left, right, solid: { left: solidFrom(left, -1), right: solidFrom(right, 1) } };
}
