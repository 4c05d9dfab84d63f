import { TRANSLATE_LIMITS, type TranslatedBlock } from '@chuhai/contract';
import type { TextBlock, TextBox, TextLine } from '../ocr/index.ts';
import { contrastRatio, grow, hex, inpaint, markStrokes, type TextInk } from './erase.ts';
import { coloursApart } from './halo.ts';
import { applyRefill, labelRefill, type Refill } from './label-fill.ts';
import { splitRefill } from './label-split.ts';
import { FULL_WIDTH_TARGETS } from './punctuation.ts';
import { clearRemnants } from './remnants.ts';
import { colourDistance, type RgbImage } from './rgb-image.ts';
import { shareOut } from './share-out.ts';
import { isBusyBlock, smoothFill } from './smooth-fill.ts';
import {
  charactersTouched,
  type LeftStrokes,
  markLeftStrokes,
  type StrokeColours,
  strokeColours,
  strokesLeft,
} from './strokes-left.ts';

/**
 * 图片翻译's erasing, the pixel work between the model's answer and the drawing: each line's strokes
 * marked and its ink read, the lines inpainted or their label refilled, what is left erased once
 * more, and the layers to draw. Plain data in and out, so translate-picture.ts runs it in the pixel
 * pool (pixel-tasks.ts) and a 2000 px picture's seconds of it never hold the event loop.
 */

/** What erasing a round of blocks needs: only plain data, so it runs the same in a pixel worker. */
export interface EraseInput {
  image: { data: Uint8Array; width: number; height: number };
  blocks: TextBlock[];
  /** Each block's translation, in the order of `blocks`. */
  translations: string[];
  /** Text left on purpose, never taken for a line's strokes. */
  kept: TextBox[];
  /** Decorations beside the lines (a subtitle's dashes, dashes.ts): never erased, though next to one. */
  decorations?: TextBox[];
  /** The language the translations are in: Chinese, Japanese and Korean start larger (sizeOf). */
  target?: string;
}

/**
 * Erases the lines of `blocks` from the image: every line's strokes are marked first (reading the
 * image as it was), then filled at once; what is left of them by colour is erased once more, and a
 * line that still keeps some is marked on its layers (`strokesLeft`). Answers the erased pixels
 * (the input's own bytes, changed in place) and the layers to draw, without ids.
 */
export async function eraseBlocks(input: EraseInput) {
  const { blocks, translations, kept } = input;
  const image: RgbImage = {
    data: Buffer.from(input.image.data.buffer, input.image.data.byteOffset, input.image.data.byteLength),
    width: input.image.width,
    height: input.image.height,
  };
  const erase = new Uint8Array(image.width * image.height);
  const lines = blocks.flatMap((block) => block.lines);
  // Every line is read on the picture as it was; the fills under labels are set afterwards.
  const marked = markLines(image, lines, erase, kept);
  const decorations = setAside(image, input.decorations ?? [], erase);
  const colours = new Map(lines.map((line) => [line, strokeColours(image, strokeBox(line, image), kept)]));
  const layers = blocks.map((block, i) =>
    layersOf(
      block,
      block.lines.map((line) => marked.inks.get(line) as TextInk),
      translations[i] ?? block.text,
      input.target,
    ),
  );
  const shielded = shieldLabels(image, marked.refills.values(), erase);
  const spared = shieldKept(image, kept, lines, erase);
  await inpaint(image, erase);
  spared.restore();
  shielded.restore();
  for (const block of marked.blocks) fillBlock(image, block, lines, kept, erase);
  for (const refill of marked.refills.values()) applyRefill(image, refill, erase);
  // A glow's faint last ring is past the strokes' box by up to half the line's thickness (haze.ts).
  // Refilled lines need none of this: their glow went with them, and the page colour around a
  // label would paint the label over.
  for (const line of lines.filter((l) => !marked.refills.has(l))) {
    const thickness = Math.min(line.box.width, line.box.height);
    clearRemnants(image, grow(line.box, Math.max(4, thickness * 0.8), image.width, image.height), erase);
  }
  const left = await eraseLeftStrokes(image, colours, erase, kept, marked.refills);
  putBack(image, decorations, erase);
  return {
    data: input.image.data,
    layers: blocks.flatMap((block, i) => markedLayers(block, layers[i] ?? [], left)),
  };
}

