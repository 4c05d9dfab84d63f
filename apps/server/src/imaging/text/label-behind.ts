/**
 * A label partly hidden behind something in front of it: alimama valid-1's tilted yellow ¥500
 * coupon stands behind the products, whose black frame and white box cover the bottom left of the
 * detector's box around 「优惠券」. The fill then holds too little of the box to be the line's
 * (label-fill.ts), and the ink reading, taking the colour inside the box that keeps off its edge,
 * read the black frame for the letters: the frame was inpainted into a smear, the blue letters
 * stayed, and the translation was drawn dark over the coupon's edge. Such a label's letters are
 * told by their own colour inside its fill; what is in front of it is never touched.
 */
import type { TextBox } from '../ocr/index.ts';
import { distanceTo } from './fill-plane.ts';
import { shapesOffFill, type Window } from './fill-shapes.ts';
import { dilate } from './masks.ts';
import type { RgbImage } from './rgb-image.ts';

/** At least this share of the line's box must lie inside the fill: most of the label shows. */
const SHOWN_SHARE = 0.6;
/** Of the rest of the box, at least this share must be shapes reaching out of the window. */
const FRONT_SHARE = 0.9;

/** What is known of a fill around a line, window-sized masks (1 = in). */
export interface FillAroundLine {
  win: Window;
  /** The pixels inside the fill (insideFill). */
  inside: Uint8Array;
  /** Each pixel's shape off the fill, and the shapes (shapesOffFill). */
  id: Int32Array;
  shapes: readonly { outward: boolean }[];
}

/**
 * Whether the part of `line`'s box off the fill is something in front of the label: most of the
 * box lies inside the fill, the rest is shapes that run out of the window (the products, not a
 * letter, which stops inside the window).
 */
export function behindSomething(around: FillAroundLine, line: TextBox): boolean {
  const { win, inside, id, shapes } = around;
  let all = 0;
  let shown = 0;
  let outward = 0;
  for (let y = line.y; y < line.y + line.height; y++)
    for (let x = line.x; x < line.x + line.width; x++) {
      const k = (y - win.y) * win.width + (x - win.x);
      all++;
      const within = inside[k] === 1;
      if (within) shown++;
      // The fill's own pixels at its edge are not inside it, nor anything's in front.
      else if ((id[k] as number) < 0 || shapes[id[k] as number]?.outward) outward++;
    }
  const hidden = all - shown;
  return hidden > 0 && shown >= all * SHOWN_SHARE && outward >= hidden * FRONT_SHARE;
}

/** A pixel of the letters stands this far (RGB distance) off the fill at least: no edge of them. */
const INK_OFF = 80;
/** Letters' pixels the ink colour is read from, at least. */
const LEAST_INK = 20;
/** How far past what is in front its rim reaches (pixels): anti-aliased and JPEG-blurred. */
const FRONT_RIM = 2;
/** Share of the hidden part of the line's box that may be of the letters' colour. */
const FRONT_INK = 0.02;
/** How far inside the fill (pixels) the letters' colour is read. */
const EDGE_DEPTH = 3;
/** The letters' colour is read on this share of their pixels, those farthest off the fill. */
const FARTHEST = 0.5;
/** A pixel this near the letters' colour is theirs (RGB distance). */
const NEAR_INK = 48;
/** A blend of the letters into the fill lies this near the way between them (share of its length). */
const BLEND_SLACK = 0.12;

/** The letters on a label behind something: which image pixels are theirs, and their colour. */
export interface LettersBehind {
  isLetter: (pixel: number) => boolean;
  ink: number[];
  /**
   * Window-sized, 1 on what is in front and FRONT_RIM around it (frontOf): the letters' glow is
   * not followed there. A white box standing on the coupon has the coupon on both sides, and its
   * anti-aliased rim, off the fill, was followed from the letters touching it all round it and
   * painted yellow.
   */
  front: Uint8Array;
}

