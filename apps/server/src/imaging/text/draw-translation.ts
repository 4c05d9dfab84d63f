import type { TranslatedBlock } from '@chuhai/contract';
import sharp from 'sharp';
import type { TextBox } from '../ocr/index.ts';
import { haloFor, needsHalo } from './halo.ts';
import { labelAround, labelOutline } from './label.ts';
import { layoutOf, PILL, siblings } from './layout.ts';
import { BlockTooLargeError } from './picture-errors.ts';
import { widestPiece } from './pill-edges.ts';
import { drawableText, drawBlocks, type FittedBlock, fitBlock, TextTooLargeError } from './render.ts';
import type { RgbImage } from './rgb-image.ts';

/**
 * 图片翻译's drawing: the translations fitted to their boxes and drawn on the erased picture, the
 * same for the first drawing (in the pixel pool), for 重新生成 after the seller's edits and for
 * 下载 PSD's text layers.
 */

/** A block's translation as drawn: the block as it ends (size, alignment, outline), its room, its pixels. */
export interface DrawnTranslation {
  block: TranslatedBlock;
  /** The free space the text was laid out in (wrapped to its width): the PSD's paragraph box. */
  room: TextBox;
  fit: FittedBlock;
}

/** One block's fit: where and how large its translation is drawn, and in which alignment. */
interface Placed {
  fit: FittedBlock;
  room: TextBox;
  align: TranslatedBlock['align'];
  /** Fitted on a pill or a tag (layoutOf's oneLine), not on the open page. */
  onLabel: boolean;
}

/** What every block's fit is made on: the erased picture, the blocks drawn together, the language. */
interface Page {
  picture: RgbImage;
  /** Every visible block: a block's room ends where a neighbour's text begins (layoutOf). */
  all: TranslatedBlock[];
  target: string;
}

/** Fits every visible block into its box and draws them on the erased image. */
export async function drawTranslation(background: Buffer, blocks: TranslatedBlock[], target: string) {
  const visible = blocks.filter((block) => !block.hidden && drawableText(block.text).trim());
  const under = await sharp(background).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const picture = { data: under.data, width: under.info.width, height: under.info.height };
  const size = { width: picture.width, height: picture.height };
  const page: Page = { picture, all: visible, target };
  const fit = (block: TranslatedBlock, fontSize = block.fontSize) => fitOnPill(page, block, fontSize);
  const placed = await Promise.all(visible.map((block) => fit(block)));
  // Parallel items (a column of selling points, a row of badges) were one size in the original:
  // each is drawn at the size the tightest of them fits at, so the list still reads as one.
  // One that cannot fit even at its smallest is flagged and left out: the others keep their size.
  // A line on the open page takes the size of the list's other lines on the open page, never that
  // of a pill's label: a label's size is cut by the pill's hard edge, and says nothing about the
  // page (train-0's headline 「2021热销 10代强芯轻薄本」 ends where a small pill below it ends, and was
  // drawn at the 12 px the pill's label fitted at, a third of its size). Labels still follow the list.
  for (const group of siblings(visible, size.width)) {
    const fitting = group.filter((i) => !(placed[i] as Placed).fit.overflow);
    if (fitting.length === 0) continue;
    const smallestOf = (items: number[]) => Math.min(...items.map((i) => (placed[i] as Placed).fit.fontSize));
    const onPage = fitting.filter((i) => !(placed[i] as Placed).onLabel);
    const smallest = smallestOf(fitting);
    const smallestOnPage = onPage.length > 0 ? smallestOf(onPage) : smallest;
    for (const i of group) {
      const block = visible[i] as TranslatedBlock;
      const { fit: drawn, onLabel } = placed[i] as Placed;
      const listSize = onLabel ? smallest : smallestOnPage;
      if (!drawn.overflow && drawn.fontSize > listSize) placed[i] = await fit(block, listSize);
    }
  }
  // Text that would not stand out from what is now under it (white over a pale patch of a photo)
  // is drawn again with an outline; the seller sees (and can change) it in the editor. A block's
  // outline is decided once, at its first drawing: afterwards null means none.
  for (const [i, block] of visible.entries()) {
    const drawn = (placed[i] as Placed).fit;
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
    placed[i] = await fit(visible[i] as TranslatedBlock, drawn.fontSize);
  }
  const translations: DrawnTranslation[] = visible.map((block, i) => {
    const { fit: drawn, room, align } = placed[i] as Placed;
    return { block: asDrawn(block, drawn, align), room, fit: drawn };
  });
  const byId = new Map(translations.map((drawn) => [drawn.block.id, drawn.block]));
  return {
    png: await drawBlocks(
      background,
      placed.map((p) => p.fit),
    ),
    blocks: blocks.map((block) => byId.get(block.id) ?? block),
    translations,
  };
}