/**
 * Decorations beside the lines (dashes.ts), with a rim for their soft edge, copied and erased with
 * the lines: left in place, the inpainting drew test-2's white dashes out into a smear where the
 * subtitle was. Put back once the lines are erased (putBack).
 */
function setAside(image: RgbImage, boxes: TextBox[], erase: Uint8Array) {
  return boxes.map((box) => {
    const around = grow(box, DECORATION_RIM, image.width, image.height);
    const rows = [];
    for (let y = around.y; y < around.y + around.height; y++) {
      const start = y * image.width + around.x;
      rows.push(Buffer.from(image.data.subarray(start * 3, (start + around.width) * 3)));
      erase.fill(255, start, start + around.width);
    }
    return { box: around, rows };
  });
}

function putBack(image: RgbImage, saved: ReturnType<typeof setAside>, erase: Uint8Array) {
  for (const { box, rows } of saved)
    rows.forEach((row, i) => {
      const start = (box.y + i) * image.width + box.x;
      image.data.set(row, start * 3);
      erase.fill(0, start, start + box.width);
    });
}

/** Pixels around a decoration's box kept with it: its anti-aliased edge. */
const DECORATION_RIM = 2;

/**
 * A label found under a line is no other line's strokes, nor what they are filled from. The white
 * 「可选i7-10870H」 label of alimama train-3 lies in the grown box of the white 「8核芯」 badge above
 * it: marked as the badge's, it was inpainted into a grey smear before its own refill; left as it
 * was, the badge's inpainting pulled its white up into a pale cloud. A label most of which other
 * lines marked is inpainted with them as a whole, letters and edge too, so none of its colours are
 * drawn on, and then given back its own pixels (its letters get their refill after), and its edge
 * where no other line marked it. Only then: where a neighbour's marks reach onto the page around a
 * line (train-4: the gradient pill's under the page of 「游戏 | 办公兼备」, 26% of it), the page is
 * what lies behind them, and without it their inpainting pulled the pill's purple up onto it.
 */
/** Share of a label's fill marked by other lines above which they took it for their strokes (train-3: 58%). */
const TAKEN_LABEL = 0.5;

function shieldLabels(image: RgbImage, refills: Iterable<Refill>, erase: Uint8Array) {
  const givenBack: (() => void)[] = [];
  for (const { label, pixels } of refills) {
    const taken = label ? label.fill.filter((p) => erase[p] === 255).length : 0;
    if (!label || taken < label.fill.length * TAKEN_LABEL) continue;
    givenBack.push(
      savedAsTheyAre(image, [...label.fill, ...label.rim.filter((p) => erase[p] !== 255)], erase),
    );
    for (const p of [...pixels, ...label.fill, ...label.rim]) erase[p] = 255;
  }
  return {
    restore() {
      for (const back of givenBack) back();
    },
  };
}

/**
 * Text kept as it is next to what is inpainted is not filled from either: the inpainting of
 * alimama train-3's 「竞机械师」 pulled the white of the wordmark 「MACHENIKE」 just over it down
 * into grey smudges. Its box (outside the lines being erased) is inpainted with them, then given
 * back its own pixels.
 */
function shieldKept(
  image: RgbImage,
  kept: readonly TextBox[],
  lines: readonly TextLine[],
  erase: Uint8Array,
) {
  const { width } = image;
  const inLine = (x: number, y: number) =>
    lines.some(({ box }) => x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height);
  const givenBack: (() => void)[] = [];
  for (const area of kept) {
    const near = grow(area, 2, image.width, image.height);
    let touched = false;
    for (let y = near.y; y < near.y + near.height && !touched; y++)
      for (let x = near.x; x < near.x + near.width && !touched; x++) touched = erase[y * width + x] === 255;
    if (!touched) continue;
    const at: number[] = [];
    const inside = grow(area, 0, image.width, image.height);
    for (let y = inside.y; y < inside.y + inside.height; y++)
      for (let x = inside.x; x < inside.x + inside.width; x++)
        if (!inLine(x, y) && erase[y * width + x] !== 255) at.push(y * width + x);
    givenBack.push(savedAsTheyAre(image, at, erase));
    for (const p of at) erase[p] = 255;
  }
  return {
    restore() {
      for (const back of givenBack) back();
    },
  };
}

