/**
 * A big headline over a busy picture, erased: its marks are a block most of its box, and nothing
 * of what lay behind the letters is left to rebuild. Inpainting draws whatever is at the block's
 * edge inward; from a smooth gradient that is a smooth gradient again, but from a busy edge (the
 * pink ring, blue shapes and white letter rims around RapidOCR ch_en_num's 3D 「正品促销」) it drew
 * smears of each across the whole block. Such a block is filled instead with the smooth field of
 * the colours around it (push-pull: the pixels around averaged at ever coarser scales, the holes
 * taken from the coarsest scale that covers them), which reads as the picture's background.
 */
import type { TextBox } from '../ocr/index.ts';
import { fitPlane, type Sample } from './fill-plane.ts';
import type { RgbImage } from './rgb-image.ts';

/**
 * Share of the line's (grown) box its marks cover from which they are a block, not strokes: 0.87
 * on ch_en_num's headline (white faces, gold rim, dark extrusion), 0.76 on the test's; plain
 * letters on a ground cover 0.2–0.6 of it.
 */
const BLOCK_SHARE = 0.7;
/** A line this thick at least (px): across a thinner block inpainting's smear stays small. */
const BLOCK_THICKNESS = 32;
/**
 * How far (90th percentile, RGB distance) the pixels along the block's edge lie off one plane for
 * the edge to be busy. Headlines on gradients: 14–31 (inpainted smoothly); ch_en_num's: 90.
 */
const BUSY_EDGE = 70;

/** Whether a line's marks (`marked(i)`, image pixel i) in its grown `box` are a block on a busy picture. */
export function isBusyBlock(
  image: RgbImage,
  line: TextBox,
  box: TextBox,
  marked: (pixel: number) => boolean,
  others: readonly TextBox[],
): boolean {
  if (Math.min(line.width, line.height) < BLOCK_THICKNESS) return false;
  let count = 0;
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) count += marked(y * image.width + x) ? 1 : 0;
  if (count < box.width * box.height * BLOCK_SHARE) return false;
  const edge = edgeOf(image, box, marked, others);
  const plane = fitPlane(image, edge);
  if (!plane || edge.length < 3) return false;
  const off = edge
    .map((p) => {
      const fill = plane.at(p.x, p.y);
      return Math.hypot(...[0, 1, 2].map((c) => (image.data[p.i + c] as number) - (fill[c] as number)));
    })
    .sort((a, b) => a - b);
  return (off[Math.floor(off.length * 0.9)] as number) > BUSY_EDGE;
}

const inAny = (boxes: readonly TextBox[], x: number, y: number) =>
  boxes.some((b) => x >= b.x && y >= b.y && x < b.x + b.width && y < b.y + b.height);

/** The unmarked pixels next to the marks, in and just around `box`, outside other lines' boxes. */
function edgeOf(
  image: RgbImage,
  box: TextBox,
  marked: (pixel: number) => boolean,
  others: readonly TextBox[],
): Sample[] {
  const { width, height } = image;
  const edge: Sample[] = [];
  for (let y = Math.max(0, box.y - 1); y < Math.min(height, box.y + box.height + 1); y++)
    for (let x = Math.max(0, box.x - 1); x < Math.min(width, box.x + box.width + 1); x++) {
      const i = y * width + x;
      if (marked(i) || inAny(others, x, y)) continue;
      const beside =
        (x > 0 && marked(i - 1)) ||
        (x < width - 1 && marked(i + 1)) ||
        (y > 0 && marked(i - width)) ||
        (y < height - 1 && marked(i + width));
      if (beside) edge.push({ x, y, i: i * 3 });
    }
  return edge;
}

/**
 * Sets the pixels `fill(i)` says in `window` to the smooth field of the pixels `source(i)` says,
 * in place: push-pull, each coarser scale the weighted mean of four pixels of the one below, then
 * each hole (and each partly known pixel) blended from the coarser scale, bilinearly.
 */
