import {
  REPAIR_LIMITS,
  type RepairMode,
  type RepairStroke,
  repairInk,
  repairInkBudget,
  repairPoints,
} from '@chuhai/contract';
import type { Point, Size } from './touch-up-view';

/**
 * 图片翻译 · 修补画笔, as plain data so it is tested without a browser: the strokes painted since the
 * last 重新生成, in the picture's own pixels, grouped by the drag that made them (undo takes back a
 * drag, however many strokes a long one became), and the stroke under the pointer now.
 */
export interface RepairDraft {
  strokes: RepairStroke[];
  /** How many strokes there were at the end of each drag: undo goes back to the one before. */
  drags: number[];
  drawing: RepairStroke | null;
  /** Set when the brush stopped because one request takes no more (REPAIR_LIMITS). */
  full: string | null;
}

export const NO_REPAIR: RepairDraft = { strokes: [], drags: [], drawing: null, full: null };

/** 取色, 恢复原图, or moving the zoomed picture instead of painting. */
export type RepairTool = RepairMode | 'move';

export const FULL_TEXT = '这次涂得够多了：请先点「重新生成」把已涂的画上去，再接着修补';

/** The brush's diameter in picture pixels: `size` screen pixels where one is `scale` picture pixels. */
export function brushWidth(size: number, scale: number): number {
  return Math.min(REPAIR_LIMITS.maxWidth, Math.max(REPAIR_LIMITS.minWidth, Math.round(size * scale)));
}

/** The pixel under a point of the picture; far outside it is held at a brush's width past the edge. */
export function pixelAt(point: Point, picture: Size): [number, number] {
  const margin = REPAIR_LIMITS.maxWidth;
  const hold = (value: number, side: number) => Math.min(side + margin, Math.max(-margin, Math.floor(value)));
  return [hold(point.x, picture.width), hold(point.y, picture.height)];
}

/** Everything the draft would send, the stroke under the pointer included. */
const sent = (draft: RepairDraft) => (draft.drawing ? [...draft.strokes, draft.drawing] : draft.strokes);

/** Whether `strokes` stay within what one 重新生成 takes. */
function fits(strokes: RepairStroke[], picture: Size): boolean {
  return (
    strokes.length <= REPAIR_LIMITS.strokes &&
    repairPoints(strokes) <= REPAIR_LIMITS.points &&
    repairInk(strokes) <= repairInkBudget(picture.width, picture.height)
  );
}

/** A drag begins: a dab where the pointer went down, or the brush says it is full. */
export function beginStroke(
  draft: RepairDraft,
  brush: { mode: RepairMode; colour: string | null; width: number },
  at: Point,
  picture: Size,
): RepairDraft {
  if (draft.full) return draft;
  const stroke: RepairStroke = {
    mode: brush.mode,
    ...(brush.mode === 'colour' && brush.colour ? { colour: brush.colour } : {}),
    width: brush.width,
    points: [pixelAt(at, picture)],
  };
  if (!fits([...draft.strokes, stroke], picture)) return { ...draft, drawing: null, full: FULL_TEXT };
  return { ...draft, drawing: stroke };
}

/**
 * The pointer moved: a point is added once it is a quarter of the brush away from the last (closer
 * ones paint nothing new), a long stroke goes on as a new one (REPAIR_LIMITS.pointsPerStroke), and
 * the stroke ends where one more point would pass what the server takes.
 */
export function extendStroke(draft: RepairDraft, at: Point, picture: Size): RepairDraft {
  const drawing = draft.drawing;
  if (!drawing) return draft;
  const point = pixelAt(at, picture);
  const [lx, ly] = drawing.points.at(-1) as [number, number];
  if (Math.hypot(point[0] - lx, point[1] - ly) < Math.max(1, drawing.width / 4)) return draft;
  const longer = { ...drawing, points: [...drawing.points, point] };
  if (longer.points.length <= REPAIR_LIMITS.pointsPerStroke) {
    if (fits([...draft.strokes, longer], picture)) return { ...draft, drawing: longer };
    return { ...endStroke(draft), full: FULL_TEXT };
  }
  const next = { ...drawing, points: [[lx, ly] as [number, number], point] };
  if (fits([...draft.strokes, drawing, next], picture))
    return { ...draft, strokes: [...draft.strokes, drawing], drawing: next };
  return { ...endStroke(draft), full: FULL_TEXT };
}

/** The drag ended: its stroke is kept, and undo goes back to before it. */
export function endStroke(draft: RepairDraft): RepairDraft {
  if (!draft.drawing) return draft;
  const strokes = [...draft.strokes, draft.drawing];
  return { ...draft, strokes, drags: [...draft.drags, strokes.length], drawing: null };
}

/** A second finger came down: what the first began was a pinch, not a stroke. */
export function dropStroke(draft: RepairDraft): RepairDraft {
  const before = draft.drags.at(-1) ?? 0;
  return { ...draft, strokes: draft.strokes.slice(0, before), drawing: null };
}

/** 撤销: the last drag taken back (all the strokes it became). */
export function undoStroke(draft: RepairDraft): RepairDraft {
  const drags = draft.drags.slice(0, -1);
  return { strokes: draft.strokes.slice(0, drags.at(-1) ?? 0), drags, drawing: null, full: null };
}

/** What 重新生成 and 下载 PSD send: every stroke kept (a drag still going on is not). */
export const strokesToSend = (draft: RepairDraft): RepairStroke[] => draft.strokes;

/** How many drags there are to undo. */
export const dragCount = (draft: RepairDraft) => draft.drags.length;

/** Everything the draft holds, for the preview: the kept strokes and the one being drawn. */
export const strokesShown = sent;

/** #rrggbb of a picked colour: the mean of the pixels read (RGBA, four bytes each). */
export function meanColour(pixels: Uint8ClampedArray): string {
  const sums = [0, 0, 0];
  const count = Math.max(1, Math.floor(pixels.length / 4));
  for (let i = 0; i + 3 < pixels.length; i += 4)
    for (let c = 0; c < 3; c += 1) sums[c] = (sums[c] as number) + (pixels[i + c] as number);
  return `#${sums
    .map((sum) =>
      Math.round(sum / count)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
