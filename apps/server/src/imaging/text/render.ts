import sharp from 'sharp';
import type { TextBox } from '../ocr/index.ts';
import { fontDescription, fontsFor, registerFallbacks } from './fonts.ts';
import { withThaiWordBreaks } from './line-breaks.ts';
import { outlined } from './outline.ts';

/** One block to draw: the text fitted into its box. */
export interface DrawnBlock {
  text: string;
  box: TextBox;
  /** Free space around the box the text may grow into when it does not fit the box itself. */
  room?: TextBox;
  /** The size to start from (px); the text shrinks from it until it fits. */
  fontSize: number;
  color: string;
  bold: boolean;
  align: 'left' | 'center' | 'right';
  /** Drawn around the letters, `width` px wide, under them. */
  outline?: { color: string; width: number } | null;
  /**
   * On a pill or a tag (layout.ts): one line, condensed if need be, unless wrapping draws the
   * text larger. alimama valid-1's wide 「立即抢购」 button took its translation as two 10 px lines
   * where the original is one large line.
   */
  oneLine?: boolean;
  /** Sheared by this many degrees, leaning right where positive: the original's slanted letters (slant.ts). */
  slant?: number;
}

export interface FittedBlock {
  fontSize: number;
  overflow: boolean;
  /** The rendered text (RGBA PNG) and where it goes. */
  png: Buffer;
  left: number;
  top: number;
  width: number;
  height: number;
  /** How wide the letters were drawn against their font: 1, or a CONDENSED share (the PSD's horizontal scale). */
  scale: number;
}

/** The smallest a block shrinks to, against its starting size (and never under MIN_SIZE px). */
const MIN_SCALE = 0.5;
const MIN_SIZE = 9;
/** Text may run this much past its box's height before it counts as overflowing (descenders, a tight OCR box). */
export const HEIGHT_SLACK = 1.2;

/**
 * The text as it can be drawn: control characters (no glyph; a NUL ends Pango's string) and lone
 * surrogate halves (not UTF-8) dropped. Line breaks stay.
 */
export const drawableText = (text: string) =>
  text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/(?!\n)\p{Cc}/gu, '');

const escapeMarkup = (text: string) =>
  drawableText(text).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

async function renderText(block: DrawnBlock, language: string, size: number) {
  const fonts = fontsFor(language, block.text);
  const face = block.bold ? fonts.bold : fonts.regular;
  await registerFallbacks(face);
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${block.color}">${escapeMarkup(withThaiWordBreaks(block.text))}</span>`,
      font: fontDescription(face, block.bold, size),
      fontfile: face.file,
      width: Math.max(1, block.box.width),
      align: block.align,
      // Only at spaces (and between CJK characters): a word too wide shrinks the text instead of
      // being broken with a hyphen inside it (「Limit-ed」 in a box that fits it whole a size smaller).
      wrap: 'word',
      rgba: true,
      // 72 dpi: the size in the font description is in pixels.
      dpi: 72,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  const letters = block.slant
    ? await sheared(data, block.slant)
    : { png: data, width: info.width, height: info.height };
  if (block.outline) return outlined(letters.png, block.outline);
  return letters;
}

/**
 * Letters leaning by `degrees` (right where positive), as slanted type would: their bottom row
 * stays, each row above moves over by its height times the angle's tangent. A shear, not a font's
 * italic: the bundled fonts have none, and the lean is the original's own angle. Sheared before the
 * outline is drawn around them, so the outline keeps its width. Its width includes the lean, so
 * fitting a box counts it.
 */
