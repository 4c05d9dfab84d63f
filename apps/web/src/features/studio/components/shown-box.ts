import type { TranslatedBlock } from '@chuhai/contract';

type Box = TranslatedBlock['box'];

/**
 * How far the server's drawing of a block (`drawn`: its letters, outline included) lies from the
 * block's own box at that drawing: the translation is often wider than the OCR box and centred on
 * the room beside it. Zero before any drawing.
 */
function drawnOffset(block: TranslatedBlock, drawnBlocks: TranslatedBlock[]) {
  const was = drawnBlocks.find((b) => b.id === block.id);
  if (!was?.drawn) return { x: 0, y: 0, width: 0, height: 0 };
  return {
    x: was.drawn.x - was.box.x,
    y: was.drawn.y - was.box.y,
    width: was.drawn.width - was.box.width,
    height: was.drawn.height - was.box.height,
  };
}

/**
 * The box the seller sees and drags: where the server drew the block's text, moved and resized
 * with the block's box since (a drag moves both alike, so it stays on the text); the block's own
 * box before any drawing.
 */
export function shownBox(block: TranslatedBlock, drawnBlocks: TranslatedBlock[]): Box {
  const offset = drawnOffset(block, drawnBlocks);
  return {
    x: block.box.x + offset.x,
    y: block.box.y + offset.y,
    width: Math.max(1, block.box.width + offset.width),
    height: Math.max(1, block.box.height + offset.height),
  };
}

/**
 * The block's own box (what 重新生成 lays the text out from) for a box the seller placed on
 * screen; never off the picture's top left nor under a pixel, as the server requires.
 */
export function boxFromShown(block: TranslatedBlock, drawnBlocks: TranslatedBlock[], shown: Box): Box {
  const offset = drawnOffset(block, drawnBlocks);
  return {
    x: Math.max(0, shown.x - offset.x),
    y: Math.max(0, shown.y - offset.y),
    width: Math.max(1, shown.width - offset.width),
    height: Math.max(1, shown.height - offset.height),
  };
}
