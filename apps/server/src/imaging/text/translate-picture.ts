import { ResultCode, TRANSLATE_LIMITS, type TranslatedBlock, type TranslateResult } from '@chuhai/contract';
import sharp from 'sharp';
import { AppError } from '../../http/app-error.ts';
import {
  bareText,
  countLeftover,
  countSourceChars,
  groupIntoBlocks,
  type OcrEngine,
  type TextBlock,
  type TextBox,
  type TextLine,
} from '../ocr/index.ts';
import { contrastRatio, grow, hex, inpaint, markStrokes, type TextInk } from './erase.ts';
import { haloFor, needsHalo } from './halo.ts';
import { applyRefill, labelRefill, type Refill } from './label-fill.ts';
import { splitRefill } from './label-split.ts';
import { layoutOf, oneWeightPerList, siblings } from './layout.ts';
import { type Legibility, legibilityOf } from './legibility.ts';
import { isShopMark, productPrint } from './product-print.ts';
import { matteInput, type ProductMatte, productArea } from './product-text.ts';
import { clearRemnants } from './remnants.ts';
import { drawableText, drawBlocks, type FittedBlock, fitBlock, TextTooLargeError } from './render.ts';
import type { RgbImage } from './rgb-image.ts';
import { shareOut } from './share-out.ts';
import {
  charactersTouched,
  type LeftStrokes,
  markLeftStrokes,
  type StrokeColours,
  strokeColours,
  strokesLeft,
  withStrokesLeft,
} from './strokes-left.ts';
import { hasSlantedText } from './tilt.ts';

/**
 * 图片翻译's pipeline, the provider aside: find the text (OCR) and the product (matting, when asked),
 * have `translate` put the blocks to be translated into the target language, erase them, draw the
 * translations in their place, and read the result again for source-language text left behind.
 * 智能做图, 批量处理 and the benchmark (bench/image-translate.ts, with a translator of its own) all
 * run this.
 */

/** The long side an image is worked on at: OCR and drawing stay fast, and marketplaces want no more. */
const WORK_SIDE = 2000;

/** The image had no source-language text to translate (nothing is charged for it). */
export class NoSourceTextError extends AppError {
  constructor(message = '图片里没有找到需要翻译的中文文字，本次不扣次数') {
    super(ResultCode.badRequest, message);
  }
}

/**
 * Every block with Chinese is printed on the product, which is kept by default: nothing to translate
 * (and nothing charged), and the seller is told how to translate it anyway.
 */
export class OnlyProductTextError extends NoSourceTextError {
  constructor() {
    super(
      '图片上的中文都印在商品上（品牌、包装、标签），默认保留不翻译，本次不扣次数；如需翻译，请取消勾选「保留商品上的文字」后重试',
    );
  }
}

/** The picture's text is slanted: it reads only when the picture is turned (nothing is charged). */
export class SlantedTextError extends NoSourceTextError {
  constructor() {
    super(
      '图片里的中文是斜着排的（约 45°），目前只能翻译横排和竖排的文字：请先把图片转正（文字水平）再上传，本次不扣次数',
    );
  }
}

/** The upload turned upright, flattened on white and brought to at most WORK_SIDE: raw RGB and PNG. */
async function workingImage(bytes: Buffer): Promise<RgbImage & { png: Buffer }> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: WORK_SIDE, height: WORK_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .png()
    .toBuffer();
  return { data, width: info.width, height: info.height, png };
}

const toPng = (image: RgbImage) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .png()
    .toBuffer();

/**
 * The result read again: where source-language characters are left, and how many. Text left in
 * Chinese on purpose (`keep`: the seller's words, and the lines printed on the product) is not
 * counted. With `drawn`, also how many of the drawn words can be read back (legibility.ts).
 */
