/**
 * A pill inside a line: 「仅 398」 on a Tmall bicycle poster, red 398 on a white price pill and 仅
 * beside it on the dark bar, read by the OCR as one line whose box is about as tall as the pill.
 * Above and below such a line (label-split.ts reads the fill there) lies the bar on both sides of
 * the pill's end, so no step shows; the line was refilled as one, and the digits were inpainted
 * into a grey smear inside the pill. The pill shows itself inside the line instead: beside its
 * letters it is solid, a column of its colour as tall as the letters and a good part of the line's
 * height wide. An outline around letters, or a letter's stroke, can be as tall but never that wide
 * (the white outline around valid-2's orange headline is 4 px).
 */
import type { TextBox } from '../ocr/index.ts';
import { distanceTo } from './fill-plane.ts';
import type { RgbImage } from './rgb-image.ts';

/** A column's pixels agree with the run's first within this (RGB distance): JPEG noise, no more. */
const AGREE = 30;
/** A solid column's run is at least this share of the line's height: a pill spans the letters. */
const SPAN = 0.8;
/** Solid columns of one colour side by side, at least this share of the line's height wide. */
const WIDE = 0.3;
/** Two solid parts differ by at least this (RGB distance) to be two fills: as label-split's STEP. */
const STEP = 60;
/** A piece of the line is at least this share of its height long, as in label-split.ts. */
const LEAST_PIECE = 0.5;

/** The longest run of one colour down a column of `box`: its first row, length and mean colour. */
interface Run {
  top: number;
  length: number;
  colour: number[];
}

function longestRun(image: RgbImage, x: number, box: TextBox): Run {
  let best: Run = { top: box.y, length: 0, colour: [0, 0, 0] };
  let y = box.y;
  const bottom = box.y + box.height;
  while (y < bottom) {
    const first = (y * image.width + x) * 3;
    const start = [0, 1, 2].map((c) => image.data[first + c] as number);
    const sum = [0, 0, 0];
    let end = y;
    for (; end < bottom; end++) {
      const i = (end * image.width + x) * 3;
      if (distanceTo(image.data, i, start) > AGREE) break;
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] as number) + (image.data[i + c] as number);
    }
    if (end - y > best.length) best = { top: y, length: end - y, colour: sum.map((s) => s / (end - y)) };
    y = Math.max(end, y + 1);
  }
  return best;
}

/** Side by side columns whose long runs are one fill: from, to (exclusive), colour, middle row. */
interface Solid {
  from: number;
  to: number;
  colour: number[];
  row: number;
}

const apart = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(...a.map((v, c) => v - (b[c] as number)));

/** The solid parts of the rows of `box` (the line's box grown past its strokes), left to right. */
function solidParts(image: RgbImage, line: TextBox, box: TextBox): Solid[] {
  const tall = line.height * SPAN;
  const parts: Solid[] = [];
  let open: (Solid & { runs: Run[] }) | null = null;
  const close = () => {
    if (open && open.to - open.from >= line.height * WIDE) {
      const { from, to, colour, row } = open;
      parts.push({ from, to, colour, row });
    }
    open = null;
  };
  // Read a line's height past its ends: the page beside a pill is solid there, if not between the
  // letters and the pill.
  const [x0, x1] = [
    Math.max(0, line.x - line.height),
    Math.min(image.width, line.x + line.width + line.height),
  ];
  for (let x = x0; x < x1; x++) {
    const run = longestRun(image, x, box);
    if (run.length < tall) {
      close();
      continue;
    }
    const middle = run.top + run.length / 2;
    const current = open as (Solid & { runs: Run[] }) | null;
    // One part while the colour and the rows held agree with where it began.
    const joins =
      current &&
      apart(current.colour, run.colour) <= AGREE &&
      middle >= (current.runs[0] as Run).top &&
      middle < (current.runs[0] as Run).top + (current.runs[0] as Run).length;
    if (!joins) {
      close();
      open = { from: x, to: x + 1, colour: run.colour, row: Math.round(middle), runs: [run] };
    } else if (current) current.to = x + 1;
  }
  close();
  return parts;
}

/**
 * From `x` along `row` in direction `dx`, the first column off `colour`: where the fill that is
 * solid at `x` ends on that row.
 */
function endOf(image: RgbImage, x: number, row: number, dx: number, colour: number[], limit: number) {
  for (let at = x; at !== limit; at += dx)
    if (distanceTo(image.data, (row * image.width + at) * 3, colour) > AGREE) return at;
  return null;
}

/**
 * Where the line changes from one solid fill to another (a pill's end), with the fill of each
 * piece; null when it does not, or when an edge between two fills is not clean on either side
 * (letters in the way both ways: no cut can be told).
 */
export function solidSteps(
  image: RgbImage,
  line: TextBox,
  box: TextBox,
): { steps: number[]; fills: number[][] } | null {
  const parts = solidParts(image, line, box);
  if (parts.length < 2) return null;
  const steps: number[] = [];
  const fills = [(parts[0] as Solid).colour];
  for (let n = 1; n < parts.length; n++) {
    const [a, b] = [parts[n - 1] as Solid, parts[n] as Solid];
    if (apart(a.colour, b.colour) < STEP) continue;
    // The edge is where one fill, walked from its solid part along its middle row towards the
    // other, meets the other's colour at once (the pill's round end, walked from its margin); the
    // other way, letters stand in the way.
    const leftEnd = endOf(image, b.from - 1, b.row, -1, b.colour, a.to - 1);
    const rightEnd = endOf(image, a.to, a.row, 1, a.colour, b.from);
    const cleanInto = (x: number | null, row: number, dx: number, other: number[]) =>
      x !== null &&
      [x, x + dx, x + 2 * dx].some(
        (at) =>
          at >= 0 && at < image.width && distanceTo(image.data, (row * image.width + at) * 3, other) <= AGREE,
      );
    // Two parts side by side with no column between them (a square end on whole pixels) meet at once.
    let edge: number | null = null;
    if (a.to === b.from) edge = b.from;
    else if (cleanInto(leftEnd, b.row, -1, a.colour)) edge = (leftEnd as number) + 1;
    else if (cleanInto(rightEnd, a.row, 1, b.colour)) edge = rightEnd as number;
    if (edge === null) return null;
    steps.push(edge);
    fills.push(b.colour);
  }
  // A fill that ends within a piece's least length of the line's end is only its margin: the
  // line lies on the next one.
  const least = Math.max(6, line.height * LEAST_PIECE);
  while (steps.length > 0 && (steps[0] as number) - line.x < least) {
    steps.shift();
    fills.shift();
  }
  while (steps.length > 0 && line.x + line.width - (steps.at(-1) as number) < least) {
    steps.pop();
    fills.pop();
  }
  if (steps.some((at, n) => n > 0 && at - (steps[n - 1] as number) < least)) return null;
  if (steps.length === 0) return null;
  return { steps, fills };
}

/**
 * The part of a line's box on the widest fill it crosses, read on the erased picture, when a pill's
 * end lies inside the line (solidSteps); null when it does not. A translation drawn across the
 * whole line started on the dark bar beside train-10's white 「398」 pill and ran into it mid-word.
 */
export function widestPiece(erased: RgbImage, line: TextBox): TextBox | null {
  const cuts = solidSteps(erased, line, line);
  if (!cuts) return null;
  const edges = [line.x, ...cuts.steps, line.x + line.width];
  const pieces = edges
    .slice(1)
    .map((end, n) => ({ ...line, x: edges[n] as number, width: end - (edges[n] as number) }));
  return pieces.reduce((widest, piece) => (piece.width > widest.width ? piece : widest));
}
