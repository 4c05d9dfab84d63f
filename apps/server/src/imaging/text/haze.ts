/**
 * A glow that reaches past a line's box. Promotion text is often drawn with a soft glow in its own
 * colour (red letters in a pink haze on white): the haze fades out a third of a column's width
 * away, past the box the strokes are read in. Left there, the erased column became a pink band
 * that inpainting smeared across the column, and the OCR still read letters in it (lite-5 of
 * chineseocr_lite's examples: 20 characters left). On a flat background the haze is followed out
 * from the marked strokes for as long as it is a blend of the background and the text's colours.
 */
import type { TextBox } from '../ocr/index.ts';
import type { RgbImage } from './rgb-image.ts';

/** How far past the line's box a glow is followed, as a share of the line's thickness. */
const REACH = 0.5;
/** A border pixel this close to the border's median colour is the flat background (RGB distance). */
const FLAT_TOLERANCE = 18;
/** Share of the border that must be the flat background for a haze to be told from it. */
const FLAT_SHARE = 0.5;
/** A pixel this close to the background is the background (the haze has faded out). */
const FADED = 5;
/** A haze pixel lies this close to a blend of the background and one of the text's colours. */
const ON_BLEND = 28;
/**
 * A blend at most this far from the background towards the text's colour: a glow is a partial
 * blend, while a pixel of the text's own colour past its strokes is something else of that colour
 * (a red product beside red text), never taken.
 */
const MOST_BLENDED = 0.75;
/**
 * A blend lies along the line from the background to the text's colour: at most this share of its
 * distance along it off the line (or BLEND_NOISE, JPEG's grain). Measured on real pictures: a glow's
 * pixels lie 0.06–0.11 of the way off, a red gradient's lighter band behind gold letters 0.46–2
 * (alimama poster train-6): the gradient is no glow, and sweeping it marked the whole headline's
 * surroundings, inpainted into pink and white blotches.
 */
const OFF_LINE = 0.35;
const BLEND_NOISE = 3;
/**
 * Whether `p` is the background tinted (by a glow's colour), not merely lighter or darker: a
 * background's grain or shading moves all three channels alike.
 */
function isTint(p: number[], background: number[]): boolean {
  const d = [0, 1, 2].map((c) => (p[c] as number) - (background[c] as number));
  return Math.max(...d) - Math.min(...d) > Math.max(FADED, 0.5 * Math.max(...d.map(Math.abs)));
}
/** Share of the pixels just past the marks that are tinted, from which the text has a glow. */
const GLOW_SHARE = 0.12;
/** How much more blended a haze pixel may be than its neighbour nearer the strokes (JPEG noise). */
const FADE_SLACK = 0.06;

const distance = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  Math.hypot(
    (a[0] as number) - (b[0] as number),
    (a[1] as number) - (b[1] as number),
    (a[2] as number) - (b[2] as number),
  );

/** How far `p` is blended from colour `a` (the background) towards `b`, 0–1; -1 when it is no such blend. */
function blendOf(p: number[], a: number[], b: number[]): number {
  const ab = [0, 1, 2].map((c) => (b[c] as number) - (a[c] as number));
  const ap = [0, 1, 2].map((c) => (p[c] as number) - (a[c] as number));
  const length = ab.reduce((sum, v) => sum + v * v, 0);
  const t =
    length === 0
      ? 0
      : Math.max(0, Math.min(1, ab.reduce((sum, v, c) => sum + v * (ap[c] as number), 0) / length));
  const off = distance(
    p,
    [0, 1, 2].map((c) => (a[c] as number) + t * (ab[c] as number)),
  );
  const along = t * Math.sqrt(length);
  return t <= MOST_BLENDED && off < ON_BLEND && off <= Math.max(BLEND_NOISE, OFF_LINE * along) ? t : -1;
}

/** The median of each channel over some pixels. */
function medianOf(pixels: number[][]): number[] {
  return [0, 1, 2].map((c) => {
    const values = pixels.map((p) => p[c] as number).sort((x, y) => x - y);
    return values[values.length >> 1] as number;
  });
}

/**
 * Marks in `mask` (255 = erase) the haze around the text already marked in `box`: pixels within
 * REACH of the box, connected to the marks, that are neither the flat background nor anything but
 * a blend of it with one of `colours` (the ink, its outline). Nothing happens on a photo or a
 * gradient, where a blend cannot be told from the picture, or where the border is itself text.
 */