export function smoothFill(
  image: RgbImage,
  window: TextBox,
  fill: (pixel: number) => boolean,
  source: (pixel: number) => boolean,
): void {
  const { x: wx, y: wy, width: w, height: h } = window;
  const weight = new Float32Array(w * h);
  const colour = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (wy + y) * image.width + wx + x;
      if (!source(i)) continue;
      weight[y * w + x] = 1;
      for (let c = 0; c < 3; c++) colour[(y * w + x) * 3 + c] = image.data[i * 3 + c] as number;
    }
  // Nothing around to fill from: left to the inpainting.
  if (!weight.includes(1)) return;
  const field = pushPull({ weight, colour, width: w, height: h });
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (wy + y) * image.width + wx + x;
      if (!fill(i)) continue;
      for (let c = 0; c < 3; c++)
        image.data[i * 3 + c] = Math.max(0, Math.min(255, Math.round(field[(y * w + x) * 3 + c] as number)));
    }
}

interface Level {
  weight: Float32Array;
  colour: Float32Array;
  width: number;
  height: number;
}

/** The colours of `level` with its holes filled from coarser scales (weights are 0–1). */
function pushPull(level: Level): Float32Array {
  if (level.width <= 1 && level.height <= 1) return level.colour;
  const coarse = pushPull(halved(level));
  const cw = Math.ceil(level.width / 2);
  const ch = Math.ceil(level.height / 2);
  const out = new Float32Array(level.colour.length);
  for (let y = 0; y < level.height; y++)
    for (let x = 0; x < level.width; x++) {
      // Where this pixel's centre lies on the coarser grid, clamped to it.
      const fx = Math.max(0, Math.min(cw - 1, (x + 0.5) / 2 - 0.5));
      const fy = Math.max(0, Math.min(ch - 1, (y + 0.5) / 2 - 0.5));
      const [x0, y0] = [Math.floor(fx), Math.floor(fy)];
      const [x1, y1] = [Math.min(cw - 1, x0 + 1), Math.min(ch - 1, y0 + 1)];
      const [tx, ty] = [fx - x0, fy - y0];
      const k = y * level.width + x;
      const known = Math.min(1, level.weight[k] as number);
      for (let c = 0; c < 3; c++) {
        const at = (xx: number, yy: number) => coarse[(yy * cw + xx) * 3 + c] as number;
        const below =
          (at(x0, y0) * (1 - tx) + at(x1, y0) * tx) * (1 - ty) +
          (at(x0, y1) * (1 - tx) + at(x1, y1) * tx) * ty;
        out[k * 3 + c] = known * (level.colour[k * 3 + c] as number) + (1 - known) * below;
      }
    }
  return out;
}

/** The next coarser scale: each pixel the weighted mean of up to four, its weight their sum (at most 1). */
function halved(level: Level): Level {
  const width = Math.ceil(level.width / 2);
  const height = Math.ceil(level.height / 2);
  const weight = new Float32Array(width * height);
  const colour = new Float32Array(width * height * 3);
  for (let y = 0; y < level.height; y++)
    for (let x = 0; x < level.width; x++) {
      const k = y * level.width + x;
      const w = level.weight[k] as number;
      if (w === 0) continue;
      const to = (y >> 1) * width + (x >> 1);
      weight[to] = (weight[to] as number) + w;
      for (let c = 0; c < 3; c++)
        colour[to * 3 + c] = (colour[to * 3 + c] as number) + w * (level.colour[k * 3 + c] as number);
    }
  for (let k = 0; k < weight.length; k++) {
    const w = weight[k] as number;
    if (w === 0) continue;
    for (let c = 0; c < 3; c++) colour[k * 3 + c] = (colour[k * 3 + c] as number) / w;
    weight[k] = Math.min(1, w);
  }
  return { weight, colour, width, height };
}
