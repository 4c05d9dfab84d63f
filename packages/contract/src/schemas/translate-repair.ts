import { type Static, Type } from 'typebox';

/**
 * 图片翻译 · 修补画笔: where the erasing left a smear, a ghost or a bit of a stroke, the seller paints
 * over it on the erased picture, under the text: 取色 (`colour`) with a colour picked from the
 * picture, or 恢复原图 (`restore`) with the picture as uploaded. Sent with 重新生成 (and 下载 PSD),
 * in the picture's own pixels; the server paints them and keeps the repaired picture.
 */
export const REPAIR_MODES = ['colour', 'restore'] as const;
export type RepairMode = (typeof REPAIR_MODES)[number];

export const REPAIR_LIMITS = {
  /** Strokes in one request: the repairs already drawn are kept, so more can follow the next time. */
  strokes: 100,
  /** Points of one stroke (the editor starts another stroke where a long one reaches this). */
  pointsPerStroke: 1000,
  /** Points of every stroke together: with 80 long blocks, the body stays under the server's 256 KB. */
  points: 6000,
  /** The brush's width, in the picture's pixels. */
  minWidth: 1,
  maxWidth: 400,
  /**
   * The most paint in one request (repairInk), as this many times the picture's area (a 1000×1000
   * picture's for smaller ones): painting costs about that many pixel writes on the server. A
   * stroke's segments overlap about five times over, so this still repaints the picture 4–5 times.
   */
  inkPerImage: 24,
} as const;

/** A place on the picture, in its pixels; a stroke may run past the edge (the part outside is left out). */
const Coordinate = Type.Integer({ minimum: -100_000, maximum: 100_000 });

export const RepairStroke = Type.Object({
  mode: Type.Union([Type.Literal('colour'), Type.Literal('restore')]),
  /** 取色's colour (#rrggbb), picked from the picture; not used by 恢复原图. */
  colour: Type.Optional(Type.String({ pattern: '^#[0-9a-fA-F]{6}$' })),
  /** The round brush's diameter. */
  width: Type.Integer({ minimum: REPAIR_LIMITS.minWidth, maximum: REPAIR_LIMITS.maxWidth }),
  /** The brush's path: [x, y] pairs; one point is a dab. */
  points: Type.Array(Type.Tuple([Coordinate, Coordinate]), {
    minItems: 1,
    maxItems: REPAIR_LIMITS.pointsPerStroke,
  }),
});
export type RepairStroke = Static<typeof RepairStroke>;

export const RepairStrokes = Type.Array(RepairStroke, { maxItems: REPAIR_LIMITS.strokes });

/**
 * How much a set of strokes paints, at most: each segment's length plus the brush's width, times
 * the width (a dab, width²). The editor stops a stroke before it passes what the server takes.
 */
export function repairInk(strokes: readonly Pick<RepairStroke, 'width' | 'points'>[]): number {
  let ink = 0;
  for (const { width, points } of strokes) {
    if (points.length === 1) ink += width * width;
    for (let i = 1; i < points.length; i += 1) {
      const [ax, ay] = points[i - 1] as [number, number];
      const [bx, by] = points[i] as [number, number];
      ink += (Math.hypot(bx - ax, by - ay) + width) * width;
    }
  }
  return ink;
}

/** The most ink a picture of this size takes in one request (REPAIR_LIMITS.inkPerImage). */
export const repairInkBudget = (width: number, height: number) =>
  REPAIR_LIMITS.inkPerImage * Math.max(width * height, 1_000_000);

/** Every point of every stroke. */
export const repairPoints = (strokes: readonly Pick<RepairStroke, 'points'>[]) =>
  strokes.reduce((sum, stroke) => sum + stroke.points.length, 0);
