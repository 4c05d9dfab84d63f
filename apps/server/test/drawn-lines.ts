import type { TranslatedBlock } from '@chuhai/contract';
import sharp from 'sharp';
import { drawBlocks, fitBlock } from '../src/imaging/text/render.ts';

/**
 * `texts` drawn one a line on white as 图片翻译 draws them in `language` (red, bold, each line's box
 * `size.width` × `size.height` at `size.fontSize`), with the blocks they are: a translated picture
 * for the OCR model to read back.
 */
export async function drawnLines(
  texts: string[],
  language: string,
  size: { width: number; height: number; fontSize: number },
) {
  const background = await sharp({
    create: { width: size.width + 40, height: 100 * texts.length, channels: 3, background: '#ffffff' },
  })
    .png()
    .toBuffer();
  const blocks: TranslatedBlock[] = texts.map((text, i) => ({
    id: i + 1,
    text,
    source: text,
    hidden: false,
    overflow: false,
    box: { x: 20, y: 20 + i * 100, width: size.width, height: size.height },
    fontSize: size.fontSize,
    color: '#c00000',
    bold: true,
    align: 'left',
  }));
  const fitted = await Promise.all(blocks.map((block) => fitBlock(block, language)));
  return { png: await drawBlocks(background, fitted), blocks };
}
