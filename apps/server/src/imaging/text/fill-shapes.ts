/**
 * Shapes in a window around a line of text, read against a fill (label-fill.ts): what lies off the
 * fill and how it is connected, what lies inside the fill, and how far a glow fades out into it.
 * A mask is one byte a pixel of the window, 1 = in.
 */
import type { TextBox } from '../ocr/index.ts';
import { solveLinear } from './fill-plane.ts';
import type { RgbImage } from './rgb-image.ts';

/** A part of the image, in image pixels. */
export interface Window {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** `box` grown by `pad` on each side (shrunk when negative), kept inside the image. */
export const windowAround = (image: RgbImage, box: TextBox, pad: number): Window => {
  const x = Math.max(0, Math.floor(box.x - pad));
  const y = Math.max(0, Math.floor(box.y - pad));
  const right = Math.min(image.width, Math.ceil(box.x + box.width + pad));
  const bottom = Math.min(image.height, Math.ceil(box.y + box.height + pad));
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
};

/**
 * Each pixel's shape off the fill (8-connected), and per shape whether it reaches the window's
 * side and how many of its pixels lie inside `box`.
 */
export function shapesOffFill(win: Window, shape: Uint8Array, box: TextBox) {
  const { width: w, height: h } = win;
  const id = new Int32Array(w * h).fill(-1);
  const shapes: { outward: boolean; pixels: number; inside: number }[] = [];
  const queue = new Int32Array(w * h);
  for (let start = 0; start < w * h; start++) {
    if (shape[start] || id[start] !== -1) continue;
    const s = { outward: false, pixels: 0, inside: 0 };
    const n = shapes.push(s) - 1;
    let tail = 0;
    queue[tail++] = start;
    id[start] = n;
    for (let head = 0; head < tail; head++) {
      const k = queue[head] as number;
      const x = k % w;
      const y = (k - x) / w;
      s.pixels += 1;
      const ix = x + win.x;
      const iy = y + win.y;
      if (ix >= box.x && ix < box.x + box.width && iy >= box.y && iy < box.y + box.height) s.inside += 1;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) s.outward = true;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const nk = ny * w + nx;
          if (shape[nk] || id[nk] !== -1) continue;
          id[nk] = n;
          queue[tail++] = nk;
        }
    }
  }
  return { id, shapes };
}
/**
 * Grows `text` (in place) into neighbouring pixels inside the fill that are `off` it, up to
 * `reach` steps from where it was.
 */
export function followOffFill(
  image: RgbImage,
  win: Window,
  text: Uint8Array,
  inside: Uint8Array,
  off: (x: number, y: number, pixel: number) => boolean,
  reach: number,
): void {
  const w = win.width;
  let front: number[] = [];
  for (let k = 0; k < text.length; k++) if (text[k]) front.push(k);
  for (let step = 0; step < reach && front.length > 0; step++) {
    const next: number[] = [];
    for (const k of front) {
      const x = k % w;
      for (const nk of [x > 0 ? k - 1 : -1, x < w - 1 ? k + 1 : -1, k - w, k + w]) {
        if (nk < 0 || nk >= text.length || text[nk] || !inside[nk]) continue;
        const nx = nk % w;
        const ny = (nk - nx) / w;
        if (!off(nx, ny, ((ny + win.y) * image.width + nx + win.x) * 3)) continue;
        text[nk] = 1;
        next.push(nk);
      }
    }
    front = next;
  }
}
/** 1 where the pixel has the fill on both sides along its row or along its column: inside the label. */
export function insideFill(win: Window, shape: Uint8Array): Uint8Array {
  const { width: w, height: h } = win;
  const first = (n: number, get: (j: number) => number) => {
    for (let j = 0; j < n; j++) if (get(j)) return j;
    return n;
  };
  const last = (n: number, get: (j: number) => number) => {
    for (let j = n - 1; j >= 0; j--) if (get(j)) return j;
    return -1;
  };
  const rows = Array.from({ length: h }, (_, y) => [
    first(w, (x) => shape[y * w + x] as number),
    last(w, (x) => shape[y * w + x] as number),
  ]);
  const cols = Array.from({ length: w }, (_, x) => [
    first(h, (y) => shape[y * w + x] as number),
    last(h, (y) => shape[y * w + x] as number),
  ]);
  const inside = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const [r0, r1] = rows[y] as number[];
      const [c0, c1] = cols[x] as number[];
      // Either way: letters as tall as a tight label leave no fill above or below them, a
      // column of text in a narrow one none beside it; the label's own edge has it neither way.
      if ((x > (r0 as number) && x < (r1 as number)) || (y > (c0 as number) && y < (c1 as number)))
        inside[y * w + x] = 1;
    }
  return inside;
}

