import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import type { Region } from './detect.ts';
import type { Pixels } from './pixels.ts';
import { restoreSpaces } from './spaces.ts';
import { columnToRow, cutOut } from './vertical.ts';

/** What the recogniser read in one region. */
export interface Reading {
  text: string;
  /** Mean probability of the characters read; 0 when nothing was read. */
  score: number;
}

/** A reading with where each character was seen: the step (of 8 input pixels) its peak began at. */
export interface Decoded extends Reading {
  chars: string[];
  steps: number[];
}

/** The recogniser's input height (PP-OCRv4's `rec_image_shape` 3×48×320). */
const HEIGHT = 48;
/**
 * Widest input. A line is scaled to 48 px high keeping its shape; a line longer than 20 times its
 * height (about 20 Chinese characters) is squeezed to this width instead, which bounds the time a
 * line takes. The model emits one column per 8 px, so 960 px still leaves 120 columns for CTC:
 * two lines of 40 characters (44 times as long as high) read without an error at 960, and even
 * at 640. (Spaces are put back less surely in a squeezed line: spaces.ts measures in crop pixels.)
 */
const MAX_WIDTH = 960;
/** Widths are padded up to a multiple of the model's horizontal stride. */
const WIDTH_STEP = 8;
/**
 * Lines read together, sorted by width first so a batch pads little; PaddleOCR's `rec_batch_num`.
 * The 8 lines of bench/ocr.ts's poster on 2 cores (median of 7): one at a time 226 ms, 6 at a
 * time 171 ms, 12 at a time 178 ms.
 */
const BATCH = 6;
/**
 * A crop at least this much taller than wide may be a vertical line (PaddleOCR's rule for turning
 * a crop before reading it).
 */
const VERTICAL = 1.5;

interface Crop {
  index: number;
  /** RGB pixels 48 high. */
  data: Buffer;
  width: number;
}

/**
 * Reads the text in each region of `image` with the CTC recogniser. A region much taller than wide
 * is read three ways, and the likeliest reading wins: as it stands (a lone "1" or "l" is tall too),
 * as a vertical line of CJK characters laid side by side, and turned a quarter turn anticlockwise
 * (PaddleOCR's way, for Latin text running up the side of an image).
 */
export async function recognizeText(
  recognizer: ort.InferenceSession,
  alphabet: readonly string[],
  image: Pixels,
  regions: readonly Region[],
): Promise<Reading[]> {
  const crops = (await Promise.all(regions.map((region, index) => cropsOf(image, region, index)))).flat();
  crops.sort((a, b) => a.width - b.width);
  const readings: Reading[] = regions.map(() => ({ text: '', score: 0 }));
  for (let start = 0; start < crops.length; start += BATCH) {
    const batch = crops.slice(start, start + BATCH);
    const decoded = await readBatch(recognizer, alphabet, batch);
    batch.forEach((crop, i) => {
      const reading = decoded[i] as Reading;
      if (reading.score > (readings[crop.index] as Reading).score) readings[crop.index] = reading;
    });
  }
  return readings;
}

/** The ways to read one region: the region itself, and for a tall one also as a column and turned. */
async function cropsOf(image: Pixels, region: Region, index: number): Promise<Crop[]> {
  const left = Math.floor(region.left);
  const top = Math.floor(region.top);
  const width = Math.max(1, Math.min(image.width, Math.ceil(region.right)) - left);
  const height = Math.max(1, Math.min(image.height, Math.ceil(region.bottom)) - top);
  const pixels = cutOut(image, left, top, width, height);
  if (height < VERTICAL * width) return [await scaled(pixels, index)];
  return Promise.all([scaled(pixels, index), scaled(columnToRow(pixels), index), scaled(pixels, index, 270)]);
}

/** Pixels scaled to the recogniser's height, keeping their shape (up to `MAX_WIDTH`). */
async function scaled(pixels: Pixels, index: number, rotate?: number): Promise<Crop> {
  const [w, h] = rotate ? [pixels.height, pixels.width] : [pixels.width, pixels.height];
  const target = Math.max(1, Math.min(MAX_WIDTH, Math.ceil((HEIGHT * w) / h)));
  let pipeline = sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } });
  if (rotate) pipeline = pipeline.rotate(rotate);
  const data = await pipeline.resize(target, HEIGHT, { fit: 'fill' }).raw().toBuffer();
  return { index, data, width: target };
}

/** Runs one batch, padded on the right to its widest line, and decodes each row. */
async function readBatch(
  recognizer: ort.InferenceSession,
  alphabet: readonly string[],
  batch: readonly Crop[],
): Promise<Reading[]> {
  const widest = Math.max(...batch.map((crop) => crop.width));
  const width = Math.ceil(widest / WIDTH_STEP) * WIDTH_STEP;
  const plane = HEIGHT * width;
  // Zero after normalisation is mid grey: PaddleOCR pads the same way.
  const input = new Float32Array(batch.length * 3 * plane);
  batch.forEach((crop, n) => {
    const base = n * 3 * plane;
    for (let y = 0; y < HEIGHT; y += 1)
      for (let x = 0; x < crop.width; x += 1) {
        const i = (y * crop.width + x) * 3;
        const p = base + y * width + x;
        // B, G, R planes, each (v / 255 − 0.5) / 0.5, as the model was trained on OpenCV images.
        input[p] = (crop.data[i + 2] as number) / 127.5 - 1;
        input[p + plane] = (crop.data[i + 1] as number) / 127.5 - 1;
        input[p + 2 * plane] = (crop.data[i] as number) / 127.5 - 1;
      }
  });
  const outputs = await recognizer.run({
    [recognizer.inputNames[0] as string]: new ort.Tensor('float32', input, [batch.length, 3, HEIGHT, width]),
  });
  const output = outputs[recognizer.outputNames[0] as string];
  if (!output) throw new Error('the text recogniser gave no output');
  const [, steps = 0, classes = 0] = output.dims;
  const probabilities = output.data as Float32Array;
  return batch.map((crop, n) => {
    const decoded = decodeCtc(
      probabilities.subarray(n * steps * classes, (n + 1) * steps * classes),
      steps,
      classes,
      alphabet,
    );
    const text = restoreSpaces(decoded.chars, decoded.steps, width / steps, { ...crop, height: HEIGHT });
    return { text, score: decoded.score };
  });
}

/**
 * Greedy CTC decoding: the likeliest class at each step, repeats merged, blanks (class 0) dropped.
 * The score is the mean probability of the characters kept, as PaddleOCR's.
 */
export function decodeCtc(
  probabilities: Float32Array,
  steps: number,
  classes: number,
  alphabet: readonly string[],
): Decoded {
  const chars: string[] = [];
  const at: number[] = [];
  let sum = 0;
  let previous = -1;
  for (let t = 0; t < steps; t += 1) {
    const row = t * classes;
    let best = 0;
    let bestP = probabilities[row] as number;
    for (let c = 1; c < classes; c += 1) {
      const p = probabilities[row + c] as number;
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best !== previous) {
      chars.push(alphabet[best] ?? '');
      at.push(t);
      sum += bestP;
    }
    previous = best;
  }
  return { text: chars.join(''), score: chars.length === 0 ? 0 : sum / chars.length, chars, steps: at };
}
