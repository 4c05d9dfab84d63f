import type { TranslatedBlock } from '@chuhai/contract';
import sharp from 'sharp';
import { haloFor, needsHalo } from './halo.ts';
import { layoutOf, siblings } from './layout.ts';
import { BlockTooLargeError } from './picture-errors.ts';
import { drawableText, drawBlocks, type FittedBlock, fitBlock, TextTooLargeError } from './render.ts';

/**
 * 图片翻译's drawing: the translations fitted to their boxes and drawn on the erased picture, the
 * same for the first drawing (in the pixel pool) and for 重新生成 after the seller's edits.
 */

/** Fits every visible block into its box and draws them on the erased image. */
export async function drawTranslation(background: Buffer, blocks: TranslatedBlock[], target: string) {
  const visible = blocks.filter((block) => !block.hidden && drawableText(block.text).trim());
  const under = await sharp(background).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const picture = { data: under.data, width: under.info.width, height: under.info.height };
  const size = { width: picture.width, height: picture.height };
  // The alignment each block is drawn in: a line centred on its pill is centred (layoutOf).
  const aligns = new Map<number, TranslatedBlock['align']>();
  const fit = (block: TranslatedBlock, fontSize = block.fontSize) => {
    const { sizeScale = 1, ...layout } = layoutOf(picture, block, visible);
    aligns.set(block.id, layout.align ?? block.align);
    // Scaled only from the size read (a smaller sibling's size is already one that fits).
    const start = Math.min(fontSize, block.fontSize * sizeScale);
    return fitBlock({ ...block, fontSize: start, ...layout }, target).catch((error) => {
      if (!(error instanceof TextTooLargeError)) throw error;
      throw new BlockTooLargeError(block.id);
    });
  };
  const fitted = await Promise.all(visible.map((block) => fit(block)));
  // Parallel items (a column of selling points, a row of badges) were one size in the original:
  // each is drawn at the size the tightest of them fits at, so the list still reads as one.
  // One that cannot fit even at its smallest is flagged and left out: the others keep their size.
  for (const group of siblings(visible, size.width)) {
    const fitting = group.filter((i) => !(fitted[i] as FittedBlock).overflow);
    if (fitting.length === 0) continue;
    const smallest = Math.min(...fitting.map((i) => (fitted[i] as FittedBlock).fontSize));
    for (const i of group) {
      const block = visible[i] as TranslatedBlock;
      const drawn = fitted[i] as FittedBlock;
      if (!drawn.overflow && drawn.fontSize > smallest) fitted[i] = await fit(block, smallest);
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
        align: aligns.get(block.id) ?? block.align,
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
