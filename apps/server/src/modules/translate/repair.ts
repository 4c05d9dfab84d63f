import {
  REPAIR_LIMITS,
  type RepairStroke,
  ResultCode,
  repairInk,
  repairInkBudget,
  repairPoints,
  type TranslatedBlock,
} from '@chuhai/contract';
import { paintedShare, repairPicture } from '../../imaging/repair-brush.ts';
import { AppError } from '../../lib/app-error.ts';
import { type ImagesDeps, loadOwnImage } from '../images/service.ts';
import type { TranslationDocument } from './documents.ts';

const refuse = (msg: string) => new AppError(ResultCode.badRequest, msg);
const MORE_LATER = '请先点「重新生成」把已涂的画上去，再接着修补';

/**
 * 修补画笔's strokes, past what the schema bounds one by one: a colour for each 取色 stroke, and
 * the points and paint of all of them together. Refused in Chinese before anything is painted.
 */
export function checkRepair(strokes: readonly RepairStroke[], width: number, height: number): void {
  const uncoloured = strokes.findIndex((s) => s.mode === 'colour' && !s.colour);
  if (uncoloured >= 0)
    throw refuse(`第 ${uncoloured + 1} 笔修补是「取色」，但没有颜色：请先在图片上点一下要用的颜色`);
  const points = repairPoints(strokes);
  if (points > REPAIR_LIMITS.points)
    throw refuse(`修补的笔画太长（共 ${points} 个点，一次最多 ${REPAIR_LIMITS.points} 个）：${MORE_LATER}`);
  if (repairInk(strokes) > repairInkBudget(width, height))
    throw refuse(`一次涂抹的面积太大（超过图片面积的 ${REPAIR_LIMITS.inkPerImage} 倍）：${MORE_LATER}`);
}

/**
 * The picture 恢复原图 paints back: the translation's original (upright, at the working size).
 * Refused when the translation kept none of the erased picture's size (older translations).
 */
export async function originalFor(
  deps: ImagesDeps,
  userId: number,
  document: TranslationDocument,
): Promise<Buffer> {
  const source = document.sourceId
    ? await loadOwnImage(deps, userId, document.sourceId, 'translate-src')
    : null;
  if (!source || Number(source.row.width) !== document.width || Number(source.row.height) !== document.height)
    throw refuse('这张翻译没有保存原图，不能用「恢复原图」：请改用「取色」修补');
  return source.bytes;
}

/** A strokes-left box this much painted over with a colour is gone (the seller covered it). */
const COVERED = 0.9;

/**
 * The blocks with the strokes the erasing left (strokesLeft) that the seller painted over with 取色
 * taken off, so they are no longer counted as leftover Chinese; 恢复原图 brings strokes back, it
 * never takes them off. The count goes down with the share of boxes covered.
 */
function withoutPaintedStrokes(
  blocks: readonly TranslatedBlock[],
  painted: Uint8Array,
  width: number,
): TranslatedBlock[] {
  return blocks.map((block) => {
    const left = block.strokesLeft;
    if (!left) return block;
    const boxes = left.boxes.filter((box) => paintedShare(painted, width, box) < COVERED);
    if (boxes.length === left.boxes.length) return block;
    const { strokesLeft: _gone, ...rest } = block;
    if (boxes.length === 0) return rest;
    const count = Math.max(1, Math.round((left.count * boxes.length) / left.boxes.length));
    return { ...rest, strokesLeft: { count, boxes } };
  });
}

/**
 * The strokes painted on `background` (the picture as last repaired): the new PNG, and the blocks
 * with the leftover strokes the paint covered taken off.
 */
export async function paintRepair(
  background: Buffer,
  strokes: readonly RepairStroke[],
  original: Buffer | null,
  blocks: readonly TranslatedBlock[],
): Promise<{ png: Buffer; blocks: TranslatedBlock[] }> {
  const repaired = await repairPicture(background, strokes, original);
  return { png: repaired.png, blocks: withoutPaintedStrokes(blocks, repaired.painted, repaired.width) };
}
