import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import type { Pixels } from './pixels.ts';

/** A text region in working pixels, edges as fractions of a pixel. */
export interface Region {
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** Mean text probability of the region's pixels. */
  score: number;
}

/**
 * Long side the detector looks at, as PaddleOCR's `det_limit_side_len` (limit type "max"). At this
 * size it finds and reads text set at 8 px (9 px of ink) but not at 6 px; larger inputs cost time
 * with the square of the side (the detector takes about half of the 0.35 s of a 1000×1000 image).
 */
const LIMIT_SIDE = 960;
/**
 * A long thin image (a detail page strip, a vertical banner) shrunk to 960 on its long side would
 * leave its text a few pixels high, so its short side is kept at this size instead, and a picture
 * narrower than this is enlarged to it (RapidOCR's ch_en_num, 323 px wide: looked at as it was,
 * the white 「直击」 and 「底价」 on its red badge were no text to the detector; at 512, both)…
 */
const MIN_SHORT_SIDE = 512;
/** …as long as the input stays under this many pixels (about twice 960×960, so twice the time). */
const MAX_AREA = 2_000_000;
/**
 * A picture is enlarged only by at least this much: a few per cent more moves the boxes by a pixel
 * and no more, and a drawn 800 × 500 scene's 「¥99」 then read as 「?99」.
 */
const MIN_ENLARGEMENT = 1.25;
/** The network halves its input five times; each side must be a multiple of 32. */
const STRIDE = 32;

/**
 * Probability above which a pixel counts as text: PaddleOCR's `det_db_thresh`. The map is close
 * to 0 or 1 (a text region's pixels average 0.97 or more), so this only decides the soft edges: it
 * sets how far a region reaches before unclipping, and the unclip ratio below is tuned with it.
 */
const PIXEL_THRESHOLD = 0.3;
/**
 * Mean probability (over the region's own pixels) below which a region is dropped: PaddleOCR's
 * `det_db_box_thresh`. Measured on the test images: text lines score 0.97–1.0 (0.76–0.92 averaged
 * over their whole box, PaddleOCR's "fast" score); the specks a round label or a bar leave beside
 * the real regions score 0.30–0.56, and noise, stripes and grids make no region at all. Shapes
 * that do score high (a solid circle: 0.97) are left to the recogniser, which reads nothing there.
 */
const MIN_SCORE = 0.6;
/** Regions thinner than this (in detector pixels) are specks, before and after unclipping (PaddleOCR's 3 and 5). */
const MIN_SIDE = 3;
const MIN_SIDE_UNCLIPPED = MIN_SIDE + 2;
/**
 * DB learns to mark a shrunk core of each text line; the line is that core pushed out by
 * area × ratio / perimeter. 1.5 is PaddleOCR's `det_db_unclip_ratio` for PP-OCRv4; with it the
 * boxes of text set at 28–64 px overlap the drawn ink by IoU 0.85–0.96 in the tests. (Text under
 * about 14 px comes out with a box up to twice its ink's height.)
 */
const UNCLIP_RATIO = 1.5;
/**
 * At most this many regions are kept (PaddleOCR's `max_candidates`), which bounds the recogniser's
 * work on a page of fine print (about 21 ms a line in bench/ocr.ts) at some 20 s; the detector's own work is bounded by its input size.
 */
const MAX_REGIONS = 1000;

/**
 * ImageNet mean and standard deviation, in the order PaddleOCR applies them: to an image read by
 * OpenCV, so the first values go to the blue channel. The models were trained that way.
 */
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

/** The detector's input size for an image: see the limits above. */
export function detectorSize(width: number, height: number): { width: number; height: number } {
  let ratio = Math.min(1, LIMIT_SIDE / Math.max(width, height));
  const shortSide = Math.min(width, height);
  if (shortSide * ratio < MIN_SHORT_SIDE) {
    const kept = Math.min(MIN_SHORT_SIDE / shortSide, Math.sqrt(MAX_AREA / (width * height)));
    ratio = kept >= MIN_ENLARGEMENT ? kept : Math.min(1, kept);
  }
  const fit = (side: number) => Math.max(STRIDE, Math.round((side * ratio) / STRIDE) * STRIDE);
  return { width: fit(width), height: fit(height) };
}

/** Finds the text lines in an image with the DB detector; regions come back in the image's pixels. */
export async function detectText(detector: ort.InferenceSession, image: Pixels): Promise<Region[]> {
  const size = detectorSize(image.width, image.height);
  const rgb = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(size.width, size.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  const plane = size.width * size.height;
  const input = new Float32Array(3 * plane);
  for (let p = 0, i = 0; p < plane; p += 1, i += 3) {
    // Planes in B, G, R order (see MEAN).
    input[p] = ((rgb[i + 2] as number) / 255 - MEAN[0]) / STD[0];
    input[p + plane] = ((rgb[i + 1] as number) / 255 - MEAN[1]) / STD[1];
    input[p + 2 * plane] = ((rgb[i] as number) / 255 - MEAN[2]) / STD[2];
  }
  const outputs = await detector.run({
    [detector.inputNames[0] as string]: new ort.Tensor('float32', input, [1, 3, size.height, size.width]),
  });
  const map = outputs[detector.outputNames[0] as string]?.data as Float32Array | undefined;
  if (!map || map.length !== plane) throw new Error('the text detector gave no probability map');
  const sx = image.width / size.width;
  const sy = image.height / size.height;
  return findRegions(map, size.width, size.height).map((region) => ({
    left: Math.max(0, region.left * sx),
    top: Math.max(0, region.top * sy),
    right: Math.min(image.width, region.right * sx),
    bottom: Math.min(image.height, region.bottom * sy),
    score: region.score,
  }));
}

/**
 * The text regions of a probability map: 8-connected components of pixels above the threshold,
 * scored, filtered and unclipped, as axis-aligned boxes in map pixels (right and bottom exclusive).
 */
export function findRegions(map: Float32Array, width: number, height: number): Region[] {
  const label = new Int32Array(width * height); // 0: not visited
  const stack = new Int32Array(width * height);
  const regions: Region[] = [];
  let components = 0;
  for (let start = 0; start < map.length; start += 1) {
    if (label[start] !== 0 || (map[start] as number) <= PIXEL_THRESHOLD) continue;
    if (regions.length === MAX_REGIONS) break;
    components += 1;
    label[start] = components;
    let top = 0;
    stack[top++] = start;
    let sum = 0;
    let count = 0;
    let left = width;
    let right = -1;
    let upper = height;
    let lower = -1;
    while (top > 0) {
      const p = stack[--top] as number;
      sum += map[p] as number;
      count += 1;
      const x = p % width;
      const y = (p - x) / width;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < upper) upper = y;
      if (y > lower) lower = y;
      for (let dy = -1; dy <= 1; dy += 1) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (label[q] !== 0 || (map[q] as number) <= PIXEL_THRESHOLD) continue;
          label[q] = components;
          stack[top++] = q;
        }
      }
    }
    const w = right - left + 1;
    const h = lower - upper + 1;
    const score = sum / count;
    if (Math.min(w, h) < MIN_SIDE || score < MIN_SCORE) continue;
    const grow = (w * h * UNCLIP_RATIO) / (2 * (w + h));
    if (Math.min(w, h) + 2 * grow < MIN_SIDE_UNCLIPPED) continue;
    regions.push({
      left: Math.max(0, left - grow),
      top: Math.max(0, upper - grow),
      right: Math.min(width, right + 1 + grow),
      bottom: Math.min(height, lower + 1 + grow),
      score,
    });
  }
  return regions;
}
