/** One-byte-a-pixel masks of a box (1 = set): grown by a radius, the holes they close in, what joins a seed. */

import { reachFromEdge } from '@chuhai/contract';

/** `on` (one byte a pixel, width × height) grown by `radius` pixels in every direction (a square). */
export function dilate(on: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const rows = new Uint8Array(on.length);
  for (let y = 0; y < height; y++) {
    // Two sweeps per row: distance to the nearest set pixel on the left, then on the right.
    let last = Number.NEGATIVE_INFINITY;
    for (let x = 0; x < width; x++) {
      if (on[y * width + x]) last = x;
      if (x - last <= radius) rows[y * width + x] = 1;
    }
    last = Number.POSITIVE_INFINITY;
    for (let x = width - 1; x >= 0; x--) {
      if (on[y * width + x]) last = x;
      if (last - x <= radius) rows[y * width + x] = 1;
    }
  }
  const out = new Uint8Array(on.length);
  for (let x = 0; x < width; x++) {
    let last = Number.NEGATIVE_INFINITY;
    for (let y = 0; y < height; y++) {
      if (rows[y * width + x]) last = y;
      if (y - last <= radius) out[y * width + x] = 1;
    }
    last = Number.POSITIVE_INFINITY;
    for (let y = height - 1; y >= 0; y--) {
      if (rows[y * width + x]) last = y;
      if (last - y <= radius) out[y * width + x] = 1;
    }
  }
  return out;
}

/** The pixels not set in `on` that cannot reach the edge without crossing a set one (4-connected). */
export function enclosed(on: Uint8Array, width: number, height: number): Uint8Array {
  const reached = reachFromEdge(width, height, (i) => !on[i]);
  const holes = new Uint8Array(on.length);
  for (let i = 0; i < on.length; i++) holes[i] = !on[i] && !reached[i] ? 1 : 0;
  return holes;
}

/**
 * The pixels of `on` joined (8-connected, through pixels of `on`) to a pixel where `seed` is set.
 */
export function joinedTo(
  on: Uint8Array,
  seed: (i: number) => boolean,
  width: number,
  height: number,
): Uint8Array {
  const reached = new Uint8Array(on.length);
  const queue = new Int32Array(on.length);
  let tail = 0;
  for (let i = 0; i < on.length; i++)
    if (on[i] && seed(i)) {
      reached[i] = 1;
      queue[tail++] = i;
    }
  for (let head = 0; head < tail; head++) {
    const i = queue[head] as number;
    const x = i % width;
    const y = (i - x) / width;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const n = ny * width + nx;
        if (!on[n] || reached[n]) continue;
        reached[n] = 1;
        queue[tail++] = n;
      }
  }
  return reached;
}
