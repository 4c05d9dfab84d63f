/**
 * A designed fill's colour as a plane per channel, c = a + b·x + c·y: a flat colour (b = c = 0) or
 * a straight gradient, which is what labels, pills, price tags and banners are printed with.
 * Fitted by least squares to a fill's pixels, or found among the pixels around a line of text by
 * RANSAC: most of the ring around a line on a label is the label, even where letters cross it or
 * the label runs from magenta to purple under them.
 */
import type { TextBox } from '../ocr/index.ts';
import type { RgbImage } from './rgb-image.ts';

/** A fill's colour at image pixel (x, y), per channel (unclamped). */
export interface Plane {
  at: (x: number, y: number) => number[];
}

/** A pixel of the image with where it is. */
export interface Sample {
  x: number;
  y: number;
  /** Offset of its red byte in the image's data. */
  i: number;
}

export const distanceTo = (data: Uint8Array | Buffer, i: number, rgb: number[]) =>
  Math.hypot(
    (data[i] as number) - (rgb[0] as number),
    (data[i + 1] as number) - (rgb[1] as number),
    (data[i + 2] as number) - (rgb[2] as number),
  );

/** Solves a 3×3 linear system (Cramer's rule); null when it is singular. */
function solve3(a: number[][], b: number[]): number[] | null {
  const det = (m: number[][]) => {
    const [r0, r1, r2] = m as [number[], number[], number[]];
    const [a0, a1, a2] = r0 as [number, number, number];
    const [b0, b1, b2] = r1 as [number, number, number];
    const [c0, c1, c2] = r2 as [number, number, number];
    return a0 * (b1 * c2 - b2 * c1) - a1 * (b0 * c2 - b2 * c0) + a2 * (b0 * c1 - b1 * c0);
  };
  const d = det(a);
  if (Math.abs(d) < 1e-9) return null;
  return [0, 1, 2].map(
    (col) => det(a.map((row, r) => row.map((v, c) => (c === col ? (b[r] as number) : v)))) / d,
  );
}

/** The plane of each channel through `samples` by least squares (their mean when they lie on a line). */
export function fitPlane(image: RgbImage, samples: readonly Sample[]): Plane | null {
  if (samples.length === 0) return null;
  // Centred on the samples' mean, so the sums stay small and a line of samples still gives its mean.
  const mx = samples.reduce((s, p) => s + p.x, 0) / samples.length;
  const my = samples.reduce((s, p) => s + p.y, 0) / samples.length;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const p of samples) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
    syy += (p.y - my) ** 2;
  }
  const n = samples.length;
  const coefficients = [0, 1, 2].map((c) => {
    let s = 0;
    let sx = 0;
    let sy = 0;
    for (const p of samples) {
      const v = image.data[p.i + c] as number;
      s += v;
      sx += v * (p.x - mx);
      sy += v * (p.y - my);
    }
    const slopes = solve3(
      [
        [n, 0, 0],
        [0, sxx, sxy],
        [0, sxy, syy],
      ],
      [s, sx, sy],
    );
    return slopes ?? [s / n, 0, 0];
  });
  return {
    at: (x, y) =>
      coefficients.map(([a, b, c]) => (a as number) + (b as number) * (x - mx) + (c as number) * (y - my)),
  };
}

/** Solves `a · v = b` by Gaussian elimination with partial pivoting; null when it is singular. */
export function solveLinear(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, r) => [...row, b[r] as number]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(m[r]?.[col] as number) > Math.abs(m[pivot]?.[col] as number)) pivot = r;
    if (Math.abs(m[pivot]?.[col] as number) < 1e-9) return null;
    [m[col], m[pivot]] = [m[pivot] as number[], m[col] as number[]];
    const top = m[col] as number[];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const row = m[r] as number[];
      const f = (row[col] as number) / (top[col] as number);
      for (let k = col; k <= n; k++) row[k] = (row[k] as number) - f * (top[k] as number);
    }
  }
  return m.map((row, r) => (row[n] as number) / (row[r] as number));
}

/**
 * A fill shaded like a bowl: a round medallion's radial gradient, cream in its middle and darker
 * towards its rim (valid-1's 「价值3883元」 disc, a little flattened), which neither a plane nor a
 * profile along one axis follows. Each channel a quadratic in x and y (an elliptical gradient with
 * its own centre) by least squares; null when the samples do not spread enough to fix one.
 */
