/**
 * A line printed across two fills: 「月销突破1000+」 running from a red label onto a dark one, a
 * title crossing the gap between two blue pills, words running off a pill onto the page. One fill
 * cannot hold such a line (label-fill.ts refuses it, or bridges two pills with one), and inpainting
 * it drags each fill into the other. The line is cut where the fill above and below it changes at
 * once, and each piece is refilled on its own fill; when any piece is not on a designed fill, the
 * line is left to the caller as a whole.
 */
import type { TextBox } from '../ocr/index.ts';
import { distanceTo } from './fill-plane.ts';
import { labelRefill, type Refill } from './label-fill.ts';
import type { RgbImage } from './rgb-image.ts';

/** Rows read at each of the line box's top and bottom edges: the fill just around the letters. */
const EDGE_ROWS = [-2, -1, 0, 1];
/** A column's edge pixels agree with their median within this (RGB distance), or it says nothing. */
const AGREE = 30;
/** Of the column's edge pixels, this share must agree: a letter touching the edge spoils a few. */
const AGREE_SHARE = 0.7;
/** Two fills differ by at least this (RGB distance) across a step: a gradient moves slower. */
const STEP = 60;
/** Columns compared on each side of a step: an anti-aliased edge is a pixel or two wide. */
const REACH = 3;
/** A piece narrower than this share of the line's height is no label of its own. */
const LEAST_PIECE = 0.5;
/** A piece's refill must be this near (RGB distance) the fill above and below it. */
const SAME_FILL = 48;
/** A pixel this near (RGB distance) another piece's fill is that fill, not ink. */
const OTHER_FILL = 36;

/** The fill's colour above and below column `x` of `line`, or null where those disagree. */
function columnFill(image: RgbImage, line: TextBox, x: number): number[] | null {
  const samples: number[] = [];
  for (const dy of EDGE_ROWS)
    for (const y of [line.y + dy, line.y + line.height - 1 - dy]) {
      if (y < 0 || y >= image.height) continue;
      samples.push((y * image.width + x) * 3);
    }
  if (samples.length === 0) return null;
  const median = [0, 1, 2].map(
    (c) =>
      samples.map((i) => image.data[i + c] as number).sort((a, b) => a - b)[samples.length >> 1] as number,
  );
  const agree = samples.filter((i) => distanceTo(image.data, i, median) <= AGREE).length;
  return agree >= samples.length * AGREE_SHARE ? median : null;
}

/** The fill around each column of a horizontal line (null where it says nothing). */
const columnFills = (image: RgbImage, line: TextBox) =>
  Array.from({ length: line.width }, (_, dx) => columnFill(image, line, line.x + dx));

/** Where along a horizontal line the fill around it changes at once: x positions, left to right. */
export function fillSteps(image: RgbImage, line: TextBox): number[] {
  const fills = columnFills(image, line);
  const least = Math.max(REACH * 2, Math.round(line.height * LEAST_PIECE));
  const jumps = fills.map((_, dx) => {
    const before = fills[dx - REACH];
    const after = fills[dx + REACH];
    return before && after ? Math.hypot(...before.map((v, c) => v - (after[c] as number))) : 0;
  });
  const steps: number[] = [];
  for (let dx = 0; dx < line.width; dx++) {
    if ((jumps[dx] as number) < STEP) continue;
    // The middle of the columns that see the step at its steepest: the edge between the fills.
    const start = dx;
    for (; dx < line.width && (jumps[dx] as number) >= STEP; dx++);
    const run = jumps.slice(start, dx) as number[];
    const top = Math.max(...run);
    const steepest = run.flatMap((jump, n) => (jump >= top * 0.9 ? [start + n] : []));
    const edge = Math.round(((steepest[0] as number) + (steepest.at(-1) as number) + 1) / 2);
    const last = steps.at(-1);
    if (last === undefined || line.x + edge - last >= least) steps.push(line.x + edge);
  }
  return steps.filter((x) => x - line.x >= least && line.x + line.width - x >= least);
}

/**
 * The refill of a horizontal line across two or more fills, piece by piece; null when the fill
 * does not change along it or a piece is not on a designed fill. `box` and `inked` as for labelRefill.
 */
export function splitRefill(
  image: RgbImage,
  line: TextBox,
  box: TextBox,
  inked: (pixel: number) => boolean,
): Refill | null {
  if (line.width < line.height * 2) return null;
  const steps = fillSteps(image, line);
  if (steps.length === 0) return null;
  const edges = [line.x, ...steps, line.x + line.width];
  const fills = columnFills(image, line);
  const fillOf = (n: number) =>
    medianColour(fills.slice((edges[n] as number) - line.x, (edges[n + 1] as number) - line.x));
  const pieceFills = edges.slice(1).map((_, n) => fillOf(n));
  const pieces: Refill[] = [];
  for (let n = 0; n + 1 < edges.length; n++) {
    const [x0, x1] = [edges[n] as number, edges[n + 1] as number];
    // The ink reading took one fill for the line's background; the other pieces' fills are no ink
    // (the end of a pill the words run off is the pill's, not the words').
    const others = pieceFills.filter((fill, m) => m !== n && fill !== null) as number[][];
    const inkedHere = (pixel: number) =>
      inked(pixel) && others.every((fill) => distanceTo(image.data, pixel * 3, fill) > OTHER_FILL);
    const piece = { x: x0, y: line.y, width: x1 - x0, height: line.height };
    // The outer pieces keep the grown box's reach past the line's ends.
    const from = n === 0 ? box.x : x0;
    const to = n + 2 === edges.length ? box.x + box.width : x1;
    const refill = labelRefill(image, piece, { ...box, x: from, width: to - from }, inkedHere);
    // The fill found must be the one above and below the piece: in a piece's window the
    // letters of the next piece lie past its box, and their colour passed for a fill (a golden
    // 3D headline on a dark photo was "refilled" gold).
    const around = pieceFills[n];
    if (!refill || !around || Math.hypot(...refill.fill.map((v, c) => v - (around[c] as number))) > SAME_FILL)
      return null;
    // Each piece sets only its own columns: past the step the other fill is the other piece's.
    const own = (pixel: number) => {
      const x = pixel % image.width;
      return (n === 0 || x >= x0) && (n + 2 === edges.length || x < x1);
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
