/**
 * A line printed across two fills: 「月销突破1000+」 running from a red label onto a dark one, a
 * title crossing the gap between two blue pills, words running off a pill onto the page. One fill
 * cannot hold such a line (label-fill.ts refuses it, or bridges two pills with one), and inpainting
 * it drags each fill into the other; yellow words taller than the blue ribbon they sit on got the
 * page's white over the ribbon. The line is cut where the fill at its sides changes at once (above
 * and below it for labels side by side, at its two ends for a ribbon across it), and each piece is
 * refilled on its own fill; when any piece is not on a designed fill, the line is left to the
 * caller as a whole.
 */
import type { TextBox } from '../ocr/index.ts';
import { distanceTo } from './fill-plane.ts';
import { labelRefill, type Refill } from './label-fill.ts';
import { solidSteps } from './pill-edges.ts';
import type { RgbImage } from './rgb-image.ts';

/**
 * Rows (columns) read at each side of the box grown past the letters, from its edge inwards: the
 * detected box's own edge crosses letters that reach past it.
 */
const EDGE = [0, 1, 2, 3];
/** A position's side pixels agree with their median within this (RGB distance), or it says nothing. */
const AGREE = 30;
/** Of a position's side pixels, this share must agree: a letter touching the side spoils a few. */
const AGREE_SHARE = 0.7;
/** Two fills differ by at least this (RGB distance) across a step: a gradient moves slower. */
const STEP = 60;
/** Positions compared on each side of a step: an anti-aliased edge is a pixel or two wide. */
const REACH = 3;
/**
 * A piece shorter than this share of the line's height is no fill of its own: along the line a
 * label is at least half a character wide; across it a ribbon under the letters may be thinner.
 */
const LEAST_PIECE = { x: 0.5, y: 0.1 };
/** A pixel this near (RGB distance) another piece's fill is that fill, not ink. */
const OTHER_FILL = 36;

/**
 * Which way a horizontal line is cut: 'x' into pieces side by side (labels along the line, the fill
 * read above and below it), 'y' into bands (a ribbon across the letters, read at its two ends).
 */
type Axis = 'x' | 'y';
const startOf = (line: TextBox, axis: Axis) => (axis === 'x' ? line.x : line.y);
const lengthOf = (line: TextBox, axis: Axis) => (axis === 'x' ? line.width : line.height);

/**
 * The fill at the two sides of `box` (the line's box grown past its strokes) across position `at`
 * along `axis`, or null where those disagree.
 */
function sideFill(image: RgbImage, box: TextBox, axis: Axis, at: number): number[] | null {
  const samples: number[] = [];
  for (const d of EDGE) {
    const pairs =
      axis === 'x'
        ? [
            [at, box.y + d],
            [at, box.y + box.height - 1 - d],
          ]
        : [
            [box.x + d, at],
            [box.x + box.width - 1 - d, at],
          ];
    for (const [x, y] of pairs as [number, number][])
      if (x >= 0 && y >= 0 && x < image.width && y < image.height) samples.push((y * image.width + x) * 3);
  }
  if (samples.length === 0) return null;
  const median = [0, 1, 2].map(
    (c) =>
      samples.map((i) => image.data[i + c] as number).sort((a, b) => a - b)[samples.length >> 1] as number,
  );
  const agree = samples.filter((i) => distanceTo(image.data, i, median) <= AGREE).length;
  return agree >= samples.length * AGREE_SHARE ? median : null;
}

/** The fill at the sides of each position of `line` along `axis` (null where it says nothing). */
const sideFills = (image: RgbImage, line: TextBox, box: TextBox, axis: Axis) =>
  Array.from({ length: lengthOf(line, axis) }, (_, d) => sideFill(image, box, axis, startOf(line, axis) + d));

/**
 * Where along `axis` the fill at the sides of `box` (`line` grown past its strokes) changes at
 * once, within the line: image positions, in order.
 */
export function fillSteps(image: RgbImage, line: TextBox, box: TextBox, axis: Axis = 'x'): number[] {
  const fills = sideFills(image, line, box, axis);
  const [from, length] = [startOf(line, axis), lengthOf(line, axis)];
  const least = Math.max(REACH * 2, Math.round(line.height * LEAST_PIECE[axis]));
  const jumps = fills.map((_, d) => {
    const before = fills[d - REACH];
    const after = fills[d + REACH];
    return before && after ? Math.hypot(...before.map((v, c) => v - (after[c] as number))) : 0;
  });
  const steps: number[] = [];
  for (let d = 0; d < length; d++) {
    if ((jumps[d] as number) < STEP) continue;
    // The middle of the positions that see the step at its steepest: the edge between the fills.
    const start = d;
    for (; d < length && (jumps[d] as number) >= STEP; d++);
    const run = jumps.slice(start, d) as number[];
    const top = Math.max(...run);
    const steepest = run.flatMap((jump, n) => (jump >= top * 0.9 ? [start + n] : []));
    const edge = Math.round(((steepest[0] as number) + (steepest.at(-1) as number) + 1) / 2);
    const last = steps.at(-1);
    if (last === undefined || from + edge - last >= least) steps.push(from + edge);
  }
  return steps.filter((at) => at - from >= least && from + length - at >= least);
}

/**
 * The refill of a horizontal line across two or more fills, piece by piece: side by side first,
 * then in bands; null when the fill does not change along it or a piece is not on a designed fill.
 * `box` and `inked` as for labelRefill.
 */