/** Largest colour change (RGB distance) from one pixel of a frame line to the next. */
const FRAME_STEP = 20;

/**
 * The thin lines of `shape` that are drawn on the fill, not noise: runs along a row or a column,
 * at least `least` pixels long, of pixels `off` the fill that change little from one to the next.
 * A price box's 1 px dark frame is near enough its red fill to be grown into it (cnocr taobao4:
 * 33 off, the fill's tolerance is 36), and a glow followed out of the letters ran along it and
 * painted it over; JPEG noise and ringing stay within a block or two, and a letter's edge stops
 * between letters.
 */
export function frameLines(
  image: RgbImage,
  win: Window,
  shape: Uint8Array,
  off: (x: number, y: number, pixel: number) => boolean,
  least: number,
): Uint8Array {
  const { width: w, height: h } = win;
  const frame = new Uint8Array(w * h);
  const pixel = (k: number) => ((((k / w) | 0) + win.y) * image.width + (k % w) + win.x) * 3;
  const scan = (count: number, length: number, at: (n: number, t: number) => number) => {
    for (let n = 0; n < count; n++) {
      let start = -1;
      for (let t = 0; t <= length; t++) {
        const k = t < length ? at(n, t) : -1;
        const on = k >= 0 && shape[k] === 1 && off(k % w, (k / w) | 0, pixel(k));
        if (on && start >= 0 && stepBetween(image, pixel(k), pixel(at(n, t - 1))) <= FRAME_STEP) continue;
        if (start >= 0 && t - start >= least) for (let u = start; u < t; u++) frame[at(n, u)] = 1;
        start = on ? t : -1;
      }
    }
  };
  scan(h, w, (y, x) => y * w + x);
  scan(w, h, (x, y) => y * w + x);
  return frame;
}

/** RGB distance between the pixels whose red bytes are at `i` and `j`. */
function stepBetween(image: RgbImage, i: number, j: number): number {
  const d = image.data;
  return Math.hypot(
    (d[i] as number) - (d[j] as number),
    (d[i + 1] as number) - (d[j + 1] as number),
    (d[i + 2] as number) - (d[j + 2] as number),
  );
}

/**
 * Clears from `frame` (frameLines, in place) the lines that are the far edge of the letters' drop
 * shadow: a frame line is drawn apart from the letters, with the fill between, while the lower
 * edge of a 3D headline's shadow runs under a long stroke as long as a frame, joined to it by the
 * shadow's band. A line (4-connected) goes when nearly all its pixels (SHADOW_EDGE_SHARE) reach
 * `text` straight up, down, left or right within `reach` steps through pixels `off` the fill,
 * or lie next to the shadow's band: pixels off the fill, no frame line's, within `softReach` steps
 * of the letters (4-connected). alimama valid-1 kept a dark 50 px line of 「限量」's shadow between
 * the headline's two lines; valid-0 a 58 px one under its shop name 「潭酒官方旗舰店」, whose shadow
 * is soft and wide, its far edge 5 px under the letters' bottoms, which are broken (舰, 店).
 */
export function clearShadowEdges(
  win: Window,
  frame: Uint8Array,
  text: Uint8Array,
  off: (k: number) => boolean,
  { reach, softReach }: { reach: number; softReach: number },
): void {
  const { width: w, height: h } = win;
  const band = shadowBand(win, frame, text, off, softReach);
  const reaches = (k: number, dx: number, dy: number) => {
    let [x, y] = [k % w, Math.floor(k / w)];
    for (let step = 0; step < reach; step++) {
      [x, y] = [x + dx, y + dy];
      if (x < 0 || y < 0 || x >= w || y >= h) return false;
      const n = y * w + x;
      if (text[n]) return true;
      if (!off(n)) return false;
    }
    return false;
  };
  const seen = new Uint8Array(w * h);
  for (let start = 0; start < frame.length; start++) {
    if (!frame[start] || seen[start]) continue;
    const line = [start];
    seen[start] = 1;
    for (let head = 0; head < line.length; head++) {
      const k = line[head] as number;
      const x = k % w;
      for (const n of [x > 0 ? k - 1 : -1, x < w - 1 ? k + 1 : -1, k - w, k + w])
        if (n >= 0 && n < frame.length && frame[n] && !seen[n]) {
          seen[n] = 1;
          line.push(n);
        }
    }
    const attached = line.filter(
      (k) =>
        reaches(k, 0, -1) || reaches(k, 0, 1) || reaches(k, -1, 0) || reaches(k, 1, 0) || nextTo(band, k, w),
    ).length;
    if (attached >= line.length * SHADOW_EDGE_SHARE) for (const k of line) frame[k] = 0;
  }
}

/** Share of a frame line's pixels joined to the letters for it to be their shadow's edge. */
const SHADOW_EDGE_SHARE = 0.9;

