import { reachFromEdge } from '@chuhai/contract';
/**
 * What 恢复 may paint back: for each pixel, the alpha the restore brush brings it up to. The brush
 * used to paint everything opaque, so a stroke along the product's edge brought the table back with
 * it. Now it trusts the cut-out the editor started from (the model's soft alpha, or the seller's last
 * 修补) and the photo's colours, both already in the browser:
 * - alpha ≥ PRODUCT_ALPHA: the cut-out called it product; it comes back fully (an erase undone);
 * - the photo's background: what the cut-out left out that is joined to the photo's edge by small
 *   colour steps (the table, its gradients and soft shadows), and anything else of the colours that
 *   background has nearby (the table seen through a handle): it comes back only to the cut-out's own
 *   soft alpha, never more;
 * - the rest, left out but cut off from the background by an edge and unlike its colours, is a part
 *   the model lost (a red handle on a white table): it comes back fully.
 */
export const PRODUCT_ALPHA = 128;
/** RGB distance between neighbouring pixels that still counts as the same background. */
export const BACKGROUND_STEP = 20;
/** RGB distance from the background's colours nearby above which a colour is something else. */
export const UNLIKE_BACKGROUND = 48;
/** The colour grid: cells per long side, and how many cells around a pixel make its neighbourhood. */
const CELLS = 48;
const AROUND = 3;
/** Colours are counted in 4 levels per channel (64 bins); a bin with this share of a neighbourhood
 * is one of its colours (the table and the wall behind it, not the mean of the two). */
const LEVELS = 4;
const BINS = LEVELS ** 3;
const SHARE = 0.15;

interface Grid {
  cell: number;
  columns: number;
  rows: number;
}

/**
 * The photo's background: pixels the cut-out left out (alpha below PRODUCT_ALPHA) reached from the
 * photo's edge in steps between neighbours of at most BACKGROUND_STEP. A part the model lost is
 * "left out" too, but the edge between it and the table stops the walk.
 */
function openBackground(photo: Uint8ClampedArray, cutout: Uint8ClampedArray, width: number, height: number) {
  const open = (q: number) => (cutout[q * 4 + 3] as number) < PRODUCT_ALPHA;
  const step = (p: number, q: number) =>
    ((photo[p * 4] as number) - (photo[q * 4] as number)) ** 2 +
      ((photo[p * 4 + 1] as number) - (photo[q * 4 + 1] as number)) ** 2 +
      ((photo[p * 4 + 2] as number) - (photo[q * 4 + 2] as number)) ** 2 <=
    BACKGROUND_STEP ** 2;
  return reachFromEdge(width, height, open, step);
}

/** Per cell and colour bin: the sums of red, green and blue and the count of background pixels. */
function histograms(photo: Uint8ClampedArray, reached: Uint8Array, width: number, grid: Grid): Float64Array {
  const sums = new Float64Array(grid.columns * grid.rows * BINS * 4);
  const height = reached.length / width;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!reached[y * width + x]) continue;
      const i = (y * width + x) * 4;
      const r = photo[i] as number;
      const g = photo[i + 1] as number;
      const b = photo[i + 2] as number;
      const bin = (((r * LEVELS) >> 8) * LEVELS + ((g * LEVELS) >> 8)) * LEVELS + ((b * LEVELS) >> 8);
      const at = ((Math.floor(y / grid.cell) * grid.columns + Math.floor(x / grid.cell)) * BINS + bin) * 4;
      sums[at] = (sums[at] as number) + r;
      sums[at + 1] = (sums[at + 1] as number) + g;
      sums[at + 2] = (sums[at + 2] as number) + b;
      sums[at + 3] = (sums[at + 3] as number) + 1;
    }
  return sums;
}

/** The background's main colours around each cell (grown until some are found, so a cell deep
 * inside the product still knows them); empty when the photo has no background at all. */
function mainColours(sums: Float64Array, grid: Grid): number[][][] {
  const { columns, rows } = grid;
  const colours: number[][][] = [];
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++) {
      const found: number[][] = [];
      for (let reach = AROUND; found.length === 0 && reach < 2 * Math.max(columns, rows); reach *= 2) {
        const total = new Float64Array(BINS * 4);
        for (let r = Math.max(0, row - reach); r <= Math.min(rows - 1, row + reach); r++)
          for (let c = Math.max(0, column - reach); c <= Math.min(columns - 1, column + reach); c++) {
            const base = (r * columns + c) * BINS * 4;
            for (let k = 0; k < BINS * 4; k++) total[k] = (total[k] as number) + (sums[base + k] as number);
          }
        let count = 0;
        for (let bin = 0; bin < BINS; bin++) count += total[bin * 4 + 3] as number;
        for (let bin = 0; bin < BINS && count > 0; bin++) {
          const n = total[bin * 4 + 3] as number;
          if (n >= SHARE * count) found.push([0, 1, 2].map((k) => (total[bin * 4 + k] as number) / n));
        }
      }
      colours.push(found);
    }
  return colours;
}

/** Squared RGB distance from a pixel to the nearest of some colours (infinite when there are none). */
function nearest(data: Uint8ClampedArray, i: number, colours: number[][]): number {
  let best = Number.POSITIVE_INFINITY;
  for (const [r, g, b] of colours)
    best = Math.min(
      best,
      ((data[i] as number) - (r as number)) ** 2 +
        ((data[i + 1] as number) - (g as number)) ** 2 +
        ((data[i + 2] as number) - (b as number)) ** 2,
    );
  return best;
}

/**
 * The restore brush's reach, one alpha per pixel. `photo` and `cutout` are RGBA at the same size;
 * only the cut-out's alpha is read.
 */
export function restoreReach(
  photo: Uint8ClampedArray,
  cutout: Uint8ClampedArray,
  width: number,
  height: number,
): Uint8ClampedArray {
  const cell = Math.max(1, Math.ceil(Math.max(width, height) / CELLS));
  const grid: Grid = { cell, columns: Math.ceil(width / cell), rows: Math.ceil(height / cell) };
  const reached = openBackground(photo, cutout, width, height);
  const background = mainColours(histograms(photo, reached, width, grid), grid);
  const reach = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const alpha = cutout[p * 4 + 3] as number;
      if (alpha >= PRODUCT_ALPHA) reach[p] = 255;
      else if (reached[p]) reach[p] = alpha;
      else {
        const colours = background[Math.floor(y / cell) * grid.columns + Math.floor(x / cell)] as number[][];
        reach[p] = nearest(photo, p * 4, colours) > UNLIKE_BACKGROUND ** 2 ? 255 : alpha;
      }
    }
  return reach;
}
