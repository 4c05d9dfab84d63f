import type { TranslatedBlock, TranslateResult } from '@chuhai/contract';
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
import { PIXELS_ON_THIS_THREAD, type PixelWork } from '../pixel-pool.ts';
import { asBuffer } from '../pixel-transfer.ts';
import { mayHaveDashes } from './dashes.ts';
import { oneWeightPerList } from './layout.ts';
import { type Legibility, legibilityOf } from './legibility.ts';
import { logoLockups, namesWithoutLatin } from './logo-lockup.ts';
import { NoSourceTextError } from './picture-errors.ts';
import { isShopMark } from './product-print.ts';
import { isOnProduct, type ProductMatte } from './product-text.ts';
import { halfWidthPunctuation } from './punctuation.ts';
import { withStrokesLeft } from './strokes-left.ts';
import { hasSlantedText } from './tilt.ts';

export { drawTranslation } from './draw-translation.ts';
export { BlockTooLargeError, NoSourceTextError, type NothingToTranslate } from './picture-errors.ts';

/**
 * 图片翻译's pipeline, the provider aside: find the text (OCR) and the product (matting, when asked),
 * have `translate` put the blocks to be translated into the target language, erase them, draw the
 * translations in their place, and read the result again for source-language text left behind.
 * 智能做图, 批量处理 and the benchmark (bench/image-translate.ts, with a translator of its own) all
 * run this.
 */

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
  const shown = (drawn?.blocks ?? []).filter((block) => !block.hidden);
  const drawnAt = (line: TextLine) => shown.filter((block) => overlaps(line.box, block.box));
  const target = (line: TextLine) => (drawnAt(line).length > 0 ? (drawn?.target ?? '') : '');
  const lines = read
    .filter((line) => !keep.areas?.some((area) => mostlyInside(line.box, area)))
    .map((line) => {
      const there = drawnAt(line)
        .map((block) => block.text)
        .join('');
      return { box: line.box, left: countLeftover(line.text, keep.words, target(line), there) };
    })
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
  /**
   * Where the pixel work runs: the node's pixel pool (modules/translate hands it the waiting
   * `.background` lane, requests and queue work alike); on this thread when absent (tests, scripts).
   */
  pixels?: PixelWork;
}

/** Why a block was left as it was. */
type KeptReason = 'no-chinese' | 'keep' | 'product';

/** The blocks to translate, numbered from 1, and their translations by number. */
export type BlockTranslator = (blocks: { id: number; text: string }[]) => Promise<Map<number, string>>;

/** Each block's own text: what is erased and not translated (a shop's watermark). */
const asIs: BlockTranslator = async (blocks) => new Map(blocks.map((block) => [block.id, block.text]));

/**
 * The picture translated, in phases: on this thread what waits on a provider (OCR, which has a
 * worker of its own; matting; the model's translation), in `options.pixels` the pixel work between
 * them (decoding the upload, erasing a round of blocks once its translations are back, then
 * drawing), everything crossing as plain data and the picture only ever as PNG (picture-tasks.ts).
 * Throws NoSourceTextError when there is nothing to translate, BlockTooLargeError when a
 * translation cannot be drawn.
 */