export function bowlFit(image: RgbImage, samples: readonly Sample[]): Plane | null {
  if (samples.length < 6) return null;
  // Centred on the samples and in units of their spread, so the sums of x⁴ stay small.
  const mx = samples.reduce((s, p) => s + p.x, 0) / samples.length;
  const my = samples.reduce((s, p) => s + p.y, 0) / samples.length;
  let spread = 1;
  for (const p of samples) spread = Math.max(spread, Math.hypot(p.x - mx, p.y - my));
  const terms = (x: number, y: number) => {
    const u = (x - mx) / spread;
    const v = (y - my) / spread;
    return [1, u, v, u * u, u * v, v * v];
  };
  const normal = terms(0, 0).map(() => terms(0, 0).map(() => 0));
  const right = [0, 1, 2].map(() => terms(0, 0).map(() => 0));
  for (const p of samples) {
    const t = terms(p.x, p.y);
    for (let j = 0; j < t.length; j++) {
      for (let k = 0; k < t.length; k++)
        (normal[j] as number[])[k] =
          ((normal[j] as number[])[k] as number) + (t[j] as number) * (t[k] as number);
      for (let c = 0; c < 3; c++)
        (right[c] as number[])[j] =
          ((right[c] as number[])[j] as number) + (t[j] as number) * (image.data[p.i + c] as number);
    }
  }
  const coefficients = right.map((r) => solveLinear(normal, r));
  if (coefficients.some((k) => k === null)) return null;
  return {
    at: (x, y) => {
      const t = terms(x, y);
      return (coefficients as number[][]).map((k) => k.reduce((sum, v, j) => sum + v * (t[j] as number), 0));
    },
  };
}

/** The plane of each channel through three pixels exactly; null when they lie on a line. */
function planeThrough(image: RgbImage, p: Sample, q: Sample, r: Sample): Plane | null {
  const coefficients = [0, 1, 2].map((c) =>
    solve3(
      [
        [1, p.x, p.y],
        [1, q.x, q.y],
        [1, r.x, r.y],
      ],
      [image.data[p.i + c] as number, image.data[q.i + c] as number, image.data[r.i + c] as number],
    ),
  );
  if (coefficients.some((k) => k === null)) return null;
  return {
    at: (x, y) =>
      (coefficients as number[][]).map(([a, b, c]) => (a as number) + (b as number) * x + (c as number) * y),
  };
}

/** The pixels on the edge of `box` that lie in the image. */
export function ringOf(image: RgbImage, box: TextBox): Sample[] {
  const ring: Sample[] = [];
  const add = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < image.width && y < image.height)
      ring.push({ x, y, i: (y * image.width + x) * 3 });
  };
  const x1 = box.x + box.width;
  const y1 = box.y + box.height;
  for (let x = box.x; x <= x1; x++) {
    add(x, box.y);
    add(x, y1);
  }
  for (let y = box.y + 1; y < y1; y++) {
    add(box.x, y);
    add(x1, y);
  }
  return ring;
}

/** Random triples tried; the same ones every time (a fixed seed), so a picture always reads alike. */
const TRIES = 80;

/**
 * The planes most of `ring` agrees with (within `tolerance`), best first, each refitted to the
 * pixels that agree with it and with the share of the ring they are: up to `most` planes that
 * differ where the ring is.
 */
export function ringPlanes(
  image: RgbImage,
  ring: readonly Sample[],
  tolerance: number,
  most: number,
): { plane: Plane; agree: Sample[]; share: number }[] {
  if (ring.length < 3) return [];
  let seed = 0x9e3779b9;
  const random = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const pick = () => ring[Math.floor(random() * ring.length)] as Sample;
  const agreeing = (plane: Plane) =>
    ring.filter((p) => distanceTo(image.data, p.i, plane.at(p.x, p.y)) <= tolerance);
  const found: { plane: Plane; agree: Sample[] }[] = [];
  for (let t = 0; t < TRIES; t++) {
    const plane = planeThrough(image, pick(), pick(), pick());
    if (!plane) continue;
    const agree = agreeing(plane);
    if (agree.length >= 3) found.push({ plane, agree });
  }
  found.sort((a, b) => b.agree.length - a.agree.length);
  const chosen: { plane: Plane; agree: Sample[]; share: number }[] = [];
  const taken = new Set<number>();
  for (const candidate of found) {
    if (chosen.length >= most) break;
    // A plane most of whose pixels an earlier one already holds is the same fill again.
    const fresh = candidate.agree.filter((p) => !taken.has(p.i)).length;
    if (fresh < candidate.agree.length / 2) continue;
    const refitted = fitPlane(image, candidate.agree);
    if (!refitted) continue;
    const agree = agreeing(refitted);
    for (const p of agree) taken.add(p.i);
    chosen.push({ plane: refitted, agree, share: agree.length / ring.length });
  }
  return chosen;
}

/** Largest colour change (RGB distance) from one row of a shaded fill to the next. */
const PROFILE_STEP = 16;
/** Unknown rows between two known ones add no more leeway than this many rows do. */
const PROFILE_GAP = 4;
/** A row's colour is the median of at least this many samples, from up to PROFILE_BAND rows each side. */
const PROFILE_SAMPLES = 15;
const PROFILE_BAND = 3;
/** Rows each side whose colours a row's colour is the mean of. */
const PROFILE_SMOOTHING = 4;

type Axis = 'row' | 'column';
/** A colour per row (or column), known where the fill's samples are. */
type Profile = { at: number; rgb: number[] }[];