/**
 * Puts `at`'s pixels back as they are now, and out of `erase`, when called: the shields above let
 * a label or kept text be inpainted with the lines around it, so none of its colours are drawn
 * on, and then take it back.
 */
function savedAsTheyAre(image: RgbImage, at: readonly number[], erase: Uint8Array) {
  // A copy: a Buffer's slice is a view of the pixels the inpainting is about to change.
  const rgb = at.map((p) => Uint8Array.from(image.data.subarray(p * 3, p * 3 + 3)));
  return () =>
    at.forEach((p, n) => {
      image.data.set(rgb[n] as Uint8Array, p * 3);
      erase[p] = 0;
    });
}

/** A line set in a column (taller than 1.6× its width, more than one character): vertical text. */
const isColumn = (box: TextBox, text: string) => box.height > box.width * 1.6 && [...text.trim()].length > 1;

/**
 * The size a line's translation starts from. A detected line's box has about a fifth of padding
 * around the characters; a column's characters are as wide as the column, so its width sets the
 * size (its height would give letters a column high). The translation is then laid out upright in
 * the column's area, a word or two a line, never a letter a line.
 */
const sizeOf = (box: TextBox, text: string, target = '') =>
  Math.max(
    9,
    Math.round((isColumn(box, text) ? box.width : box.height) * (FULL_EM_SCRIPTS.has(target) ? 1.05 : 0.72)),
  );

/**
 * Languages whose characters fill their em square as the original's Han do: a translation into
 * Traditional Chinese drawn at a Latin size came out at two thirds of the original (「很美」 67×32
 * in a 109×56 box). Measured with the bundled OCR on Noto Sans SC: a line drawn at S px reads as a
 * box 0.85–1.2 × S high.
 */
const FULL_EM_SCRIPTS = FULL_WIDTH_TARGETS;

/** A line's box as erasing reads it: grown past its strokes, so the box's edge is what is around them. */
const strokeBox = (line: TextLine, image: RgbImage) =>
  grow(line.box, Math.max(2, Math.min(line.box.height, line.box.width) * 0.18), image.width, image.height);

/**
 * The editable layers of one translated block, its lines erased. When the translation has as many
 * lines as the original, each line is a layer of its own with its own size, colour and weight (a
 * heading over two selling points keeps its hierarchy); otherwise the block is one layer, in the
 * style of its first line.
 */
function layersOf(
  block: TextBlock,
  inks: TextInk[],
  translation: string,
  target?: string,
): Omit<TranslatedBlock, 'id'>[] {
  const lines = translation.split('\n').map((line) => line.trim());
  const layer = (source: string, text: string, box: TextBox, from: TextLine[], ink: TextInk) => ({
    source,
    text,
    box,
    fontSize: Math.min(...from.map((line) => sizeOf(line.box, line.text, target))),
    color: ink.color,
    bold: ink.bold,
    align: block.align,
    hidden: false,
    overflow: false,
    // Undecided (absent) unless the original had one: the first drawing adds one if it must.
    ...(ink.outline ? { outline: ink.outline } : {}),
    ...(ink.slant ? { slant: ink.slant } : {}),
  });
  const plain: TextInk = { color: '#1f1f1f', bold: false, outline: null };
  // A heading over its selling points whose translation came back with other line breaks is
  // still a heading and selling points: the words are shared out over the original's lines.
  const perLine =
    block.lines.length > 1 && lines.length === block.lines.length && lines.every(Boolean)
      ? lines
      : stylesDiffer(block.lines, inks)
        ? shareOut(
            translation,
            block.lines.map((line) => [...line.text].length),
          )
        : null;
  if (perLine)
    return block.lines.map((line, i) =>
      layer(line.text, perLine[i] as string, line.box, [line], inks[i] ?? plain),
    );
  const first = inks[0] ?? plain;
  const ink = { ...first, bold: inks.filter((x) => x.bold).length * 2 >= inks.length };
  return [layer(block.text, translation, block.box, block.lines, ink)];
}