export function splitRefill(
  image: RgbImage,
  line: TextBox,
  box: TextBox,
  inked: (pixel: number) => boolean,
): Refill | null {
  if (line.width < line.height * 2) return null;
  return (
    piecewise(image, line, box, inked, 'x', sideCuts(image, line, box, 'x')) ??
    piecewise(image, line, box, inked, 'y', sideCuts(image, line, box, 'y')) ??
    // A pill about as tall as the line's box: no step above or below it, but solid beside its
    // letters (pill-edges.ts).
    piecewise(image, line, box, inked, 'x', solidSteps(image, line, box))
  );
}

/** Where a line is cut and the fill of each piece. */
interface Cuts {
  steps: number[];
  fills: (number[] | null)[];
}

/** The cuts where the fill at the sides of the line changes (fillSteps), each piece's fill read there. */
function sideCuts(image: RgbImage, line: TextBox, box: TextBox, axis: Axis): Cuts | null {
  const steps = fillSteps(image, line, box, axis);
  if (steps.length === 0) return null;
  const from = startOf(line, axis);
  const edges = [from, ...steps, from + lengthOf(line, axis)];
  const fills = sideFills(image, line, box, axis);
  return {
    steps,
    fills: edges
      .slice(1)
      .map((_, n) => medianColour(fills.slice((edges[n] as number) - from, (edges[n + 1] as number) - from))),
  };
}

function piecewise(
  image: RgbImage,
  line: TextBox,
  box: TextBox,
  inked: (pixel: number) => boolean,
  axis: Axis,
  cuts: Cuts | null,
): Refill | null {
  if (!cuts) return null;
  const { steps, fills: pieceFills } = cuts;
  const [from, length] = [startOf(line, axis), lengthOf(line, axis)];
  const edges = [from, ...steps, from + length];
  // The letters are as thick in every piece as in the whole line.
  const thickness = Math.min(line.width, line.height);
  const [boxFrom, boxTo] = axis === 'x' ? [box.x, box.x + box.width] : [box.y, box.y + box.height];
  const pieces: Refill[] = [];
  for (let n = 0; n + 1 < edges.length; n++) {
    const [a, b] = [edges[n] as number, edges[n + 1] as number];
    const last = n + 2 === edges.length;
    // The ink reading took one fill for the line's background; the other pieces' fills are no ink
    // (the end of a pill the words run off is the pill's, not the words').
    const others = pieceFills.filter((fill, m) => m !== n && fill !== null) as number[][];
    const inkedHere = (pixel: number) =>
      inked(pixel) && others.every((fill) => distanceTo(image.data, pixel * 3, fill) > OTHER_FILL);
    // The outer pieces keep the grown box's reach past the line's ends.
    const [reachFrom, reachTo] = [n === 0 ? boxFrom : a, last ? boxTo : b];
    const [piece, pieceBox] =
      axis === 'x'
        ? [
            { ...line, x: a, width: b - a },
            { ...box, x: reachFrom, width: reachTo - reachFrom },
          ]
        : // A band's letters reach past the detected box (its edges cut through them) up to the
          // grown box: a band is as wide as that, and the outer ones as high, or the letters'
          // ends, tops and tails stay.
          [
            { ...box, y: reachFrom, height: reachTo - reachFrom },
            { ...box, y: reachFrom, height: reachTo - reachFrom },
          ];
    // The fill must be the one at the piece's sides: in a piece's window the letters of the next
    // piece lie past its box, and their colour passed for a fill (a golden 3D headline on a dark
    // photo was "refilled" gold).
    const fill = pieceFills[n];
    const refill = fill && labelRefill(image, piece, pieceBox, inkedHere, { thickness, fill });
    if (!refill) return null;
    // Each piece sets only its own part: past the step the other fill is the other piece's.
    const own = (pixel: number) => {
      const at = axis === 'x' ? pixel % image.width : Math.floor(pixel / image.width);
      return (n === 0 || at >= a) && (last || at < b);
    };
    pieces.push(onlyPixels(refill, own));
  }
  return mergeRefills(pieces);
}

/** The per-channel median of the colours given, null without any. */
function medianColour(colours: (number[] | null)[]): number[] | null {
  const known = colours.filter((c): c is number[] => c !== null);
  if (known.length === 0) return null;
  return [0, 1, 2].map(
    (c) => known.map((rgb) => rgb[c] as number).sort((a, b) => a - b)[known.length >> 1] as number,
  );
}

/** The part of `refill` on the pixels `keep` says. */
function onlyPixels(refill: Refill, keep: (pixel: number) => boolean): Refill {
  const kept = [...refill.pixels.keys()].filter((n) => keep(refill.pixels[n] as number));
  return {
    ...refill,
    pixels: Int32Array.from(kept, (n) => refill.pixels[n] as number),
    rgb: Uint8Array.from(kept.flatMap((n) => [0, 1, 2].map((c) => refill.rgb[n * 3 + c] as number))),
  };
}

/** One refill of several pieces': their pixels, the largest piece's fill, the first ink read. */
function mergeRefills(pieces: Refill[]): Refill {
  const count = pieces.reduce((sum, p) => sum + p.pixels.length, 0);
  const pixels = new Int32Array(count);
  const rgb = new Uint8Array(count * 3);
  let at = 0;
  for (const piece of pieces) {
    pixels.set(piece.pixels, at);
    rgb.set(piece.rgb, at * 3);
    at += piece.pixels.length;
  }
  const largest = [...pieces].sort((a, b) => b.pixels.length - a.pixels.length)[0] as Refill;
  return { pixels, rgb, fill: largest.fill, ink: pieces.find((p) => p.ink)?.ink ?? null };
}