export function sweepHaze(image: RgbImage, box: TextBox, mask: Uint8Array, inks: number[][]): void {
  const { width, height, data } = image;
  // Glows come with bright, saturated ink (red, green, blue promotion text). Around dark ink a
  // "blend" is any darker grain of the paper, and nothing is swept.
  const colours = inks.filter((c) => Math.max(...c) - Math.min(...c) >= 70 && Math.max(...c) >= 130);
  if (colours.length === 0) return;
  const reach = Math.max(3, Math.round(Math.min(box.width, box.height) * REACH));
  const left = Math.max(0, box.x - reach);
  const top = Math.max(0, box.y - reach);
  const right = Math.min(width, box.x + box.width + reach);
  const bottom = Math.min(height, box.y + box.height + reach);
  const pixel = (i: number) => [data[i * 3] as number, data[i * 3 + 1] as number, data[i * 3 + 2] as number];
  const border: number[][] = [];
  for (let x = left; x < right; x++) border.push(pixel(top * width + x), pixel((bottom - 1) * width + x));
  for (let y = top; y < bottom; y++) border.push(pixel(y * width + left), pixel(y * width + right - 1));
  const background = medianOf(border);
  const flat = border.filter((p) => distance(p, background) <= FLAT_TOLERANCE).length;
  if (flat < border.length * FLAT_SHARE) return;
  // A glow only fades going out: a pixel more blended than the one it is reached from is something
  // else of the text's colour (a logo's letters above a headline), and the sweep stops there.
  const blend = new Float32Array(width * height).fill(1);
  const hazeBlend = (i: number) => {
    const p = pixel(i);
    if (distance(p, background) <= FADED) return -1;
    return Math.max(...colours.map((c) => blendOf(p, background, c)));
  };
  const queue: number[] = [];
  for (let y = top; y < bottom; y++)
    for (let x = left; x < right; x++) if (mask[y * width + x] === 255) queue.push(y * width + x);
  const seen = new Uint8Array(width * height);
  const neighbours = (i: number) => {
    const x = i % width;
    const y = (i - x) / width;
    const out: number[] = [];
    if (x > left) out.push(i - 1);
    if (x < right - 1) out.push(i + 1);
    if (y > top) out.push(i - width);
    if (y < bottom - 1) out.push(i + width);
    return out;
  };
  // Only text that has a glow is swept: just past its marks most pixels are still tinted. Past
  // plain letters it is the background at once, and whatever tinted lies further (a painted
  // blossom beside a verse in ink) is the picture's.
  let edge = 0;
  let tinted = 0;
  for (const i of queue)
    for (const n of neighbours(i)) {
      if (mask[n] === 255 || seen[n]) continue;
      seen[n] = 1;
      edge += 1;
      if (hazeBlend(n) >= 0 && isTint(pixel(n), background)) tinted += 1;
    }
  if (tinted < edge * GLOW_SHARE) return;
  seen.fill(0);
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head] as number;
    for (const n of neighbours(i)) {
      if (mask[n] === 255 || seen[n]) continue;
      seen[n] = 1;
      const t = hazeBlend(n);
      if (t < 0 || t > (blend[i] as number) + FADE_SLACK) continue;
      blend[n] = t;
      mask[n] = 255;
      queue.push(n);
    }
  }
}

/** A marked region is on one flat colour when this share of the pixels around it are this close to it. */
const FLAT_AROUND = 0.95;
const AROUND_TOLERANCE = 10;

/**
 * Fills each marked region (255 in `mask`) that lies on one flat colour with that colour, and
 * unmarks it: inpainting a wide region propagates whatever faint tint its edge has (the last of a
 * glow, a JPEG ripple) across it as streaks, where the label or page around it is one colour.
 * Regions on a photo or a gradient stay marked for inpainting.
 */
export function fillFlatRegions(image: RgbImage, mask: Uint8Array): void {
  const { width, data } = image;
  const seen = new Uint8Array(mask.length);
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== 255 || seen[start]) continue;
    const region: number[] = [start];
    const around = new Set<number>();
    seen[start] = 1;
    for (let head = 0; head < region.length; head++) {
      const i = region[head] as number;
      const x = i % width;
      for (const n of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (n < 0 || n >= mask.length) continue;
        if (mask[n] !== 255) around.add(n);
        else if (!seen[n]) {
          seen[n] = 1;
          region.push(n);
        }
      }
    }
    if (around.size < 8) continue;
    const edge = [...around].map((i) => [
      data[i * 3] as number,
      data[i * 3 + 1] as number,
      data[i * 3 + 2] as number,
    ]);
    const colour = medianOf(edge);
    if (edge.filter((p) => distance(p, colour) <= AROUND_TOLERANCE).length < edge.length * FLAT_AROUND)
      continue;
    for (const i of region) {
      data[i * 3] = colour[0] as number;
      data[i * 3 + 1] = colour[1] as number;
      data[i * 3 + 2] = colour[2] as number;
      mask[i] = 0;
    }
  }
}