/**
 * The letters of `line` on a label behind something (behindSomething): inside the fill, of their
 * own colour or a blend of it into the fill, in pieces that lie more in the line's box than in
 * another line's only. Their colour is read well inside the fill, where they stand farthest off
 * it: the coupon's blue, not the products' black, nor the pale blend of thin strokes. Null when
 * too little of them shows.
 */
export function lettersBehind(
  image: RgbImage,
  around: FillAroundLine & { fillAt: (x: number, y: number) => number[] },
  line: TextBox,
  others: readonly TextBox[],
): LettersBehind | null {
  const { win, inside, id, fillAt } = around;
  const inLine = (x: number, y: number) =>
    x >= line.x && y >= line.y && x < line.x + line.width && y < line.y + line.height;
  const at = (k: number) => {
    const x = (k % win.width) + win.x;
    const y = Math.floor(k / win.width) + win.y;
    return { x, y, i: (y * image.width + x) * 3 };
  };
  const read = lettersColour(image, around, at, inLine);
  if (!read) return null;
  const { ink, farthest } = read;
  // What is in front is not of that colour, or it was what was read (the black frame of a box in
  // front, inside a plane through the coupon and the white box beside it).
  let hidden = 0;
  let hiddenInk = 0;
  for (let y = line.y; y < line.y + line.height; y++)
    for (let x = line.x; x < line.x + line.width; x++) {
      const k = (y - win.y) * win.width + (x - win.x);
      if (inside[k]) continue;
      hidden++;
      if (distanceTo(image.data, (y * image.width + x) * 3, ink) <= NEAR_INK) hiddenInk++;
    }
  if (hiddenInk > hidden * FRONT_INK) return null;
  const notInk = new Uint8Array(inside.length).fill(1);
  for (let k = 0; k < inside.length; k++) {
    if (!inside[k] || (id[k] as number) < 0) continue;
    const p = at(k);
    const fill = fillAt(p.x, p.y);
    const toInk = distanceTo(image.data, p.i, ink);
    const way = Math.hypot(...ink.map((v, c) => v - (fill[c] as number)));
    if (toInk <= NEAR_INK || toInk + distanceTo(image.data, p.i, fill) <= way * (1 + BLEND_SLACK))
      notInk[k] = 0;
  }
  // The pieces of the letters' colour: a digit of the price above, cut by the window, is not
  // theirs, nor anything else that runs out of the window (the black frame of a box in front, read
  // as letters inside a plane through the coupon and the white box).
  const pieces = shapesOffFill(win, notInk, line);
  const own = new Int32Array(pieces.shapes.length);
  const elsewhere = new Int32Array(pieces.shapes.length);
  for (let k = 0; k < inside.length; k++) {
    const n = pieces.id[k] as number;
    if (n < 0) continue;
    const p = at(k);
    if (inLine(p.x, p.y)) own[n] = (own[n] as number) + 1;
    else if (others.some((b) => p.x >= b.x && p.y >= b.y && p.x < b.x + b.width && p.y < b.y + b.height))
      elsewhere[n] = (elsewhere[n] as number) + 1;
  }
  const letters = new Set<number>();
  for (let n = 0; n < own.length; n++)
    if (!pieces.shapes[n]?.outward && (own[n] as number) > (elsewhere[n] as number)) letters.add(n);
  // The colour was read on letters: most of the pixels it was read on are theirs.
  const onLetters = farthest.filter((p) => letters.has(pieces.id[p.k] as number)).length;
  if (onLetters * 2 < farthest.length) return null;
  const isLetter = (pixel: number) => {
    const x = (pixel % image.width) - win.x;
    const y = Math.floor(pixel / image.width) - win.y;
    if (x < 0 || y < 0 || x >= win.width || y >= win.height) return false;
    return letters.has(pieces.id[y * win.width + x] as number);
  };
  return { isLetter, ink, front: frontOf(around, notInk, line) };
}

