import type { RepairStroke } from '@chuhai/contract';
import sharp from 'sharp';

/** An image as raw RGB bytes, three per pixel, row by row. */
export interface RawRgb {
  data: Buffer;
  width: number;
  height: number;
}

/** What was painted last on each pixel: nothing, a 取色 colour, or the original (恢复原图). */
export const PAINTED = { none: 0, colour: 1, restore: 2 } as const;

/**
 * The pixels of one row whose centres lie within `r` of the segment a–b (a capsule: the segment
 * swept by a disc), as [first, last], or null. The capsule is convex, so its row is one run: the
 * leftmost and rightmost of where the row crosses its two end discs and its straight sides.
 */
function capsuleRun(
  a: readonly [number, number],
  b: readonly [number, number],
  r: number,
  y: number,
): [number, number] | null {
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  for (const [cx, cy] of [a, b]) {
    const dy = y - cy;
    if (Math.abs(dy) > r) continue;
    const half = Math.sqrt(r * r - dy * dy);
    left = Math.min(left, cx - half);
    right = Math.max(right, cx + half);
  }
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (length > 0) {
    const nx = (-(b[1] - a[1]) / length) * r;
    const ny = ((b[0] - a[0]) / length) * r;
    const corners: [number, number][] = [
      [a[0] + nx, a[1] + ny],
      [b[0] + nx, b[1] + ny],
      [b[0] - nx, b[1] - ny],
      [a[0] - nx, a[1] - ny],
    ];
    for (let i = 0; i < 4; i += 1) {
      const [px, py] = corners[i] as [number, number];
      const [qx, qy] = corners[(i + 1) % 4] as [number, number];
      if ((py - y) * (qy - y) > 0 || py === qy) continue;
      const x = px + ((y - py) * (qx - px)) / (qy - py);
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  if (left > right) return null;
  return [Math.ceil(left - 0.5), Math.floor(right - 0.5)];
}

/**
 * Paints the strokes, in order, on `picture` (changed in place) with a round, hard-edged brush: a
 * pixel is painted when its centre is within half the width of the stroke's path. A point names a
 * pixel (its centre is x + 0.5, y + 0.5); what falls outside the picture is left out. 取色 sets
 * the stroke's colour, 恢复原图 copies `source`'s pixels (the picture as uploaded, the same size).
 * Returns what was painted last on each pixel (PAINTED), one byte a pixel.
 */
export function paintStrokes(
  picture: RawRgb,
  strokes: readonly RepairStroke[],
  source: RawRgb | null,
): Uint8Array {
  const { width, height, data } = picture;
  const painted = new Uint8Array(width * height);
  for (const stroke of strokes) {
    const restore = stroke.mode === 'restore';
    if (restore && (!source || source.width !== width || source.height !== height))
      throw new Error('恢复原图 needs the original at the picture’s size');
    const colour = Buffer.from((stroke.colour ?? '#000000').slice(1), 'hex');
    const mark = restore ? PAINTED.restore : PAINTED.colour;
    const r = stroke.width / 2;
    const centres = stroke.points.map(([x, y]) => [x + 0.5, y + 0.5] as const);
    const segments = centres.length === 1 ? [[centres[0], centres[0]] as const] : [];
    for (let i = 1; i < centres.length; i += 1) segments.push([centres[i - 1], centres[i]] as const);
    for (const [a, b] of segments) {
      if (!a || !b) continue;
      const top = Math.max(0, Math.floor(Math.min(a[1], b[1]) - r - 0.5));
      const bottom = Math.min(height - 1, Math.ceil(Math.max(a[1], b[1]) + r - 0.5));
      for (let y = top; y <= bottom; y += 1) {
        const run = capsuleRun(a, b, r, y + 0.5);
        if (!run) continue;
        const first = Math.max(0, run[0]);
        const last = Math.min(width - 1, run[1]);
        if (first > last) continue;
        const start = y * width + first;
        const end = y * width + last + 1;
        if (restore) (source as RawRgb).data.copy(data, start * 3, start * 3, end * 3);
        else data.fill(colour, start * 3, end * 3);
        painted.fill(mark, start, end);
      }
    }
  }
  return painted;
}

/** An encoded picture as raw RGB (its alpha, if any, dropped as the text drawing does). */
export async function rawRgbOf(bytes: Buffer): Promise<RawRgb> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * The erased picture with the seller's repair strokes painted on it, as a PNG, and what was
 * painted where (paintStrokes). `source` is needed only when a stroke is 恢复原图.
 */
export async function repairPicture(
  background: Buffer,
  strokes: readonly RepairStroke[],
  source: Buffer | null,
): Promise<{ png: Buffer; painted: Uint8Array; width: number; height: number }> {
  const picture = await rawRgbOf(background);
  const original = source && strokes.some((s) => s.mode === 'restore') ? await rawRgbOf(source) : null;
  const painted = paintStrokes(picture, strokes, original);
  const png = await sharp(picture.data, {
    raw: { width: picture.width, height: picture.height, channels: 3 },
  })
    .png()
    .toBuffer();
  return { png, painted, width: picture.width, height: picture.height };
}

/** The share of a box's pixels last painted with a 取色 colour (0–1). */
export function paintedShare(
  painted: Uint8Array,
  pictureWidth: number,
  box: { x: number; y: number; width: number; height: number },
): number {
  const pictureHeight = painted.length / pictureWidth;
  const x0 = Math.max(0, box.x);
  const y0 = Math.max(0, box.y);
  const x1 = Math.min(pictureWidth, box.x + box.width);
  const y1 = Math.min(pictureHeight, box.y + box.height);
  if (x1 <= x0 || y1 <= y0) return 0;
  let count = 0;
  for (let y = y0; y < y1; y += 1)
    for (let x = x0; x < x1; x += 1) if (painted[y * pictureWidth + x] === PAINTED.colour) count += 1;
  return count / ((x1 - x0) * (y1 - y0));
}