/** Whether a block's lines were set in different styles: size (over 15% apart), colour or weight. */
function stylesDiffer(lines: TextLine[], inks: TextInk[]): boolean {
  if (lines.length < 2 || inks.length !== lines.length) return false;
  const sizes = lines.map((line) => sizeOf(line.box, line.text));
  const [small, large] = [Math.min(...sizes), Math.max(...sizes)];
  return large > small * 1.15 || new Set(inks.map((ink) => `${ink.color}${ink.bold}`)).size > 1;
}

/**
 * Each line's ink, and how it is erased: on a designed fill (a label, a banner, a flat page) by
 * refilling the fill (label-fill.ts), elsewhere by marking its strokes in `erase` for inpainting.
 */
function markLines(image: RgbImage, lines: TextLine[], erase: Uint8Array, kept: readonly TextBox[]) {
  const inks = new Map<TextLine, TextInk>();
  const refills = new Map<TextLine, Refill>();
  const blocks: MarkedBlock[] = [];
  const scratch = new Uint8Array(image.width * image.height);
  for (const line of lines) {
    // What lies in another line's box is that line's to erase (its letters, the pill it is on).
    // Text kept as it is beside the line is no more the line's than another line is.
    const others = [...lines.filter((other) => other !== line).map((other) => other.box), ...kept];
    const box = strokeBox(line, image);
    const read = markStrokes(image, box, scratch);
    spareKept(scratch, image, kept, line.box);
    const inked = (pixel: number) => scratch[pixel] === 255;
    // Across two fills, each piece on its own; else on the one fill around the whole line.
    const around = {
      others,
      kept,
      ink: rgbOf(read.color),
      outline: read.outline && rgbOf(read.outline.color),
    };
    const refill =
      splitRefill(image, line.box, box, inked) ??
      withOutline(line.box, read, box, (letters) => labelRefill(image, letters, box, inked, {}, around));
    if (refill) refills.set(line, refill);
    // The colour may be the label's reading; the lean is only ever the letters'.
    const ink = refill ? inkOnLabel(read, refill) : read;
    inks.set(line, read.slant ? { ...ink, slant: read.slant } : ink);
    // A glow is followed past the box by up to half the line's thickness (haze.ts).
    const reach = grow(box, Math.min(box.width, box.height), image.width, image.height);
    if (!refill && isBusyBlock(image, line.box, box, inked, others))
      blocks.push(blockOf(line, reach, scratch, image));
    for (let y = reach.y; y < reach.y + reach.height; y++)
      for (let x = reach.x, i = y * image.width + x; x < reach.x + reach.width; x++, i++)
        if (scratch[i]) {
          if (!refill) erase[i] = 255;
          scratch[i] = 0;
        }
  }
  return { inks, refills, blocks };
}

/** A line whose marks are a block on a busy picture (smooth-fill.ts): where they are. */
interface MarkedBlock {
  line: TextLine;
  /** Where the marks may lie: the line's grown box, reached past by a glow. */
  reach: TextBox;
  /** Image pixel indices of the marks. */
  pixels: Int32Array;
}

function blockOf(line: TextLine, reach: TextBox, marks: Uint8Array, image: RgbImage): MarkedBlock {
  const pixels: number[] = [];
  for (let y = reach.y; y < reach.y + reach.height; y++)
    for (let x = reach.x, i = y * image.width + x; x < reach.x + reach.width; x++, i++)
      if (marks[i]) pixels.push(i);
  return { line, reach, pixels: Int32Array.from(pixels) };
}

/**
 * Fills a block of marks with the smooth field of what is around it, not with its inpainting
 * (smooth-fill.ts). Neither what lies in another line's box (its letters, the pill it is on: that
 * line's own erase sees to it) nor kept text is filled or filled from.
 */
function fillBlock(
  image: RgbImage,
  { line, reach, pixels }: MarkedBlock,
  lines: readonly TextLine[],
  kept: readonly TextBox[],
  erase: Uint8Array,
) {
  const { width } = image;
  const others = [...lines.filter((other) => other !== line).map((other) => other.box), ...kept];
  const elsewhere = (i: number) => {
    const x = i % width;
    const y = (i - x) / width;
    return others.some((b) => x >= b.x && y >= b.y && x < b.x + b.width && y < b.y + b.height);
  };
  const own = new Set(pixels);
  const thickness = Math.min(line.box.width, line.box.height);
  const window = grow(reach, thickness / 2, width, image.height);
  smoothFill(
    image,
    window,
    (i) => own.has(i) && !elsewhere(i),
    (i) => erase[i] !== 255 && !elsewhere(i),
  );
}

