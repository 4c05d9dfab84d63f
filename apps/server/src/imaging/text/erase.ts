/**
 * Erasing text from a product image: each box is filled with a Coons patch of the pixels around it
 * (the four edges, lightly smoothed, blended across the box). On a flat or gradient background this
 * is exact (a linear ramp is reproduced); on a texture or a photo it leaves a smooth patch, which
 * the new text mostly covers. OpenCV's inpainting would do better on textures, but the npm builds
 * of OpenCV for JavaScript leave out the photo module that has it (docs/decisions.md).
 */
import type { TextBox } from '../ocr/index.ts';

/** An image as raw RGB bytes. */
export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

/** What the erased pixels looked like: the text's colour and whether its strokes were heavy. */
export interface TextInk {
  color: string;
  bold: boolean;
}

/** How far a pixel must be from the patch to count as a stroke of the text (RGB distance). */
const INK_DISTANCE = 60;
/**
 * Share of a (grown) line box covered by strokes above which the text reads as bold. Measured on
 * Noto Sans SC drawn at 36–72 px: bold lines cover 0.24–0.35 of their grown box, regular ones
 * 0.19–0.22.
 */
const BOLD_SHARE = 0.23;

const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : Math.min(v, hi));

/** A box grown by `pad` on each side, kept inside the image. */
export function grow(box: TextBox, pad: number, width: number, height: number): TextBox {
  const x = clamp(Math.floor(box.x - pad), 0, width - 1);
  const y = clamp(Math.floor(box.y - pad), 0, height - 1);
  const right = clamp(Math.ceil(box.x + box.width + pad), x + 1, width);
  const bottom = clamp(Math.ceil(box.y + box.height + pad), y + 1, height);
  return { x, y, width: right - x, height: bottom - y };
}

/** One edge's colours (3 per pixel), smoothed with a running mean so one stray pixel leaves no streak. */
function edge(image: RgbImage, points: [number, number][]): Float32Array {
  const raw = new Float32Array(points.length * 3);
  points.forEach(([px, py], i) => {
    const at = (clamp(py, 0, image.height - 1) * image.width + clamp(px, 0, image.width - 1)) * 3;
    raw[i * 3] = image.data[at] as number;
    raw[i * 3 + 1] = image.data[at + 1] as number;
    raw[i * 3 + 2] = image.data[at + 2] as number;
  });
  const radius = 2;
  const out = new Float32Array(raw.length);
  for (let i = 0; i < points.length; i++) {
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      let n = 0;
      for (let k = Math.max(0, i - radius); k <= Math.min(points.length - 1, i + radius); k++) {
        sum += raw[k * 3 + c] as number;
        n++;
      }
      out[i * 3 + c] = sum / n;
    }
  }
  return out;
}

const hex = (r: number, g: number, b: number) =>
  `#${[r, g, b]
    .map((v) =>
      Math.round(clamp(v, 0, 255))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/**
 * Fills `box` (already grown past the strokes) from its surroundings, in place, and says what the
 * text that was there looked like.
 */
export function eraseBox(image: RgbImage, box: TextBox): TextInk {
  const { x, y, width: w, height: h } = box;
  // The rows and columns just outside the box; at the image's edge the box's own edge stands in.
  const top = edge(
    image,
    Array.from({ length: w }, (_, i) => [x + i, y - 1] as [number, number]),
  );
  const bottom = edge(
    image,
    Array.from({ length: w }, (_, i) => [x + i, y + h] as [number, number]),
  );
  const left = edge(
    image,
    Array.from({ length: h }, (_, j) => [x - 1, y + j] as [number, number]),
  );
  const right = edge(
    image,
    Array.from({ length: h }, (_, j) => [x + w, y + j] as [number, number]),
  );
  const corner = (a: Float32Array, i: number, c: number) => a[i * 3 + c] as number;
  const inkSamples: number[][] = [];
  let ink = 0;
  for (let j = 0; j < h; j++) {
    const v = h === 1 ? 0.5 : j / (h - 1);
    for (let i = 0; i < w; i++) {
      const u = w === 1 ? 0.5 : i / (w - 1);
      const at = ((y + j) * image.width + x + i) * 3;
      let distance = 0;
      const fill: number[] = [];
      for (let c = 0; c < 3; c++) {
        const coons =
          (1 - v) * corner(top, i, c) +
          v * corner(bottom, i, c) +
          (1 - u) * corner(left, j, c) +
          u * corner(right, j, c) -
          ((1 - u) * (1 - v) * corner(top, 0, c) +
            u * (1 - v) * corner(top, w - 1, c) +
            (1 - u) * v * corner(bottom, 0, c) +
            u * v * corner(bottom, w - 1, c));
        const value = clamp(coons, 0, 255);
        const was = image.data[at + c] as number;
        distance += (was - value) ** 2;
        fill.push(value);
      }
      if (Math.sqrt(distance) > INK_DISTANCE) {
        ink += 1;
        if (inkSamples.length < 4000)
          inkSamples.push([
            image.data[at] as number,
            image.data[at + 1] as number,
            image.data[at + 2] as number,
          ]);
      }
      for (let c = 0; c < 3; c++) image.data[at + c] = Math.round(fill[c] as number);
    }
  }
  return { color: inkColor(inkSamples, image, box), bold: ink / (w * h) > BOLD_SHARE };
}

/** The median of the stroke pixels; with none, black or white, whichever stands out from the patch. */
function inkColor(samples: number[][], image: RgbImage, box: TextBox): string {
  if (samples.length > 0) {
    const median = (c: number) => {
      const values = samples.map((s) => s[c] as number).sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)] as number;
    };
    return hex(median(0), median(1), median(2));
  }
  const at = ((box.y + Math.floor(box.height / 2)) * image.width + box.x + Math.floor(box.width / 2)) * 3;
  const luminance =
    0.299 * (image.data[at] as number) +
    0.587 * (image.data[at + 1] as number) +
    0.114 * (image.data[at + 2] as number);
  return luminance > 140 ? '#1f1f1f' : '#ffffff';
}
