/** What OCR finds: boxes, lines and the blocks they form (shared by every file of imaging/ocr). */

/** A rectangle in the pixels of the image as shown (after its EXIF orientation). */
export interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One line of text as the detector found it and the recogniser read it. */
export interface TextLine {
  text: string;
  box: TextBox;
  /** The recogniser's mean character probability, 0–1. */
  score: number;
}

/** Lines a designer laid out together: a paragraph, a bullet list item, a badge. */
export interface TextBlock {
  /** Top to bottom. */
  lines: TextLine[];
  /** The smallest box holding every line. */
  box: TextBox;
  /** The lines' text joined with '\n'. */
  text: string;
  align: 'left' | 'center' | 'right';
  /** Pixels from one line's top to the next one's (mean); a single line's box height. */
  lineHeight: number;
}