/**
 * Clears from `marks` what lies in text kept as it is (`kept`) outside the line's own box: the box
 * grown past the strokes, and a glow followed past that, reach the text beside the line. alimama
 * train-3's Latin wordmark 「MACHENIKE」 5 px over the white brand line 「竞机械师」 was marked as
 * its white strokes and inpainted into a smudge.
 */
function spareKept(marks: Uint8Array, image: RgbImage, kept: readonly TextBox[], own: TextBox) {
  for (const area of kept) {
    const x0 = Math.max(0, area.x);
    const x1 = Math.min(image.width, area.x + area.width);
    for (let y = Math.max(0, area.y); y < Math.min(image.height, area.y + area.height); y++)
      for (let x = x0; x < x1; x++)
        if (x < own.x || x >= own.x + own.width || y < own.y || y >= own.y + own.height)
          marks[y * image.width + x] = 0;
  }
}

/**
 * The refill of a line whose letters have an outline (`refillOf` a box of letters), taken on the
 * line's box grown by the outline, with its anti-aliased edge (within `box`, the box the strokes
 * were read in): the detector boxes the letters, the outline runs past them, and the refill takes
 * the ink reading's marks between the line's box and the grown one for a frame's. The outer rim of
 * the 6 px white outline of alimama valid-2's 「对不起豆浆机」 stayed as white fragments above and
 * beside the English. Only where the grown box lies on the same fill: an "outline" that is the
 * label around a tight box (taobao4's red box around the white 「原版正品」 box) would have the
 * white box refilled red.
 */
function withOutline(
  line: TextBox,
  read: TextInk,
  box: TextBox,
  refillOf: (letters: TextBox) => Refill | null,
): Refill | null {
  const tight = refillOf(line);
  // A fill of the outline's own colour is no page the outline is drawn on but the label the letters
  // are printed on (a red banner that closes in white letters): nothing of theirs lies past it.
  if (!read.outline || !tight || colourDistance(tight.fill, rgbOf(read.outline.color)) <= OUTLINE_FILL)
    return tight;
  const reach = read.outline.width + 2;
  const x = Math.max(box.x, line.x - reach);
  const y = Math.max(box.y, line.y - reach);
  const right = Math.min(box.x + box.width, line.x + line.width + reach);
  const bottom = Math.min(box.y + box.height, line.y + line.height + reach);
  const outlined = refillOf({ x, y, width: right - x, height: bottom - y });
  return outlined && colourDistance(outlined.fill, tight.fill) <= SAME_FILL ? outlined : tight;
}

/** Two refills' fills this close (RGB distance, at the line's middle) are the same fill. */
const SAME_FILL = 16;
/** A fill this close to the outline's colour (RGB distance) is the outline's. */
const OUTLINE_FILL = 36;

/**
 * The ink of a line on a label, told against the label's own fill: the ink reading takes what
 * touches its box's edge for the background, and around red letters in a tight white box that
 * is the red box outside it, so the letters were read white and drawn back white with a black
 * outline on the white box. A reading that does not stand out from the fill gives way to the
 * colour the letters have where they stand farthest off it.
 */