/**
 * The letters and what lies within `reach` steps of them (4-connected) through pixels `off` the
 * fill that are no frame line's: a soft shadow's band. Not through a frame line: along one, the
 * walk would reach all of a real border that the letters' ringing touches at one place.
 */
function shadowBand(
  win: Window,
  frame: Uint8Array,
  text: Uint8Array,
  off: (k: number) => boolean,
  reach: number,
) {
  const w = win.width;
  const band = Uint8Array.from(text);
  let front: number[] = [];
  for (let k = 0; k < text.length; k++) if (text[k]) front.push(k);
  for (let step = 0; step < reach && front.length > 0; step++) {
    const next: number[] = [];
    for (const k of front)
      for (const n of [k % w > 0 ? k - 1 : -1, k % w < w - 1 ? k + 1 : -1, k - w, k + w])
        if (n >= 0 && n < band.length && !band[n] && !frame[n] && off(n)) {
          band[n] = 1;
          next.push(n);
        }
    front = next;
  }
  return band;
}

/** Whether a 4-neighbour of pixel `k` is in `mask`. */
const nextTo = (mask: Uint8Array, k: number, w: number) =>
  (k % w > 0 && mask[k - 1] === 1) ||
  (k % w < w - 1 && mask[k + 1] === 1) ||
  mask[k - w] === 1 ||
  mask[k + w] === 1;

/** A line past the box is a circle's arc when a circle fits its pixels this closely (RMS, pixels). */
const ARC_FIT = 1;
/** Pixels of its shape this near the circle are the arc's, also inside the box. */
const ARC_NEAR = 1.5;

/**
 * A thin round line drawn on the label that runs through the line's box (a medallion's inner ring
 * beside the letters, which the last of them touch: valid-1's 「3883元」): 1 where it lies. The
 * shapes off the fill that reach out of the window and into `box` are looked at past `box`; where
 * at least `least` of those pixels lie on one circle, the shape's pixels near that circle are the
 * ring's, in the box too, and not the letters'. A letter crosses the box's edge by a pixel or two,
 * and the label's edge or a photo past it is no thin circle.
 */
export function arcsThrough(
  win: Window,
  id: Int32Array,
  shapes: readonly { outward: boolean; inside: number }[],
  box: TextBox,
  least: number,
): Uint8Array {
  const arcs = new Uint8Array(id.length);
  const past = new Map<number, { x: number; y: number }[]>();
  for (let k = 0; k < id.length; k++) {
    const n = id[k] as number;
    const s = shapes[n];
    if (!s?.outward || s.inside === 0) continue;
    const x = (k % win.width) + win.x;
    const y = Math.floor(k / win.width) + win.y;
    if (x >= box.x && y >= box.y && x < box.x + box.width && y < box.y + box.height) continue;
    const points = past.get(n);
    if (points) points.push({ x, y });
    else past.set(n, [{ x, y }]);
  }
  for (const [n, points] of past) {
    if (points.length < least) continue;
    const circle = circleThrough(points);
    if (!circle) continue;
    const off = (p: { x: number; y: number }) => Math.hypot(p.x - circle.x, p.y - circle.y) - circle.r;
    const rms = Math.sqrt(points.reduce((sum, p) => sum + off(p) ** 2, 0) / points.length);
    if (rms > ARC_FIT) continue;
    for (let k = 0; k < id.length; k++)
      if (
        id[k] === n &&
        Math.abs(off({ x: (k % win.width) + win.x, y: Math.floor(k / win.width) + win.y })) <= ARC_NEAR
      )
        arcs[k] = 1;
  }
  return arcs;
}

/** The circle nearest `points` (algebraic least squares: x² + y² + D·x + E·y + F = 0); null when none. */
function circleThrough(points: readonly { x: number; y: number }[]) {
  // Centred on the points' mean, so the sums stay small.
  const mx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const my = points.reduce((s, p) => s + p.y, 0) / points.length;
  const normal = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const right = [0, 0, 0];
  for (const p of points) {
    const t = [p.x - mx, p.y - my, 1];
    const target = -((p.x - mx) ** 2 + (p.y - my) ** 2);
    for (let j = 0; j < 3; j++) {
      for (let k = 0; k < 3; k++)
        (normal[j] as number[])[k] =
          ((normal[j] as number[])[k] as number) + (t[j] as number) * (t[k] as number);
      right[j] = (right[j] as number) + (t[j] as number) * target;
    }
  }
  const solved = solveLinear(normal, right);
  if (!solved) return null;
  const [d, e, f] = solved as [number, number, number];
  const squared = (d * d + e * e) / 4 - f;
  if (squared <= 0) return null;
  return { x: mx - d / 2, y: my - e / 2, r: Math.sqrt(squared) };
}
