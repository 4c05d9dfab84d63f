import sharp from 'sharp';
import type { TextBox } from '../ocr/index.ts';
import { fontsFor } from './fonts.ts';

/** One block to draw: the text fitted into its box. */
export interface DrawnBlock {
  text: string;
  box: TextBox;
  /** The size to start from (px); the text shrinks from it until it fits. */
  fontSize: number;
  color: string;
  bold: boolean;
  align: 'left' | 'center' | 'right';
}

export interface FittedBlock {
  fontSize: number;
  overflow: boolean;
  /** The rendered text (RGBA PNG) and where it goes. */
  png: Buffer;
  left: number;
  top: number;
}

/** The smallest a block shrinks to, against its starting size (and never under MIN_SIZE px). */
const MIN_SCALE = 0.5;
const MIN_SIZE = 9;
/** Text may run this much past its box's height before it counts as overflowing (descenders, a tight OCR box). */
const HEIGHT_SLACK = 1.2;

const escapeMarkup = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

async function renderText(block: DrawnBlock, language: string, size: number) {
  const fonts = fontsFor(language);
  const face = block.bold ? fonts.bold : fonts.regular;
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${block.color}">${escapeMarkup(block.text)}</span>`,
      font: `${face.family}${block.bold ? ' Bold' : ''} ${size}`,
      fontfile: face.file,
      width: Math.max(1, block.box.width),
      align: block.align,
      wrap: 'word-char',
      rgba: true,
      // 72 dpi: the size in the font description is in pixels.
      dpi: 72,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/**
 * The largest size, from the block's own down to half of it, at which its text fits its box
 * (wrapped to the box's width); a binary search, since each try renders the text once.
 */
export async function fitBlock(block: DrawnBlock, language: string): Promise<FittedBlock> {
  const fits = (r: { width: number; height: number }) =>
    r.width <= block.box.width + 1 && r.height <= block.box.height * HEIGHT_SLACK;
  let high = Math.max(MIN_SIZE, Math.round(block.fontSize));
  let low = Math.max(MIN_SIZE, Math.round(block.fontSize * MIN_SCALE));
  let best = await renderText(block, language, high);
  let size = high;
  if (!fits(best)) {
    const smallest = await renderText(block, language, low);
    if (!fits(smallest)) return place(block, smallest, low, true);
    best = smallest;
    size = low;
    // low fits, high does not: find the largest that fits in between.
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      const tried = await renderText(block, language, middle);
      if (fits(tried)) {
        low = middle;
        best = tried;
        size = middle;
      } else high = middle;
    }
  }
  return place(block, best, size, false);
}

/** Where a rendered block goes: aligned in its box horizontally, centred vertically. */
function place(
  block: DrawnBlock,
  rendered: { png: Buffer; width: number; height: number },
  fontSize: number,
  overflow: boolean,
): FittedBlock {
  const spare = block.box.width - rendered.width;
  const dx = block.align === 'left' ? 0 : block.align === 'right' ? spare : Math.round(spare / 2);
  const dy = Math.round((block.box.height - rendered.height) / 2);
  return {
    png: rendered.png,
    fontSize,
    overflow,
    left: Math.max(0, block.box.x + Math.max(0, dx)),
    top: Math.max(0, block.box.y + dy),
  };
}

/** Draws the fitted blocks on `background` (any image sharp reads); returns a PNG. */
export async function drawBlocks(background: Buffer, fitted: FittedBlock[]): Promise<Buffer> {
  const meta = await sharp(background).metadata();
  const inside = fitted.map((block) => ({
    input: block.png,
    left: Math.min(block.left, (meta.width ?? 1) - 1),
    top: Math.min(block.top, (meta.height ?? 1) - 1),
  }));
  // A block that runs past the image's edge is cut there (composite refuses overlays that stick out).
  const clipped = await Promise.all(
    inside.map(async (overlay) => {
      const info = await sharp(overlay.input).metadata();
      const width = Math.min(info.width ?? 1, (meta.width ?? 1) - overlay.left);
      const height = Math.min(info.height ?? 1, (meta.height ?? 1) - overlay.top);
      if (width === info.width && height === info.height) return overlay;
      return {
        ...overlay,
        input: await sharp(overlay.input).extract({ left: 0, top: 0, width, height }).png().toBuffer(),
      };
    }),
  );
  return sharp(background).composite(clipped).png().toBuffer();
}