export function inkOnLabel(read: TextInk, refill: Refill): TextInk {
  // On a label behind something, the reading may be of what is in front (label-behind.ts).
  if (refill.behind && refill.ink) return { color: hex(refill.ink), bold: read.bold, outline: null };
  // An "outline" of the label's own colour may be the label: a small label tight around its
  // letters (alimama train-3's white 「可选i7-10870H」 on a blue picture) was read as pale-blue
  // letters in a white outline, their dark strokes blurred with the white between them. The
  // letters are then the colour that stands out more from the label: the refill's reading. A
  // reading that stands out more (taobao4's white words in a dark-red glow on a red banner) stays.
  const labelRead =
    read.outline !== null && colourDistance(rgbOf(read.outline.color), refill.fill) <= OUTLINE_FILL;
  if (
    refill.ink &&
    labelRead &&
    contrastRatio(refill.ink, refill.fill) > contrastRatio(rgbOf(read.color), refill.fill)
  )
    return { color: hex(refill.ink), bold: read.bold, outline: null };
  // The letters' colour, not their outline's: white letters outlined dark read on any fill.
  if (!refill.ink || contrastRatio(rgbOf(read.color), refill.fill) >= LABEL_CONTRAST) return read;
  // Letters in an outline of their own, of a colour apart from the fill's, were read as designed:
  // the refill's colour off the fill is then mostly the outline's. alimama valid-2's orange
  // 「降价了!!」 in a thick white outline on a beige page (1.8:1 by luminance) was drawn back
  // white with no outline, and given a black one to read.
  if (read.outline && coloursApart(rgbOf(read.color), refill.fill)) return read;
  return { color: hex(refill.ink), bold: read.bold, outline: null };
}

/** An ink reading whose colour stands out from the label at least this much is kept. */
const LABEL_CONTRAST = 1.8;

const rgbOf = (color: string) => [1, 3, 5].map((at) => Number.parseInt(color.slice(at, at + 2), 16));

/**
 * The lines whose strokes are still on `image` after erasing, told by colour (strokes-left.ts):
 * those are erased once more, marked by their colours (a colour the ink's reading missed), and
 * whatever is still left then is returned, line by line. A refilled line (`refilled`) is only
 * checked: inpainting next to a label would pull the page's colour onto it, so what its refill
 * left is said, not smeared (a letter's piece joined to the label's frame stays with the frame).
 */
async function eraseLeftStrokes(
  image: RgbImage,
  colours: Map<TextLine, StrokeColours | null>,
  erased: Uint8Array,
  kept: TextBox[],
  refilled: ReadonlyMap<TextLine, Refill>,
): Promise<Map<TextLine, LeftStrokes>> {
  const read = [...colours].filter((entry): entry is [TextLine, StrokeColours] => entry[1] !== null);
  const left = new Map<TextLine, LeftStrokes>();
  const failing: [TextLine, StrokeColours][] = [];
  // Lines drawn on a label that its refill left as they are (a medallion's ring) are no strokes left.
  const drawn = new Uint8Array(image.width * image.height);
  for (const refill of refilled.values()) for (const p of refill.drawn ?? []) drawn[p] = 1;
  for (const [line, r] of read) {
    const still = strokesLeft(image, r, erased, kept, drawn);
    if (!still) continue;
    if (refilled.has(line)) left.set(line, still);
    else failing.push([line, r]);
  }
  if (failing.length === 0) return left;
  const again = new Uint8Array(image.width * image.height);
  for (const [, r] of failing) markLeftStrokes(image, r, erased, again, kept);
  await inpaint(image, again);
  for (let i = 0; i < again.length; i++) if (again[i]) erased[i] = 255;
  for (const [line, r] of failing) {
    const still = strokesLeft(image, r, erased, kept, drawn);
    if (still) left.set(line, still);
  }
  return left;
}

/** A block's layers with the strokes its lines kept: each line's on its own layer, or all on the one. */
function markedLayers(
  block: TextBlock,
  layers: Omit<TranslatedBlock, 'id'>[],
  left: Map<TextLine, LeftStrokes>,
): Omit<TranslatedBlock, 'id'>[] {
  const of = (lines: TextLine[]) => {
    const found = lines.flatMap((line) => {
      const strokes = left.get(line);
      return strokes ? [{ count: charactersTouched(line, strokes.box), box: strokes.box }] : [];
    });
    if (found.length === 0) return {};
    // Within the contract's bounds: a paragraph of many failing lines says its first 20 places.
    const count = Math.min(
      TRANSLATE_LIMITS.blockText,
      found.reduce((sum, f) => sum + f.count, 0),
    );
    return { strokesLeft: { count, boxes: found.slice(0, 20).map((f) => f.box) } };
  };
  if (layers.length > 1 && layers.length === block.lines.length)
    return layers.map((layer, i) => ({ ...layer, ...of([block.lines[i] as TextLine]) }));
  return layers.map((layer) => ({ ...layer, ...of(block.lines) }));
}
