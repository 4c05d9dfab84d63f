/**
 * Reading back the small scenes 图片翻译's tests draw (a label, a pill, a poster's bar with words
 * written on it by chinese-text.ts): their raw pixels, where the words' ink lies and the box a
 * text detector would give it, the one-line block the eraser is handed, and how far pixels are
 * from a colour. Each test keeps its own scene; these are the measures they share.
 */
import sharp from 'sharp';
import type { TextBlock, TextBox } from '../../src/imaging/ocr/index.ts';
import type { RgbImage } from '../../src/imaging/text/rgb-image.ts';
import { type Writing, writeChinese } from './chinese-text.ts';

/** A picture's pixels as raw RGB, alpha dropped. */
export async function rgbPixels(bytes: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Inclusive pixel bounds of a picture's ink. */
export interface InkBounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Where the writings' letters (with any outline, shadow or glow) put ink on a `width` × `height`
 * picture: written white on black, each pixel brighter than 100 counted.
 */
export async function inkBounds(writings: Writing[], width: number, height: number): Promise<InkBounds> {
  const black = sharp({ create: { width, height, channels: 3, background: '#000' } });
  const white = writings.map((writing) => ({ ...writing, color: '#ffffff' }));
  const glyphs = await rgbPixels(await writeChinese(black, white));
  let [x0, y0, x1, y1] = [width, height, 0, 0];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if ((glyphs.data[(y * width + x) * 3] as number) > 100)
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  return { x0, y0, x1, y1 };
}

/** The writings' box as a text detector finds it: their ink, padded by a fifth of its height. */
export async function detectedBox(writings: Writing[], width: number, height: number): Promise<TextBox> {
  const { x0, y0, x1, y1 } = await inkBounds(writings, width, height);
  const pad = Math.round((y1 - y0) * 0.2);
  return { x: x0 - pad, y: y0 - pad, width: x1 - x0 + 2 * pad, height: y1 - y0 + 2 * pad };
}

/** A block of one line read in `box`, as OCR hands the eraser a single line of text. */
export const oneLineBlock = (text: string, box: TextBox): TextBlock => ({
  lines: [{ text, box, score: 0.95 }],
  box,
  text,
  align: 'center',
  lineHeight: box.height,
});

/** RGB distance between the pixels at byte offset `i` of two raw pictures of one size. */
export const pixelDistance = (a: Uint8Array, b: Uint8Array, i: number) =>
  Math.hypot(
    (a[i] as number) - (b[i] as number),
    (a[i + 1] as number) - (b[i + 1] as number),
    (a[i + 2] as number) - (b[i + 2] as number),
  );

/** Pixels of `area` on `png` farther than `tolerance` (RGB distance) from `rgb`. */
export async function offColour(png: Buffer, area: TextBox, rgb: number[], tolerance = 24) {
  const { data, width } = await rgbPixels(png);
  let off = 0;
  for (let y = area.y; y < area.y + area.height; y++)
    for (let x = area.x; x < area.x + area.width; x++) {
      const i = (y * width + x) * 3;
      if (Math.hypot(...[0, 1, 2].map((c) => (data[i + c] as number) - (rgb[c] as number))) > tolerance)
        off += 1;
    }
  return off;
}