/**
 * The letters' colour, read well inside the fill (EDGE_DEPTH: what is in front runs into the
 * fill's inside there, its anti-aliased rim or a strip its top edge cuts off) on the half of
 * their pixels in the line's box farthest off it; with those pixels (window index `k`). Null with
 * too few.
 */
function lettersColour(
  image: RgbImage,
  { win, inside, id, fillAt }: FillAroundLine & { fillAt: (x: number, y: number) => number[] },
  at: (k: number) => { x: number; y: number; i: number },
  inLine: (x: number, y: number) => boolean,
) {
  const nearEdge = dilate(
    inside.map((v) => 1 - v),
    win.width,
    win.height,
    EDGE_DEPTH,
  );
  const seen: { off: number; i: number; k: number }[] = [];
  for (let k = 0; k < inside.length; k++) {
    if (nearEdge[k] || (id[k] as number) < 0) continue;
    const p = at(k);
    const off = distanceTo(image.data, p.i, fillAt(p.x, p.y));
    if (inLine(p.x, p.y) && off > INK_OFF) seen.push({ off, i: p.i, k });
  }
  if (seen.length < LEAST_INK) return null;
  const farthest = seen.sort((a, b) => b.off - a.off).slice(0, Math.ceil(seen.length * FARTHEST));
  const ink = [0, 1, 2].map(
    (c) =>
      farthest.map((p) => image.data[p.i + c] as number).sort((a, b) => a - b)[
        farthest.length >> 1
      ] as number,
  );
  return { ink, farthest };
}

/**
 * What is in front of the label, grown by FRONT_RIM (window-sized, 1 = in front): off the fill, of
 * none of the letters' colours inside it (`notInk` 0), and running out of the window by itself (a
 * letter's darkest pixel, past its colour, is no such thing).
 */
function frontOf({ win, inside, id, shapes }: FillAroundLine, notInk: Uint8Array, line: TextBox): Uint8Array {
  const other = new Uint8Array(inside.length).fill(1);
  for (let k = 0; k < inside.length; k++)
    if (shapes[id[k] as number]?.outward && (!inside[k] || notInk[k])) other[k] = 0;
  const parts = shapesOffFill(win, other, line);
  const front = Uint8Array.from(parts.id, (n) => (parts.shapes[n]?.outward ? 1 : 0));
  return dilate(front, win.width, win.height, FRONT_RIM);
}

/**
 * A reading this far (RGB distance) from the letters' colour on the fill was of something else.
 * Drawn back, a colour shaded to read (erase.ts) moves less than this from what it was.
 */
const READ_APART = 80;
/** Share of the hidden part of the line's box of the reading's colour for it to be what was read. */
const READ_IN_FRONT = 0.1;

/**
 * Whether the ink reading's colour (`read`) is not the letters' (`letters`) but that of what is in
 * front of the label: the black frame of the box in front of the coupon. White letters read as
 * their dark shadow on a glossy pill are not (the card around the pill is not of that colour).
 */
export function readInFront(
  image: RgbImage,
  { win, inside }: Pick<FillAroundLine, 'win' | 'inside'>,
  line: TextBox,
  letters: readonly number[],
  read: readonly number[] | null,
): boolean {
  if (read === null || Math.hypot(...letters.map((v, c) => v - (read[c] as number))) <= READ_APART)
    return false;
  const colour = [...read];
  let hidden = 0;
  let ofRead = 0;
  for (let y = line.y; y < line.y + line.height; y++)
    for (let x = line.x; x < line.x + line.width; x++) {
      if (inside[(y - win.y) * win.width + (x - win.x)]) continue;
      hidden++;
      if (distanceTo(image.data, (y * image.width + x) * 3, colour) <= NEAR_INK) ofRead++;
    }
  return ofRead >= hidden * READ_IN_FRONT;
}