export async function translatePicture(
  ocr: OcrEngine,
  bytes: Buffer,
  options: PictureOptions,
  translate: BlockTranslator,
) {
  const pixels = options.pixels ?? PIXELS_ON_THIS_THREAD;
  // The event loop holds the picture only as PNG: the pixel tasks decode it, and hand back the
  // erased picture encoded again (picture-tasks.ts).
  const image = await pixels.run('workingPicture', { bytes });
  const source = asBuffer(image.png);
  let erasedPng = source;
  const read = await ocr.readLines(source);
  // Dashes framing a line (「—顺丰包邮 终身包退—」) are decorations: kept, and not translated.
  const { lines, dashes } = read.some((line) => mayHaveDashes(line.text))
    ? await pixels.run('linesBetweenDashes', { image: { png: source }, lines: read })
    : { lines: read, dashes: [] };
  const blocks = groupIntoBlocks(lines);
  // A brand's logo (its Latin name over a short Chinese one) is the seller's mark: kept as it is.
  const logos = await logosIn(pixels, source, blocks);
  const withSource = blocks.filter((block) => !keptAsIs(block, options.keep) && !logos.has(block));
  if (withSource.length === 0)
    throw new NoSourceTextError((await hasSlantedText(ocr, source)) ? 'slanted-text' : 'no-source-text');
  // Only now, with Chinese to translate, is the product looked for: matting is most of the time.
  const matte = options.product
    ? await options.product(asBuffer(await pixels.run('pictureForMatte', { picture: { png: source } })))
    : null;
  const found = matte
    ? await pixels.run('productText', { image: { png: source }, matte, lines, blocks: withSource })
    : { area: null, printed: [] };
  const { area } = found;
  const onProduct = new Set(found.printed.map((i) => withSource[i] as TextBlock));
  const toTranslate = withSource.filter((block) => !onProduct.has(block));
  if (toTranslate.length === 0) throw new NoSourceTextError('only-product-text');
  const reason = (block: TextBlock): KeptReason | null => {
    if (onProduct.has(block)) return 'product';
    if (logos.has(block) && countSourceChars(block.text) > 0) return 'keep';
    if (!keptAsIs(block, options.keep)) return null;
    return countSourceChars(block.text) === 0 ? 'no-chinese' : 'keep';
  };
  // Text kept on purpose (and a dash) lying in a translated line's box is no stroke of it, left or not.
  const keptAreas = [
    ...blocks.filter((block) => reason(block) !== null).map((block) => block.box),
    ...dashes,
  ];
  // The model is asked here; the round's pixel work waits for its answer, then runs in the pool.
  const translateAndErase = async (round: TextBlock[], translator: BlockTranslator) => {
    const answers = await translator(round.map((block, i) => ({ id: i + 1, text: block.text })));
    const erased = await pixels.run('erasePicture', {
      png: erasedPng,
      blocks: round,
      // A line erased is always drawn again: an answer left blank is taken as no answer, and the
      // line's own words are drawn back, as when the model skips it.
      translations: round.map((block, i) => {
        const answer = answers.get(i + 1)?.trim();
        return answer ? halfWidthPunctuation(answer, options.target) : block.text;
      }),
      kept: keptAreas,
      decorations: dashes,
      target: options.target,
    });
    erasedPng = asBuffer(erased.png);
    return erased.layers;
  };
  // Another shop's watermark or address is erased and drawn as nothing: hidden blocks the seller
  // can show and fill in the editor, never sent to the AI.
  const eraseRound = async (round: TextBlock[]) => {
    const marks = round.filter((block) => isShopMark(block.text));
    const words = round.filter((block) => !marks.includes(block));
    const layers = words.length > 0 ? await translateAndErase(words, translate) : [];
    if (marks.length === 0) return layers;
    const erased = await translateAndErase(marks, asIs);
    return [...layers, ...erased.map((layer) => ({ ...layer, hidden: true }))];
  };
  const layers = await eraseRound(toTranslate);
  // Text the first reading missed (white letters on a busy arrow) stands out once the rest is
  // erased: read once more and translate what is new, in a second round.
  const fresh = (await ocrAgain(ocr, erasedPng, blocks)).filter((block) => !keptAsIs(block, options.keep));
  // Each new block is judged on its own, as the first reading's were not.
  const printed = area
    ? new Set(
        await pixels.run('printedOn', { image: { png: erasedPng }, blocks: fresh, area, oneByOne: true }),
      )
    : null;
  // A logo's Chinese name the first reading missed (train-11's 「凤凰」) is kept as the others are.
  const freshLogos = await logosIn(pixels, erasedPng, fresh);
  for (const logo of freshLogos) logos.add(logo);
  const missed = fresh.filter((block, i) => !printed?.has(i) && !freshLogos.has(block));
  if (missed.length > 0) layers.push(...(await eraseRound(missed)));
  // Print on the product kept for having no Chinese is left out of the reading again by where it
  // is, as the product's Chinese print is: test-2's fourth ribbon read 「1」, then 「浙台摄传缩生露」.
  const printedAreas = [
    ...onProduct,
    ...logos,
    ...(area ? blocks.filter((block) => reason(block) === 'no-chinese' && isOnProduct(block, area)) : []),
  ];
  const translated = oneWeightPerList(
    layers.map((layer, i) => ({ ...layer, id: i + 1 })),
    image.width,
  );
  const background = erasedPng;
  const drawing = await pixels.run('drawTranslation', {
    background,
    blocks: translated,
    target: options.target,
  });
  const drawn = { png: asBuffer(drawing.png), blocks: drawing.blocks };
  return {
    width: image.width,
    height: image.height,
    /** The picture the blocks were found on (upright, at the working size): 下载 PSD's 原图 layer. */
    source,
    background,
    result: drawn.png,
    blocks: drawn.blocks,
    kept: [...blocks, ...freshLogos].flatMap((block) => {
      const why = reason(block);
      return why ? [{ text: block.text, box: block.box, reason: why }] : [];
    }),
    ...(await readAgain(
      ocr,
      drawn,
      {
        words: [...options.keep, ...productLines([...onProduct, ...logos])],
        areas: printedAreas.map((b) => b.box),
      },
      options.target,
    )),
  };
}

/** The logo lock-ups among `blocks`, with Latin names in spaced-out capitals looked for in `png`'s pixels. */
async function logosIn(pixels: PixelWork, png: Buffer, blocks: TextBlock[]): Promise<Set<TextBlock>> {
  const names = namesWithoutLatin(blocks).map((line) => line.box);
  const spaced = names.length > 0 ? await pixels.run('spacedNames', { image: { png }, names }) : [];
  return logoLockups(blocks, spaced);
}

/**
 * The blocks of source text read on the erased image that the first reading did not find: a line
 * overlapping one found before is the ghost of an erased line, not new text.
 */
async function ocrAgain(ocr: OcrEngine, erased: Buffer, known: TextBlock[]): Promise<TextBlock[]> {
  const lines = await ocr.readLines(erased);
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
