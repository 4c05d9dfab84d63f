import type { TranslateRenderBody, TranslateRenderResult } from '@chuhai/contract';
import { countLeftover, type OcrEngine, type TextLine } from '../../imaging/ocr/index.ts';
import { withStrokesLeft } from '../../imaging/text/strokes-left.ts';

/** Erased images read recently on this node, by file key (a stored file never changes). */
const CACHED = 100;
const readBackgrounds = new Map<string, Promise<TextLine[]>>();

function backgroundLines(ocr: OcrEngine, key: string, bytes: Buffer): Promise<TextLine[]> {
  let lines = readBackgrounds.get(key);
  if (lines) readBackgrounds.delete(key);
  else {
    lines = ocr.readLines(bytes);
    lines.catch(() => readBackgrounds.delete(key));
  }
  readBackgrounds.set(key, lines);
  for (const oldest of readBackgrounds.keys()) {
    if (readBackgrounds.size <= CACHED) break;
    readBackgrounds.delete(oldest);
  }
  return lines;
}

/**
 * 重新生成's leftover check, without reading the seller's new text back with OCR: reading a picture
 * full of text took 6.8 s of CPU (2000×2000, 10 blocks of 500 characters) against 0.65 s to draw
 * it, and 重新生成 is free. Source text on the result is either left on the erased image (read once
 * per image on this node: the same on every redraw) or typed by the seller into a block (counted
 * from the text itself). Words kept on purpose (`keep`) are not counted. Strokes the erasing left
 * (found by colour at the first drawing, marked on the blocks) are counted too: the erased image
 * has not changed since, so neither have they.
 */
export async function renderResidual(
  ocr: OcrEngine,
  background: { key: string; bytes: Buffer },
  blocks: TranslateRenderBody['blocks'],
  keep: readonly string[],
  target = '',
): Promise<TranslateRenderResult['residual']> {
  const erased = await backgroundLines(ocr, background.key, background.bytes);
  const typed = blocks.filter((block) => !block.hidden);
  // What the seller typed is the translation (in Traditional Chinese, only Simplified is left
  // over); what is read on the erased image is the source, whatever its script.
  const left = [
    ...erased.map((line) => ({ box: line.box, left: countLeftover(line.text, keep) })),
    ...typed.map((block) => ({ box: block.box, left: countLeftover(block.text, keep, target) })),
  ].filter((part) => part.left > 0);
  return withStrokesLeft(
    { count: left.reduce((sum, part) => sum + part.left, 0), boxes: left.map((part) => part.box) },
    blocks,
  );
}
