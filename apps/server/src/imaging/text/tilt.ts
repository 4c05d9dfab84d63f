/**
 * Text set at a slant. The OCR reads lines that run across or down the picture; a photo of a label
 * held at 45° (chineseocr_lite's images/1) reads as nothing, and the seller was told there was no
 * Chinese on a picture full of it. We do not translate slanted text yet (the editor's and the PSD's
 * layers are upright), but we say what is wrong and what to do (SlantedTextError).
 */
import sharp from 'sharp';
import { countSourceChars, type OcrEngine } from '../ocr/index.ts';

/** Turns tried, clockwise in degrees: text slanted either way at about 45°. */
const TURNS = [45, -45];
/** Chinese characters read at a turn from which the picture is said to hold slanted text. */
const ENOUGH = 4;

/** Whether Chinese that reads nowhere upright reads once the picture is turned by about 45°. */
export async function hasSlantedText(ocr: OcrEngine, png: Buffer): Promise<boolean> {
  for (const turn of TURNS) {
    const turned = await sharp(png).rotate(turn, { background: '#ffffff' }).png().toBuffer();
    const lines = await ocr.readLines(turned);
    if (lines.reduce((sum, line) => sum + countSourceChars(line.text), 0) >= ENOUGH) return true;
  }
  return false;
}