async function sheared(png: Buffer, degrees: number) {
  const run = Math.tan((degrees * Math.PI) / 180);
  const { data, info } = await sharp(png)
    .affine([1, -run, 0, 1], { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/** The first size range tried: a translation keeps at least this share of the original size if it can. */
const SHRINK_IN_BOX = 0.75;

/**
 * The least room text can take: no glyph is narrower than a quarter of the size (i, l, a space in
 * Noto Sans) and no line shorter than the size. Text needing more than its box even by this cannot
 * fit, and is not rendered to find out: a long text at a large size is the costliest render there is.
 */
const NARROWEST_ADVANCE = 0.25;
export const leastTextArea = (text: string, size: number) =>
  [...text].length * NARROWEST_ADVANCE * size * size;

/** A block's text that cannot be drawn at all: too large for a picture (Cairo's surfaces stop at 32767 px). */
export class TextTooLargeError extends Error {}

/** A rendering at most this many times its size high is one line (Noto's lines are 1.4 em apart). */
const ONE_LINE = 2;

/** The text being fitted: its block, drawn in `language`. */
interface Words {
  block: DrawnBlock;
  language: string;
}

/** The sizes a fit tries, in px from `low` to `high`, and whether the text must stay on one line. */
interface Sizes {
  low: number;
  high: number;
  oneLine?: boolean;
}

/**
 * The largest size in [low, high] at which the text fits `box` (on one line when `oneLine`), or
 * null; a binary search (each try renders once).
 */
async function largestFitting({ block, language }: Words, box: TextBox, { low, high, oneLine }: Sizes) {
  const tryAt = async (size: number) => {
    if (leastTextArea(block.text, size) > box.width * box.height * HEIGHT_SLACK) return null;
    const rendered = await renderText({ ...block, box }, language, size).catch(() => null);
    if (!rendered || (oneLine && rendered.height > size * ONE_LINE)) return null;
    return rendered.width <= box.width + 1 && rendered.height <= box.height * HEIGHT_SLACK ? rendered : null;
  };
  const top = await tryAt(high);
  if (top) return { rendered: top, size: high, scale: 1 };
  let best = await tryAt(low);
  if (!best) return null;
  let size = low;
  let from = low;
  let to = high;
  while (to - from > 1) {
    const middle = Math.floor((from + to) / 2);
    const tried = await tryAt(middle);
    if (tried) {
      from = middle;
      best = tried;
      size = middle;
    } else to = middle;
  }
  return { rendered: best, size, scale: 1 };
}

/**
 * The size and place of a block's text: as large as it fits, from its own size down to
 * SHRINK_IN_BOX, in its box and the free space around it (a longer translation runs wider before it
 * wraps or shrinks), in its own height (lines) first; then down to half its size; then condensed
 * (CONDENSED); past that at half size, flagged as overflowing (on one condensed line where its
 * wrapped lines would run past the room's bottom).
 */
export async function fitBlock(block: DrawnBlock, language: string): Promise<FittedBlock> {
  const start = Math.max(MIN_SIZE, Math.round(block.fontSize));
  const room = block.room ?? block.box;
  const near = Math.max(MIN_SIZE, Math.round(start * SHRINK_IN_BOX));
  const low = Math.max(MIN_SIZE, Math.round(start * MIN_SCALE));
  // As many lines as the original first, a little smaller if need be: a heading wrapped to two
  // lines at full size ran its second line onto the pill under it (alimama's train-18).
  const asPrinted = { ...room, height: Math.min(room.height, block.box.height) };
  const words = { block, language };
  const fitted =
    (await largestFitting(words, asPrinted, { low: near, high: start })) ??
    (await largestFitting(words, room, { low: near, high: start })) ??
    (await smallerFitting(words, { room, asPrinted }, { low, near, start }));
  if (fitted) return place(block, room, fitted.rendered, fitted.size, false, fitted.scale);
  const tooBig = (error: Error) => {
    throw /too big/i.test(error.message) ? new TextTooLargeError(error.message) : error;
  };
  const overflowing = await renderText({ ...block, box: room }, language, low).catch(tooBig);
  if (overflowing.height <= room.height * HEIGHT_SLACK) return place(block, room, overflowing, low, true, 1);
  // Wrapped to the room's width, its lines ran down over the block below it (RapidOCR ch_en_num's
  // 「日常价」 over 「10.0起」's translation): one line, condensed, runs sideways instead.
  const wide = { ...room, width: Math.min(MAX_LINE, [...block.text].length * low * 2) };
  const line = await renderText({ ...block, box: wide }, language, low).catch(tooBig);
  const scale = CONDENSED.at(-1) as number;
  const narrow = Math.max(1, Math.round(line.width * scale));
  const png = await sharp(line.png).resize(narrow, line.height, { fit: 'fill' }).png().toBuffer();
  const placed = place(block, room, { png, width: narrow, height: line.height }, low, true, scale);
  // Its bottom kept to the room's, where the block below begins: the line moves up, not onto it.
  const bottom = Math.round(room.y + room.height);
  return { ...placed, top: Math.max(0, Math.min(placed.top, bottom - line.height)) };
}

/**
 * The text's fit below SHRINK_IN_BOX: wrapped in `room` down to `low`, else condensed; on a pill
 * (`oneLine`), one line (condensed if need be) where that is no smaller than the wrapped lines.
 */
async function smallerFitting(
  words: Words,
  { room, asPrinted }: { room: TextBox; asPrinted: TextBox },
  { low, near, start }: { low: number; near: number; start: number },
) {
  const wrapped = await largestFitting(words, room, { low, high: near });
  const condensed = (box: TextBox, oneLine?: boolean) =>
    condensedFitting(words, box, { low, high: start, oneLine });
  if (!words.block.oneLine) return wrapped ?? (await condensed(room));
  const line =
    (await largestFitting(words, asPrinted, { low, high: near, oneLine: true })) ??
    (await condensed(asPrinted, true));
  if (line && (!wrapped || line.size >= wrapped.size)) return line;
  return wrapped ?? (await condensed(room));
}

/** The widest one line of overflowing text is laid out in (Cairo's surfaces stop at 32767 px). */
const MAX_LINE = 32000;

/**
 * Horizontal scales tried, in turn, on text that fits nowhere at its least size: a designer
 * squeezes the letters before they run off the label. taobao4's 75 × 19 white 「原版正品」 box took
 * a three-word translation only as two 9 px lines running off it, onto the red box around it.
 */
const CONDENSED = [0.85, 0.75];

/**
 * The largest size in [low, high] at which the text, condensed, fits `box`, or null. Up to the
 * starting size: fitted again from the size it ended at (重新生成 and 下载 PSD start from the size
 * the editor got back), it ends there too.
 */
async function condensedFitting(words: Words, box: TextBox, sizes: Sizes) {
  for (const scale of CONDENSED) {
    // Laid out in a box as much wider as the letters are narrower, then squeezed into `box`.
    const wide = { ...box, width: Math.floor(box.width / scale) };
    const fitted = await largestFitting(words, wide, sizes);
    if (!fitted) continue;
    const { width, height } = fitted.rendered;
    const narrow = Math.max(1, Math.min(box.width, Math.round(width * scale)));
    const png = await sharp(fitted.rendered.png).resize(narrow, height, { fit: 'fill' }).png().toBuffer();
    return { rendered: { png, width: narrow, height }, size: fitted.size, scale };
  }
  return null;
}

/** Where a rendered block goes: aligned in its box horizontally, centred vertically. */
function place(
  block: DrawnBlock,
  box: TextBox,
  rendered: { png: Buffer; width: number; height: number },
  fontSize: number,
  overflow: boolean,
  scale: number,
): FittedBlock {
  // An outline sticks out of the letters' box by its width on every side.
  const inset = block.outline?.width ?? 0;
  const spare = box.width - (rendered.width - 2 * inset);
  const dx = block.align === 'left' ? 0 : block.align === 'right' ? spare : Math.round(spare / 2);
  // Text no taller than the original box is centred on it; taller text starts at the box's top.
  const textHeight = rendered.height - 2 * inset;
  const dy = textHeight <= block.box.height ? Math.round((block.box.height - textHeight) / 2) : 0;
  return {
    png: rendered.png,
    fontSize,
    overflow,
    scale,
    left: Math.max(0, box.x + Math.max(0, dx) - inset),
    top: Math.max(0, block.box.y + dy - inset),
    width: rendered.width,
    height: rendered.height,
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
