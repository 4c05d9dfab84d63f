import { detectText, type Region } from './detect.ts';
import { onSeparateLabels } from './label-gap.ts';
import { arrangeLines } from './layout.ts';
import type { OcrModels } from './models.ts';
import { loadWorkImage } from './pixels.ts';
import { recognizeText } from './recognize.ts';
import type { TextBox, TextLine } from './types.ts';

/**
 * A line the recogniser is less sure of than this is dropped: PaddleOCR's `drop_score`. Text in
 * the test images reads at 0.83–1.0 (the lowest: a "¥" read as "￥"); what the detector took for
 * text in a picture (a solid circle, a bar) reads as nothing. 0.5 is PaddleOCR's default, kept:
 * without real product photos to measure on there is nothing to tune it against.
 */
const MIN_LINE_SCORE = 0.5;

/** The whole pipeline for one image: decode, detect, recognise, arrange (see `OcrEngine.readLines`). */
export async function readLinesWith(models: OcrModels, image: Buffer): Promise<TextLine[]> {
  const work = await loadWorkImage(image);
  const regions = await detectText(models.detector, work.pixels);
  const readings = await recognizeText(models.recognizer, models.alphabet, work.pixels, regions);
  const lines: TextLine[] = [];
  regions.forEach((region, i) => {
    const reading = readings[i];
    const text = reading?.text.trim() ?? '';
    if (!reading || text === '' || reading.score < MIN_LINE_SCORE) return;
    lines.push({ text, box: toBox(region, work.scale, work.original), score: reading.score });
  });
  return arrangeLines(lines, (left, right) => onSeparateLabels(work.pixels, left, right, work.scale));
}

/** A region in working pixels as whole pixels of the original image. */
function toBox(region: Region, scale: number, original: { width: number; height: number }): TextBox {
  const x = Math.max(0, Math.floor(region.left * scale));
  const y = Math.max(0, Math.floor(region.top * scale));
  const right = Math.min(original.width, Math.ceil(region.right * scale));
  const bottom = Math.min(original.height, Math.ceil(region.bottom * scale));
  return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) };
}