/**
 * The block as the editor gets it back: the size, alignment, outline and letter width it was drawn
 * in, and where.
 */
function asDrawn(block: TranslatedBlock, fit: FittedBlock, align: TranslatedBlock['align']): TranslatedBlock {
  return {
    ...block,
    fontSize: fit.fontSize,
    align,
    overflow: fit.overflow,
    outline: block.outline ?? null,
    horizontalScale: fit.scale,
    drawn: {
      x: fit.left,
      y: fit.top,
      width: Math.max(1, fit.width),
      height: Math.max(1, fit.height),
    },
  };
}

/**
 * A block's fit on the pill inside its line, when there is one (train-10's 「仅 398」: 仅 on the dark
 * bar, 398 on a white pill) and the translation fits there: drawn across the whole line it
 * started on the bar and ran over the pill's round end mid-word. Otherwise on its whole line.
 */
async function fitOnPill(page: Page, block: TranslatedBlock, fontSize: number): Promise<Placed> {
  const piece = widestPiece(page.picture, block.box);
  const pill = piece && pillInside(page.picture, piece);
  if (pill) {
    const onPill = await fitAt(page, { ...block, box: pill }, fontSize);
    if (!onPill.fit.overflow) return onPill;
  }
  return fitAt(page, block, fontSize);
}

/**
 * The piece of a line cut to the inside of the pill or tag it lies on (off its round ends: a box
 * is never cut to a label smaller than itself, layout.ts, so text filling the piece touched them);
 * null when the piece is not on one. A headline across the edge of two photos (train-0's white
 * 「2021热销」 over red and dark metal) or an inpainted pill (ch_en_num's 「大桶装」) keeps its line.
 */
function pillInside(picture: RgbImage, piece: TextBox): TextBox | null {
  const outline = labelOutline(picture, piece);
  const inside = outline && outline.height <= piece.height * PILL && labelAround(picture, piece);
  if (!inside) return null;
  const left = Math.max(piece.x, inside.x);
  const right = Math.min(piece.x + piece.width, inside.x + inside.width);
  return right - left >= piece.height ? { ...piece, x: left, width: right - left } : null;
}

/** A block's fit in the room around its box (layoutOf), kept inside the picture. */
async function fitAt(page: Page, block: TranslatedBlock, fontSize: number): Promise<Placed> {
  const { picture, all, target } = page;
  const { sizeScale = 1, ...layout } = layoutOf(picture, block, all);
  // Scaled only from the size read (a smaller sibling's size is already one that fits).
  const start = Math.min(fontSize, block.fontSize * sizeScale);
  const fit = await fitBlock({ ...block, fontSize: start, ...layout }, target).catch((error) => {
    if (!(error instanceof TextTooLargeError)) throw error;
    throw new BlockTooLargeError(block.id);
  });
  return {
    fit: await insidePicture(fit, picture),
    room: layout.room,
    align: layout.align ?? block.align,
    onLabel: !!layout.oneLine,
  };
}

/**
 * The fitted text moved inside the picture, squeezed to its width if wider: overflowing text
 * starts at its room and runs on past it, and beside the picture's edge it ran off it (train-10's
 * small 「起」 right of the price pill, its translation cut at the edge).
 */
async function insidePicture(fit: FittedBlock, size: { width: number; height: number }) {
  let { png, width, scale } = fit;
  if (width > size.width) {
    png = await sharp(png).resize(size.width, fit.height, { fit: 'fill' }).png().toBuffer();
    scale *= size.width / width;
    width = size.width;
  }
  const left = Math.max(0, Math.min(fit.left, size.width - width));
  const top = Math.max(0, Math.min(fit.top, size.height - fit.height));
  return { ...fit, png, width, scale, left, top };
}