export async function residualOf(
  ocr: OcrEngine,
  png: Buffer,
  keep: { words: readonly string[]; areas?: readonly TextBox[] },
  drawn?: { blocks: TranslatedBlock[]; target: string },
): Promise<TranslateResult['residual'] & { legibility: Legibility | null }> {
  const read = await ocr.readLines(png);
  // Into Traditional Chinese, a line read where a translation was drawn is judged by its script; a
  // line read anywhere else is no translation of ours, whatever its script: source text left.
  const drawnBoxes = (drawn?.blocks ?? []).filter((block) => !block.hidden).map((block) => block.box);
  const target = (line: TextLine) =>
    drawnBoxes.some((box) => overlaps(line.box, box)) ? (drawn?.target ?? '') : '';
  const lines = read
    .filter((line) => !keep.areas?.some((area) => mostlyInside(line.box, area)))
    .map((line) => ({ box: line.box, left: countLeftover(line.text, keep.words, target(line)) }))
    .filter((line) => line.left > 0);
  return {
    count: lines.reduce((sum, line) => sum + line.left, 0),
    boxes: lines.map((line) => line.box),
    legibility: drawn
      ? legibilityOf(
          read.map((line) => line.text),
          drawn.blocks,
          drawn.target,
        )
      : null,
  };
}

/**
 * Whether most of `line` lies in `area`. Product text kept on purpose is left out by where it is,
 * not only by what it says: small print on a bottle reads differently each time (「红参」 once,
 * 「江参」 the next), and was counted as Chinese left over.
 */
function mostlyInside(line: TextBox, area: TextBox): boolean {
  const width = Math.min(line.x + line.width, area.x + area.width) - Math.max(line.x, area.x);
  const height = Math.min(line.y + line.height, area.y + area.height) - Math.max(line.y, area.y);
  return width > 0 && height > 0 && width * height >= 0.6 * line.width * line.height;
}

