import { readingOrder, unionBox, verticalOverlap } from './layout.ts';
import type { TextBlock, TextBox, TextLine } from './types.ts';

/**
 * A line joins the block above it when the white between them is at most this share of the line's
 * height. Body text is set at 1.2–1.8 em, which leaves 0.3–0.9 of a line's box height between
 * boxes; a designer separates a badge, a caption or the next paragraph by more.
 */
const MAX_GAP = 1;
/** …when the heights differ by less than this factor (a title above its body text is two blocks)… */
const SAME_SIZE = 1.3;
/**
 * …and when their left edges, middles or right edges line up within this share of the height
 * (box edges wander by a glyph's side bearing, under a tenth of an em; a short last line of a
 * centred paragraph still shares its middle).
 */
const ALIGNED = 0.6;
/**
 * A block of two or more lines keeps its rhythm: a line whose gap is more than this factor of the
 * block's usual gap (plus a little for jitter) starts a new paragraph.
 */
const SAME_RHYTHM = 1.5;
/** A list item starts a block of its own: •, ·, -, *, ①, "1." or "1、" and the like. */
const LIST_MARKER =
  /^(?:[•·●○■□◆◇▪▸►✓✔√\-*–—]|[\u2460-\u2473\u2776-\u2793]|\d{1,2}[.、)）]|[（(]\d{1,2}[)）])/u;

interface Growing {
  lines: TextLine[];
}

/**
 * Lines a designer laid out together: vertically adjacent, of one size, lined up, not list items.
 * Blocks come top to bottom; each one's alignment is read from its lines, or for a single line
 * from the blocks around it (see `alignmentOf`).
 */
export function groupIntoBlocks(lines: TextLine[]): TextBlock[] {
  const blocks: Growing[] = [];
  for (const line of readingOrder(lines)) {
    const target = LIST_MARKER.test(line.text) ? undefined : bestBlockAbove(blocks, line);
    if (target) target.lines.push(line);
    else blocks.push({ lines: [line] });
  }
  const boxes = blocks.map((block) => unionBox(block.lines.map((line) => line.box)));
  const edges = blocks.map((block, i) => ({
    box: boxes[i] as TextBox,
    lineHeight: Math.min(...block.lines.map((line) => line.box.height)),
  }));
  return blocks
    .map((block, i) => ({
      lines: block.lines,
      box: boxes[i] as TextBox,
      text: block.lines.map((line) => line.text).join('\n'),
      align: alignmentOf(
        block.lines,
        boxes[i] as TextBox,
        edges.filter((_, j) => j !== i),
      ),
      lineHeight: lineHeightOf(block.lines),
    }))
    .sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
}

/** The block whose last line this line continues, the nearest one when several would do. */
function bestBlockAbove(blocks: readonly Growing[], line: TextLine): Growing | undefined {
  let best: Growing | undefined;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const block of blocks) {
    const last = block.lines.at(-1) as TextLine;
    const gap = line.box.y - (last.box.y + last.box.height);
    const low = Math.min(last.box.height, line.box.height);
    const high = Math.max(last.box.height, line.box.height);
    if (verticalOverlap(last.box, line.box) > 0.5) continue; // same row: not a next line
    if (gap > MAX_GAP * low || gap < -0.5 * low) continue;
    if (high > SAME_SIZE * low) continue;
    if (!lineUp(last.box, line.box, ALIGNED * low)) continue;
    if (!keepsRhythm(block.lines, gap, low)) continue;
    if (gap < bestGap) {
      best = block;
      bestGap = gap;
    }
  }
  return best;
}

function lineUp(a: TextBox, b: TextBox, tolerance: number): boolean {
  return (
    Math.abs(a.x - b.x) <= tolerance ||
    Math.abs(a.x + a.width / 2 - (b.x + b.width / 2)) <= tolerance ||
    Math.abs(a.x + a.width - (b.x + b.width)) <= tolerance
  );
}

function keepsRhythm(lines: readonly TextLine[], gap: number, height: number): boolean {
  if (lines.length < 2) return true;
  const gaps = lines.slice(1).map((line, i) => {
    const above = (lines[i] as TextLine).box;
    return line.box.y - (above.y + above.height);
  });
  const usual = gaps.reduce((sum, g) => sum + g, 0) / gaps.length;
  return gap <= SAME_RHYTHM * Math.max(0, usual) + 0.15 * height;
}

/**
 * Several lines: the edge (left, middle, right) along which they line up best, left first when
 * lines are equally long. One line: left, centred or right when it lines up with a neighbouring
 * block's left edge, middle or right edge (no block between them) within a share of the smaller
 * one's height (a title over a paragraph), else centred (a badge, a label on its own), so a longer
 * or shorter translation stays where the eye expects it.
 */
function alignmentOf(
  lines: readonly TextLine[],
  box: TextBox,
  others: readonly { box: TextBox; lineHeight: number }[],
): TextBlock['align'] {
  const tolerance = ALIGNED * Math.min(...lines.map((line) => line.box.height));
  const spread = (edge: (b: TextBox) => number) => {
    const values = lines.map((line) => edge(line.box));
    return Math.max(...values) - Math.min(...values);
  };
  if (lines.length >= 2) {
    const left = spread((b) => b.x);
    const center = spread((b) => b.x + b.width / 2);
    const right = spread((b) => b.x + b.width);
    if (left <= tolerance) return 'left';
    if (center <= tolerance) return 'center';
    if (right <= tolerance) return 'right';
    const least = Math.min(left, center, right);
    return least === left ? 'left' : least === center ? 'center' : 'right';
  }
  // Within a share of the smaller text's height: the 18 px lines of a label on a bottle far below
  // ended 28 px from where a centred 48 px heading ended, and pushed its translation to the right.
  const lined = (other: { box: TextBox; lineHeight: number }, edge: (b: TextBox) => number) =>
    Math.abs(edge(other.box) - edge(box)) <= Math.min(tolerance, ALIGNED * other.lineHeight);
  // Only a neighbour counts (a title and the text right above or below it): the 3D headline across
  // a poster's top ended 10 px from where a small price three blocks down ended, and its
  // translation was pushed to the picture's right edge.
  const neighbours = others.filter(
    (other) => !others.some((between) => between !== other && liesBetween(between.box, box, other.box)),
  );
  if (neighbours.some((other) => lined(other, (b) => b.x))) return 'left';
  // A line centred over its neighbour is centred, though a right edge may also come close: the
  // poster's 「惊喜福利不容错过」 pill under the big 5.8 ended 8 px from where the price ended.
  if (neighbours.some((other) => lined(other, (b) => b.x + b.width / 2))) return 'center';
  if (neighbours.some((other) => lined(other, (b) => b.x + b.width))) return 'right';
  return 'center';
}

/** Whether `c` sits in the gap between `a` and `b`, one above the other, under or over either of them. */
function liesBetween(c: TextBox, a: TextBox, b: TextBox): boolean {
  const [upper, lower] = a.y <= b.y ? [a, b] : [b, a];
  const middle = c.y + c.height / 2;
  if (middle <= upper.y + upper.height || middle >= lower.y) return false;
  const across = (d: TextBox) => c.x < d.x + d.width && d.x < c.x + c.width;
  return across(a) || across(b);
}

/** Mean distance from one line's top to the next; a single line's height. */
function lineHeightOf(lines: readonly TextLine[]): number {
  const first = lines[0] as TextLine;
  const last = lines.at(-1) as TextLine;
  if (lines.length < 2) return first.box.height;
  return Math.round((last.box.y - first.box.y) / (lines.length - 1));
}