/**
 * A fill that changes along one axis only, as a button's rounded shading does (light in its middle,
 * darker at its top and bottom edges: no plane fits it): the median colour of the samples in each
 * row (or column), the nearest known one where a row has too few of them.
 */
export function profileFit(image: RgbImage, samples: readonly Sample[], axis: Axis): Plane | null {
  const known = profileOf(samples, axis, (p, c) => image.data[p.i + c] as number);
  return known && { at: (x, y) => nearestIn(known, axis === 'row' ? y : x) };
}

/**
 * A fill that changes along one axis and is shaded along the other: a glossy pill running from
 * magenta to purple, lighter along its top, which neither a plane nor one profile follows. The
 * profile along `first`, and the profile of what it leaves along the other axis, added.
 */
export function twoAxisFit(image: RgbImage, samples: readonly Sample[], first: Axis): Plane | null {
  const along = profileOf(samples, first, (p, c) => image.data[p.i + c] as number);
  if (!along) return null;
  const second: Axis = first === 'row' ? 'column' : 'row';
  const on = (axis: Axis, x: number, y: number) => (axis === 'row' ? y : x);
  const base = new Map(samples.map((p) => [p, nearestIn(along, on(first, p.x, p.y))]));
  const left = profileOf(
    samples,
    second,
    (p, c) => (image.data[p.i + c] as number) - ((base.get(p) as number[])[c] as number),
  );
  if (!left) return null;
  return {
    at: (x, y) => {
      const across = nearestIn(left, on(second, x, y));
      return nearestIn(along, on(first, x, y)).map((v, c) => v + (across[c] as number));
    },
  };
}

/**
 * The median of `value` over the samples of each row (or column), smoothed; null when fewer than
 * two rows are known or the colour jumps between neighbouring rows (two fills, not one shaded).
 */
function profileOf(
  samples: readonly Sample[],
  axis: Axis,
  value: (p: Sample, c: number) => number,
): Profile | null {
  const key = (p: Sample) => (axis === 'row' ? p.y : p.x);
  const groups = new Map<number, Sample[]>();
  for (const p of samples) groups.set(key(p), [...(groups.get(key(p)) ?? []), p]);
  const median = (group: Sample[], c: number) => {
    const values = group.map((p) => value(p, c)).sort((a, b) => a - b);
    return values[values.length >> 1] as number;
  };
  // A row with few samples takes its neighbours' too: between white letters on a saturated pill a
  // JPEG's chroma ringing moved the median of a column's three samples by 30 levels, more than any
  // shading does, and the profile was refused as two fills.
  const known = [...groups]
    .map(([at, group]) => {
      let band = group;
      for (let d = 1; band.length < PROFILE_SAMPLES && d <= PROFILE_BAND; d++)
        band = [...band, ...(groups.get(at - d) ?? []), ...(groups.get(at + d) ?? [])];
      return { at, band };
    })
    .filter(({ band }) => band.length >= 3)
    .map(({ at, band }) => ({ at, rgb: [0, 1, 2].map((c) => median(band, c)) }))
    .sort((a, b) => a.at - b.at);
  if (known.length < 2) return null;
  // Shading changes a little from row to row; a jump is two fills stacked (a button over the page),
  // also across rows with too few samples to be known (letters cover them): a red label and a dark
  // one side by side were one profile, red to the dark one's first columns.
  for (let n = 1; n < known.length; n++) {
    const [a, b] = [known[n - 1], known[n]] as [{ at: number; rgb: number[] }, { at: number; rgb: number[] }];
    const jump = Math.hypot(...a.rgb.map((v, c) => v - (b.rgb[c] as number)));
    if (jump > PROFILE_STEP * Math.min(b.at - a.at, PROFILE_GAP)) return null;
  }
  // Each row's colour, as the mean of the medians around it: a JPEG's ringing between letters
  // moves one row's median by a few levels and the next one's the other way, which a refill shows
  // as stripes across a gradient.
  return known.map((k, n) => {
    const near = known
      .slice(Math.max(0, n - PROFILE_SMOOTHING), n + PROFILE_SMOOTHING + 1)
      .filter((o) => Math.abs(o.at - k.at) <= PROFILE_SMOOTHING);
    return {
      at: k.at,
      rgb: [0, 1, 2].map((c) => near.reduce((sum, o) => sum + (o.rgb[c] as number), 0) / near.length),
    };
  });
}

/** The colour of the known row nearest `at`. */
function nearestIn(known: Profile, at: number): number[] {
  let lo = 0;
  let hi = known.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((known[mid] as { at: number }).at < at) lo = mid + 1;
    else hi = mid;
  }
  const after = known[lo] as { at: number; rgb: number[] };
  const before = known[Math.max(0, lo - 1)] as { at: number; rgb: number[] };
  return Math.abs(before.at - at) < Math.abs(after.at - at) ? before.rgb : after.rgb;
}