const overlaps = (a: TextBox, b: TextBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The lines of the blocks kept on the product, as words the residual check leaves out. */
function productLines(blocks: readonly TextBlock[]): string[] {
  return blocks.flatMap((block) => block.lines.map((line) => line.text));
}

/** A block is kept as it is when it has no Chinese (numbers, sizes, Latin brand names) or is a kept word. */
function keptAsIs(block: TextBlock, keep: string[]): boolean {
  if (countSourceChars(block.text) === 0) return true;
  return keep.some((word) => bareText(word) === bareText(block.text));
}

export interface PictureOptions {
  target: string;
  /** Words kept as they are (the seller's glossary). */
  keep: string[];
  /** Finds the product, whose printed text is then kept; null translates that text like any other. */
  product: ProductMatte | null;
}

/** Why a block was left as it was. */
type KeptReason = 'no-chinese' | 'keep' | 'product';

/** A line set in a column (taller than 1.6× its width, more than one character): vertical text. */
const isColumn = (box: TextBox, text: string) => box.height > box.width * 1.6 && [...text.trim()].length > 1;

/**
 * The size a line's translation starts from. A detected line's box has about a fifth of padding
 * around the characters; a column's characters are as wide as the column, so its width sets the
 * size (its height would give letters a column high). The translation is then laid out upright in
 * the column's area, a word or two a line, never a letter a line.
 */
const sizeOf = (box: TextBox, text: string) =>
  Math.max(9, Math.round((isColumn(box, text) ? box.width : box.height) * 0.72));

/** A line's box as erasing reads it: grown past its strokes, so the box's edge is what is around them. */
const strokeBox = (line: TextLine, image: RgbImage) =>
  grow(line.box, Math.max(2, Math.min(line.box.height, line.box.width) * 0.18), image.width, image.height);

/**
 * The editable layers of one translated block, its lines erased. When the translation has as many
 * lines as the original, each line is a layer of its own with its own size, colour and weight (a
 * heading over two selling points keeps its hierarchy); otherwise the block is one layer, in the
 * style of its first line.
 */
function layersOf(block: TextBlock, inks: TextInk[], translation: string): Omit<TranslatedBlock, 'id'>[] {
  const lines = translation.split('\n').map((line) => line.trim());
  const layer = (source: string, text: string, box: TextBox, from: TextLine[], ink: TextInk) => ({
    source,
    text,
    box,
    fontSize: Math.min(...from.map((line) => sizeOf(line.box, line.text))),
    color: ink.color,
    bold: ink.bold,
    align: block.align,
    hidden: false,
    overflow: false,
    // Undecided (absent) unless the original had one: the first drawing adds one if it must.
    ...(ink.outline ? { outline: ink.outline } : {}),
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

/** The blocks to translate, numbered from 1, and their translations by number. */
export type BlockTranslator = (blocks: { id: number; text: string }[]) => Promise<Map<number, string>>;

/** Each block's own text: what is erased and not translated (a shop's watermark). */
const asIs: BlockTranslator = async (blocks) => new Map(blocks.map((block) => [block.id, block.text]));

export async function translatePicture(
  ocr: OcrEngine,
  bytes: Buffer,
  options: PictureOptions,
  translate: BlockTranslator,
) {
  const image = await workingImage(bytes);
  const lines = await ocr.readLines(image.png);
  const blocks = groupIntoBlocks(lines);
  const withSource = blocks.filter((block) => !keptAsIs(block, options.keep));
  if (withSource.length === 0)
    throw (await hasSlantedText(ocr, image.png)) ? new SlantedTextError() : new NoSourceTextError();
  // Only now, with Chinese to translate, is the product looked for: matting is most of the time.
  const area = options.product
    ? await productArea(await options.product(await matteInput(image)), image, lines)
    : null;
  const onProduct = productPrint(image, withSource, area);
  const toTranslate = withSource.filter((block) => !onProduct.has(block));
  if (toTranslate.length === 0) throw new OnlyProductTextError();
  const reason = (block: TextBlock): KeptReason | null => {
    if (onProduct.has(block)) return 'product';
    if (!keptAsIs(block, options.keep)) return null;
    return countSourceChars(block.text) === 0 ? 'no-chinese' : 'keep';
  };
  // Text kept on purpose lying in a translated line's box is no stroke of it, left or not.
  const keptAreas = blocks.filter((block) => reason(block) !== null).map((block) => block.box);
  // Another shop's watermark or address is erased and drawn as nothing: hidden blocks the seller
  // can show and fill in the editor, never sent to the AI.
  const eraseRound = async (round: TextBlock[]) => {
    const marks = round.filter((block) => isShopMark(block.text));
    const words = round.filter((block) => !marks.includes(block));
    const layers = words.length > 0 ? await translateAndErase(image, words, translate, keptAreas) : [];
    if (marks.length === 0) return layers;
    const erased = await translateAndErase(image, marks, asIs, keptAreas);
    return [...layers, ...erased.map((layer) => ({ ...layer, hidden: true }))];
  };
  const layers = await eraseRound(toTranslate);
  // Text the first reading missed (white letters on a busy arrow) stands out once the rest is
  // erased: read once more and translate what is new, in a second round.
  const missed = (await ocrAgain(ocr, image, blocks)).filter(
    (block) => !keptAsIs(block, options.keep) && !productPrint(image, [block], area).has(block),
  );
  if (missed.length > 0) layers.push(...(await eraseRound(missed)));
  const translated = oneWeightPerList(
    layers.map((layer, i) => ({ ...layer, id: i + 1 })),
    image.width,
  );
  const background = await toPng(image);
  const drawn = await drawTranslation(background, translated, options.target);
  return {
    width: image.width,
    height: image.height,
    /** The picture the blocks were found on (upright, at the working size): 下载 PSD's 原图 layer. */
    source: image.png,
    background,
    result: drawn.png,
    blocks: drawn.blocks,
    kept: blocks.flatMap((block) => {
      const why = reason(block);
      return why ? [{ text: block.text, box: block.box, reason: why }] : [];
    }),
    ...(await readAgain(
      ocr,
      drawn,
      { words: [...options.keep, ...productLines([...onProduct])], areas: [...onProduct].map((b) => b.box) },
      options.target,
    )),
  };
}

/**
 * Translates `blocks` and erases their lines from `image`: every line's strokes are marked first
 * (reading the image as it was), then filled at once; what is left of them by colour is erased once
 * more, and a line that still keeps some is marked on its layers (`strokesLeft`). The layers to
 * draw, without ids. `kept`: text left on purpose, never taken for a line's strokes.
 */
async function translateAndErase(
  image: RgbImage,
  blocks: TextBlock[],
  translate: BlockTranslator,
  kept: TextBox[],
) {
  const translations = await translate(blocks.map((block, i) => ({ id: i + 1, text: block.text })));
  const erase = new Uint8Array(image.width * image.height);
  const lines = blocks.flatMap((block) => block.lines);
  // Every line is read on the picture as it was; the fills under labels are set afterwards.
  const marked = markLines(image, lines, erase);
  const colours = new Map(lines.map((line) => [line, strokeColours(image, strokeBox(line, image), kept)]));
  const layers = blocks.map((block, i) =>
    layersOf(
      block,
      block.lines.map((line) => marked.inks.get(line) as TextInk),
      translations.get(i + 1) ?? block.text,
    ),
  );
  await inpaint(image, erase);
  for (const refill of marked.refills.values()) applyRefill(image, refill, erase);
  // A glow's faint last ring is past the strokes' box by up to half the line's thickness (haze.ts).
  // Refilled lines need none of this: their glow went with them, and the page colour around a
  // label would paint the label over.
  for (const line of lines.filter((l) => !marked.refills.has(l))) {
    const thickness = Math.min(line.box.width, line.box.height);
    clearRemnants(image, grow(line.box, Math.max(4, thickness * 0.8), image.width, image.height), erase);
  }
  const left = await eraseLeftStrokes(image, colours, erase, kept, new Set(marked.refills.keys()));
  return blocks.flatMap((block, i) => markedLayers(block, layers[i] ?? [], left));
}

/**
 * Each line's ink, and how it is erased: on a designed fill (a label, a banner, a flat page) by
 * refilling the fill (label-fill.ts), elsewhere by marking its strokes in `erase` for inpainting.
 */
function markLines(image: RgbImage, lines: TextLine[], erase: Uint8Array) {
  const inks = new Map<TextLine, TextInk>();
  const refills = new Map<TextLine, Refill>();
  const scratch = new Uint8Array(image.width * image.height);
  for (const line of lines) {
    const box = strokeBox(line, image);
    const read = markStrokes(image, box, scratch);
    const inked = (pixel: number) => scratch[pixel] === 255;
    // Across two fills, each piece on its own; else on the one fill around the whole line.
    const refill = splitRefill(image, line.box, box, inked) ?? labelRefill(image, line.box, box, inked);
    if (refill) refills.set(line, refill);
    inks.set(line, refill ? inkOnLabel(read, refill) : read);
    // A glow is followed past the box by up to half the line's thickness (haze.ts).
    const reach = grow(box, Math.min(box.width, box.height), image.width, image.height);
    for (let y = reach.y; y < reach.y + reach.height; y++)
      for (let i = y * image.width + reach.x; i < y * image.width + reach.x + reach.width; i++)
        if (scratch[i]) {
          if (!refill) erase[i] = 255;
          scratch[i] = 0;
        }
  }
  return { inks, refills };
}

/**
 * The ink of a line on a label, told against the label's own fill: the ink reading takes what
 * touches its box's edge for the background, and around red letters in a tight white box that
 * is the red box outside it, so the letters were read white and drawn back white with a black
 * outline on the white box. A reading that does not stand out from the fill gives way to the
 * colour the letters have where they stand farthest off it.
 */
function inkOnLabel(read: TextInk, refill: Refill): TextInk {
  // The letters' colour, not their outline's: white letters outlined dark read on any fill.
  if (!refill.ink || contrastRatio(rgbOf(read.color), refill.fill) >= LABEL_CONTRAST) return read;
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
  refilled: ReadonlySet<TextLine>,
): Promise<Map<TextLine, LeftStrokes>> {
  const read = [...colours].filter((entry): entry is [TextLine, StrokeColours] => entry[1] !== null);
  const left = new Map<TextLine, LeftStrokes>();
  const failing: [TextLine, StrokeColours][] = [];
  for (const [line, r] of read) {
    const still = strokesLeft(image, r, erased, kept);
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
    const still = strokesLeft(image, r, erased, kept);
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

/**
 * The blocks of source text read on the erased image that the first reading did not find: a line
 * overlapping one found before is the ghost of an erased line, not new text.
 */
async function ocrAgain(ocr: OcrEngine, image: RgbImage, known: TextBlock[]): Promise<TextBlock[]> {
  const lines = await ocr.readLines(await toPng(image));
  const overlapShare = (line: TextBox, box: TextBox) => {
    const width = Math.min(line.x + line.width, box.x + box.width) - Math.max(line.x, box.x);
    const height = Math.min(line.y + line.height, box.y + box.height) - Math.max(line.y, box.y);
    return width > 0 && height > 0 ? (width * height) / (line.width * line.height) : 0;
  };
  const fresh = lines.filter(
    (line) =>
      countSourceChars(line.text) > 0 && known.every((block) => overlapShare(line.box, block.box) < 0.2),
  );
  return fresh.length > 0 ? groupIntoBlocks(fresh) : [];
}

/**
 * The drawn result read again: Chinese left over (the product's text, still on the image on
 * purpose, is not), and how much of the translation can be read back.
 */
async function readAgain(
  ocr: OcrEngine,
  drawn: { png: Buffer; blocks: TranslatedBlock[] },
  keep: { words: string[]; areas: TextBox[] },
  target: string,
) {
  const { legibility, ...read } = await residualOf(ocr, drawn.png, keep, {
    blocks: drawn.blocks,
    target,
  });
  // Strokes an OCR cannot read (half a character) are leftovers all the same.
  return { residual: withStrokesLeft(read, drawn.blocks), legibility };
}

/** Fits every visible block into its box and draws them on the erased image. */
export async function drawTranslation(background: Buffer, blocks: TranslatedBlock[], target: string) {
  const visible = blocks.filter((block) => !block.hidden && drawableText(block.text).trim());
  const under = await sharp(background).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const picture = { data: under.data, width: under.info.width, height: under.info.height };
  const size = { width: picture.width, height: picture.height };
  const fit = (block: TranslatedBlock, fontSize = block.fontSize) =>
    fitBlock({ ...block, fontSize, ...layoutOf(picture, block, visible) }, target).catch((error) => {
      if (!(error instanceof TextTooLargeError)) throw error;
      throw new AppError(
        ResultCode.badRequest,
        `文字块 ${block.id} 的文字太多，在图片上画不下：请删减文字、调小字号或把它的框拉大`,
      );
    });
  const fitted = await Promise.all(visible.map((block) => fit(block)));
  // Parallel items (a column of selling points, a row of badges) were one size in the original:
  // each is drawn at the size the tightest of them fits at, so the list still reads as one.
  for (const group of siblings(visible, size.width)) {
    const smallest = Math.min(...group.map((i) => (fitted[i] as FittedBlock).fontSize));
    for (const i of group) {
      const block = visible[i] as TranslatedBlock;
      if ((fitted[i] as FittedBlock).fontSize > smallest) fitted[i] = await fit(block, smallest);
    }
  }
  // Text that would not stand out from what is now under it (white over a pale patch of a photo)
  // is drawn again with an outline; the seller sees (and can change) it in the editor. A block's
  // outline is decided once, at its first drawing: afterwards null means none.
  for (const [i, block] of visible.entries()) {
    const drawn = fitted[i] as FittedBlock;
    // Only for a block whose outline nobody decided yet: null is the seller's 「no outline」.
    if (
      block.outline !== undefined ||
      !needsHalo(
        picture,
        { x: drawn.left, y: drawn.top, width: drawn.width, height: drawn.height },
        block.color,
      )
    )
      continue;
    visible[i] = { ...block, outline: haloFor(block.color, drawn.fontSize) };
    fitted[i] = await fit(visible[i] as TranslatedBlock, drawn.fontSize);
  }
  const byId = new Map(visible.map((block, i) => [block.id, { block, fit: fitted[i] as FittedBlock }]));
  return {
    png: await drawBlocks(background, fitted),
    blocks: blocks.map((block) => {
      const drawn = byId.get(block.id);
      if (!drawn) return block;
      return {
        ...block,
        fontSize: drawn.fit.fontSize,
        overflow: drawn.fit.overflow,
        outline: drawn.block.outline ?? null,
        drawn: {
          x: drawn.fit.left,
          y: drawn.fit.top,
          width: Math.max(1, drawn.fit.width),
          height: Math.max(1, drawn.fit.height),
        },
      };
    }),
  };
}
