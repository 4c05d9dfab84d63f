import { REPAIR_LIMITS, repairInk } from '@chuhai/contract';
import { describe, expect, it } from 'vitest';
import {
  beginStroke,
  brushWidth,
  dropStroke,
  endStroke,
  extendStroke,
  FULL_TEXT,
  meanColour,
  NO_REPAIR,
  pixelAt,
  type RepairDraft,
  strokesToSend,
  undoStroke,
} from '../repair-brush';

const PICTURE = { width: 800, height: 600 };
const COLOUR = { mode: 'colour' as const, colour: '#2a9d8f', width: 20 };

/** One drag through `points`, ended. */
function drag(draft: RepairDraft, brush: Parameters<typeof beginStroke>[1], points: [number, number][]) {
  const [first, ...rest] = points as [[number, number], ...[number, number][]];
  let next = beginStroke(draft, brush, { x: first[0], y: first[1] }, PICTURE);
  for (const [x, y] of rest) next = extendStroke(next, { x, y }, PICTURE);
  return endStroke(next);
}

describe('修补画笔 · the strokes it sends', () => {
  it('keeps 取色 strokes with their colour and 恢复原图 strokes without one, in picture pixels', () => {
    let draft = drag(NO_REPAIR, COLOUR, [
      [100.7, 50.2],
      [140.4, 50.9],
    ]);
    draft = drag(draft, { mode: 'restore', colour: '#2a9d8f', width: 30 }, [[300, 300]]);
    expect(strokesToSend(draft)).toEqual([
      {
        mode: 'colour',
        colour: '#2a9d8f',
        width: 20,
        points: [
          [100, 50],
          [140, 50],
        ],
      },
      { mode: 'restore', width: 30, points: [[300, 300]] },
    ]);
  });

  it('adds a point only a quarter of the brush on from the last one', () => {
    const draft = drag(NO_REPAIR, COLOUR, [
      [0, 0],
      [2, 0],
      [4, 0],
      [5, 0],
      [9, 0],
    ]);
    expect(strokesToSend(draft)[0]?.points).toEqual([
      [0, 0],
      [5, 0],
    ]);
  });

  it('is as wide on screen at any zoom: the width in picture pixels follows the scale, within bounds', () => {
    expect(brushWidth(24, 2)).toBe(48);
    expect(brushWidth(24, 0.25)).toBe(6);
    expect(brushWidth(120, 8)).toBe(REPAIR_LIMITS.maxWidth);
    expect(brushWidth(4, 0.05)).toBe(REPAIR_LIMITS.minWidth);
  });

  it('keeps a point off the picture (the server leaves that part out), held near the edge', () => {
    expect(pixelAt({ x: -12.5, y: 599.9 }, PICTURE)).toEqual([-13, 599]);
    expect(pixelAt({ x: 1e7, y: -1e7 }, PICTURE)).toEqual([
      800 + REPAIR_LIMITS.maxWidth,
      -REPAIR_LIMITS.maxWidth,
    ]);
  });

  it('undo takes back the last drag, however many strokes a long one became', () => {
    let draft = drag(NO_REPAIR, COLOUR, [[10, 10]]);
    const long = Array.from(
      { length: REPAIR_LIMITS.pointsPerStroke + 10 },
      (_, i) => [(i % 2) * 50, i % 600] as [number, number],
    );
    draft = drag(draft, { ...COLOUR, width: 4 }, long);
    expect(draft.strokes).toHaveLength(3);
    expect(draft.strokes[1]?.points).toHaveLength(REPAIR_LIMITS.pointsPerStroke);
    // The second part goes on from where the first stopped.
    expect(draft.strokes[2]?.points[0]).toEqual(draft.strokes[1]?.points.at(-1));
    draft = undoStroke(draft);
    expect(strokesToSend(draft)).toEqual([{ ...COLOUR, points: [[10, 10]] }]);
    draft = undoStroke(draft);
    expect(strokesToSend(draft)).toEqual([]);
    expect(undoStroke(draft)).toEqual(NO_REPAIR);
  });

  it('a second finger takes back what the first began', () => {
    const kept = drag(NO_REPAIR, COLOUR, [[10, 10]]);
    const begun = extendStroke(
      beginStroke(kept, COLOUR, { x: 50, y: 50 }, PICTURE),
      { x: 90, y: 50 },
      PICTURE,
    );
    expect(begun.drawing?.points).toHaveLength(2);
    expect(dropStroke(begun)).toEqual(kept);
  });

  it('stops before one request would pass what the server takes, and says why', () => {
    let draft = NO_REPAIR;
    for (let i = 0; i < REPAIR_LIMITS.strokes; i += 1) draft = drag(draft, COLOUR, [[i, 10]]);
    expect(draft.full).toBeNull();
    draft = beginStroke(draft, COLOUR, { x: 5, y: 5 }, PICTURE);
    expect(draft.full).toBe(FULL_TEXT);
    expect(draft.drawing).toBeNull();
    expect(strokesToSend(draft)).toHaveLength(REPAIR_LIMITS.strokes);
    // Undo makes room again.
    expect(undoStroke(draft).full).toBeNull();

    // Paint: the widest brush dragged across the picture again and again.
    let wide = beginStroke(NO_REPAIR, { ...COLOUR, width: 400 }, { x: 0, y: 0 }, PICTURE);
    for (let i = 1; i < 200 && !wide.full; i += 1)
      wide = extendStroke(wide, { x: (i % 2) * 800, y: (i * 37) % 600 }, PICTURE);
    expect(wide.full).toBe(FULL_TEXT);
    expect(wide.drawing).toBeNull();
    expect(repairInk(strokesToSend(wide))).toBeLessThanOrEqual(REPAIR_LIMITS.inkPerImage * 1_000_000);
  });

  it('picks the mean colour of the pixels read', () => {
    expect(meanColour(new Uint8ClampedArray([255, 0, 0, 255, 0, 0, 255, 255]))).toBe('#800080');
  });
});
