import type { TextBox, TextLine } from './types.ts';

/**
 * Two boxes on one row are one line when the gap between them is under this share of their height.
 * The detector splits a line at a wide space (a 60 px "限时特惠 ¥99" comes as two boxes 9 px apart);
 * a designer who means two separate things (table columns, a price beside a name) leaves more
 * than an em between them.
 */
const JOIN_GAP = 1;
/** …and when their heights differ by less than this factor (a large title beside small text is two things). */
const SAME_HEIGHT = 1.3;
/** Boxes are on one row when they overlap vertically by this share of the smaller one's height. */
const SAME_ROW = 0.6;

/** The smallest box holding all of `boxes`. */
export function unionBox(boxes: readonly TextBox[]): TextBox {
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** How much of the smaller box's height the two boxes share. */
export function verticalOverlap(a: TextBox, b: TextBox): number {
  const shared = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return Math.max(0, shared) / Math.min(a.height, b.height);
}

/** Lines in reading order: rows top to bottom, left to right within a row. */
export function readingOrder(lines: readonly TextLine[]): TextLine[] {
  return rowsOf(lines).flat();
}

/**
 * Lines in reading order, with the pieces of a line the detector split at a wide space joined
 * again (text joined by a space, score weighted by length). `apart` tells near pieces that the
 * pixels show are two things (two labels side by side, label-gap.ts): they are never joined.
 */
export function arrangeLines(
  lines: readonly TextLine[],
  apart: (left: TextBox, right: TextBox) => boolean = () => false,
): TextLine[] {
  return rowsOf(lines).flatMap((row) => joinRow(row, apart));
}

/** Lines grouped into rows (top to bottom), each sorted left to right. */
function rowsOf(lines: readonly TextLine[]): TextLine[][] {
  const byTop = [...lines].sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  const rows: TextLine[][] = [];
  for (const line of byTop) {
    const row = rows.find((candidate) =>
      candidate.some((other) => verticalOverlap(other.box, line.box) >= SAME_ROW),
    );
    if (row) row.push(line);
    else rows.push([line]);
  }
  for (const row of rows) row.sort((a, b) => a.box.x - b.box.x);
  return rows.sort((a, b) => Math.min(...a.map((l) => l.box.y)) - Math.min(...b.map((l) => l.box.y)));
}

/** Joins neighbours in one row (sorted left to right) that are pieces of one line. */
function joinRow(row: readonly TextLine[], apart: (left: TextBox, right: TextBox) => boolean): TextLine[] {
  const joined: TextLine[] = [];
  for (const line of row) {
    const previous = joined.at(-1);
    if (previous && piecesOfOneLine(previous.box, line.box) && !apart(previous.box, line.box)) {
      const chars = [...previous.text].length;
      const more = [...line.text].length;
      joined[joined.length - 1] = {
        text: `${previous.text} ${line.text}`,
        box: unionBox([previous.box, line.box]),
        score: (previous.score * chars + line.score * more) / (chars + more),
      };
    } else joined.push(line);
  }
  return joined;
}

/** A box this much taller than wide is a column of vertical text. */
const COLUMN = 1.5;
const isColumn = (box: TextBox) => box.height >= COLUMN * box.width;

function piecesOfOneLine(left: TextBox, right: TextBox): boolean {
  // Columns side by side are two lines of vertical text (a scroll's two verses), never one.
  if (isColumn(left) && isColumn(right)) return false;
  const low = Math.min(left.height, right.height);
  const high = Math.max(left.height, right.height);
  const gap = right.x - (left.x + left.width);
  return high <= SAME_HEIGHT * low && verticalOverlap(left, right) >= SAME_ROW && gap <= JOIN_GAP * low;
}
