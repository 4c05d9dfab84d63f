/**
 * Where a translation goes: the free room around its line (up to the next line, inside the label
 * or panel it was printed on, inside the picture), and which blocks were one list in the original
 * (one size, one weight).
 */
import type { TranslatedBlock } from '@chuhai/contract';
import type { TextBox } from '../ocr/index.ts';
import { dashBeside } from './dashes.ts';
import { beforeSideEdges, clippedTo, edgeBelow, labelAround, labelOutline, withinLabel } from './label.ts';
import { type Printed, printedBeside } from './printed-beside.ts';
import { HEIGHT_SLACK } from './render.ts';
import type { RgbImage } from './rgb-image.ts';

/** A label at most this many times as tall as its line is a pill or a tag, centred on (label.ts). */
export const PILL = 2;
/** A line whose middle is this share of its pill's width from the pill's middle was centred on it. */
const CENTRED = 0.1;

/** Growth caps: a translation may take at most this much more width and height than its original. */
const ROOM_WIDTH = 1.8;
const ROOM_HEIGHT = 2.5;
/** A line at least this many times as tall as the one under it is a headline over a subtitle. */
const HEADLINE_OVER = 3;
/** A column (vertical text) may take this much more width: an English word is wider than a character. */
const COLUMN_ROOM_WIDTH = 2.5;

const overlaps = (a0: number, a1: number, b0: number, b1: number) => a0 < b1 && b0 < a1;

/**
 * The free space a block's translation may grow into when it is longer than the original (English
 * runs about 1.5–2× the width of the same Chinese): sideways as its alignment allows and downwards,
 * up to the next block or a margin from the image's edge, and never more than ROOM_WIDTH ×
 * ROOM_HEIGHT of its box.
 */
export function roomAround(
  block: { id: number; box: TextBox; align: 'left' | 'center' | 'right' },
  all: { id: number; box: TextBox }[],
  size: { width: number; height: number },
): TextBox {
  const margin = Math.round(Math.min(size.width, size.height) * 0.03);
  const { x, y, width, height } = block.box;
  const others = all.filter((o) => o.id !== block.id).map((o) => o.box);
  const sameRow = others.filter((o) => overlaps(o.y, o.y + o.height, y, y + height));
  const rightLimit = Math.min(
    size.width - margin,
    ...sameRow.filter((o) => o.x >= x + width).map((o) => o.x - margin),
  );
  const leftLimit = Math.max(
    margin,
    ...sameRow.filter((o) => o.x + o.width <= x).map((o) => o.x + o.width + margin),
  );
  // A column's translation is laid out upright, a word a line: it needs the room of a word's width.
  const column = height > width * 1.6;
  const extra = width * ((column ? COLUMN_ROOM_WIDTH : ROOM_WIDTH) - 1);
  let left = x;
  let right = x + width;
  if (block.align === 'left') right = Math.max(right, Math.min(rightLimit, right + extra));
  else if (block.align === 'right') left = Math.min(left, Math.max(leftLimit, left - extra));
  else {
    left = Math.min(left, Math.max(leftLimit, left - extra / 2));
    right = Math.max(right, Math.min(rightLimit, right + extra / 2));
  }
  // Any block starting lower down in these columns stops the growth, also one whose box overlaps
  // this one's bottom (a shop sign's 3D letters reach into the line below them).
  const below = others.filter((o) => o.y > y && overlaps(o.x, o.x + o.width, left, right));
  // Fitting lets text run HEIGHT_SLACK past its room: the room ends that much above the margin,
  // the picture's or the next block's (a headline's second line ran onto the pill under it,
  // alimama's train-7).
  const before = (limit: number) => y + (limit - y) / HEIGHT_SLACK;
  const bottomLimit = Math.min(before(size.height - margin), ...below.map((o) => before(o.y - margin)));
  // Its own box (the original fitted there) is cut only so that the text, running HEIGHT_SLACK
  // past it, keeps the original's gap to the next block (up to the margin) and stays inside the
  // picture's margin; keeping at least half. The whole margin is for growing past the box: taken
  // from the box itself, it cut taobao4's 26 px 「收藏或关注本店」 to 13 px above the line under
  // it, and the translation fell to 9 px.
  // A block beside the line's end (train-1's 「>」 after 「底价疯抢」 on its pill) is not under it.
  const under = below.filter((o) => o.x + o.width / 2 > x && o.x + o.width / 2 < x + width);
  // A line at most a third of its height under it that begins inside its box is no gap the text
  // may close: the headline's letters reached past it there (the 3D extrusion and long last stroke
  // of RapidOCR ch_en_num's 「正品促销」 over the pill under it), and its plain translation, wrapped
  // to fill the box, ran onto the pill's rim. Lines of like size stacked tight (a tag's two lines,
  // a badge over its label) keep their gap as it was: kept a margin apart, their text shrank.
  const headlineOver = (o: TextBox) => o.y < y + height && o.height * HEADLINE_OVER <= height;
  const gapTo = (o: TextBox) =>
    headlineOver(o) ? margin : Math.min(margin, Math.max(0, o.y - (y + height)));
  const ownBottom = Math.max(
    y + height / 2,
    Math.min(y + height, before(size.height - margin), ...under.map((o) => before(o.y - gapTo(o)))),
  );
  const bottom = Math.max(ownBottom, Math.min(bottomLimit, y + height * ROOM_HEIGHT));
  return { x: Math.round(left), y, width: Math.round(right - left), height: Math.round(bottom - y) };
}

/**
 * Where a block's translation is drawn: `room`, the free space around it (roomAround), kept inside
 * the label it was printed on when there is one (label.ts, read on the erased picture); and `box`,
 * what it is centred on: its own line, or on a label the label's height, so that a translation
 * that takes two lines stays on the pill instead of running off its bottom; and `align` 'center'
 * for a line centred on its pill.
 */
export function layoutOf(
  picture: RgbImage,
  block: { id: number; box: TextBox; align: 'left' | 'center' | 'right' },
  all: { id: number; box: TextBox }[],
): {
  room: TextBox;
  box: TextBox;
  align?: 'left' | 'center' | 'right';
  sizeScale?: number;
  oneLine?: boolean;
} {
  const printed = printedBeside(picture, block.box, Math.ceil(block.box.width * (COLUMN_ROOM_WIDTH - 1)));
  const obstacles = all.map((other) =>
    other.id === block.id ? other : { ...other, box: withPill(picture, other.box, block.box) },
  );
  const outline = labelOutline(picture, block.box);
  const label = outline && labelAround(picture, block.box);
  // A line centred on its pill was set centred, whatever the blocks around it line up with (a
  // left-aligned translation sat at the left end of train-7's pill), and it may grow both ways:
  // grown rightwards only, RapidOCR ch_en_num's -40℃ pill lost its left end, and the translation
  // that fitted the whole pill wrapped to two lines off its bottom.
  const middle = (b: TextBox) => b.x + b.width / 2;
  // A line between two dashes is centred between them, as it was set.
  const dashes = {
    left: dashBeside(picture, block.box, 'left'),
    right: dashBeside(picture, block.box, 'right'),
  };
  const framed = !!dashes.left && !!dashes.right;
  const centred =
    framed ||
    (!!outline && !!label && Math.abs(middle(block.box) - middle(outline)) <= outline.width * CENTRED);
  const growing = centred ? { ...block, align: 'center' as const } : awayFromPrinted(block, printed);
  // Set against what is printed beside it, the line is aligned to that side as well as grown away.
  const turned = growing.align === block.align ? {} : { align: growing.align };
  const room = beforeDashes(
    block.box,
    dashes,
    beforeSideEdges(
      picture,
      block.box,
      beforePrinted(block.box, printed, roomAround(growing, obstacles, picture)),
    ),
  );
  // The text is centred on its box: on the room's part of it where a block below cut the room short.
  const box = { ...block.box, height: Math.min(block.box.height, room.y + room.height - block.box.y) };
  if (!outline || !label)
    return {
      room: beforeEdgeBelow(picture, block.box, room),
      box,
      ...(framed ? { align: 'center' as const } : turned),
    };
  // A panel or a card much taller than the line: its edges bound the room, the text stays put.
  if (label.height > block.box.height * PILL) return { room: clippedTo(room, label, box), box };
  // A pill or a tag: the translation is centred on it and kept off its edges. Fitting lets text run
  // HEIGHT_SLACK past its room's height (descenders, a tight OCR box); a label's edge is hard, so
  // the room on it is that much shorter, centred on the label.
  const short = {
    ...label,
    y: label.y + (label.height - label.height / HEIGHT_SLACK) / 2,
    height: label.height / HEIGHT_SLACK,
  };
  // Measured from `box`, cut short above a block below on the same label: from the line's own box,
  // 「168 元」's two-line translation on taobao4's red price box ran onto 「今日活动价」 under it.
  // Never taller than the label: an OCR box is often taller than a tight pill, and a translation
  // that took that height in two lines ran over the pill's top and bottom (train-0's 「点击抢购」).
  const across = withinLabel(room, short, box);
  const insideBottom = Math.min(short.y + short.height, room.y + room.height);
  const inside =
    insideBottom - short.y >= short.height / 2
      ? { ...across, y: short.y, height: insideBottom - short.y }
      : across;
  // Centred on the label, or on its part above a block below on it: text that takes the label's
  // full height (the slack) then stays off its edges. Centred on its inside instead, the text as
  // tall as the pill started at the inside's top and ran past the pill's bottom (train-7).
  const top = Math.min(block.box.y, outline.y);
  const bottom = Math.min(outline.y + outline.height, room.y + room.height);
  // A label well inside its line's box: the box overstates the text (a slanted line's upright box,
  // alimama's train-8: 「冬季加绒」 across a speech bubble, 118 × 71 for 25 px letters), and so does
  // the size read from it. Started from that size the English could not come down far enough to
  // fit the bubble, and ran past it; it starts as much smaller as the room is than the box.
  // Across, the room is then the label's, off its edge, not the box's: the box ran past the
  // bubble's sides, and so did the English.
  const overstated = outline.height < block.box.height * OVERSTATED;
  const pad = label.y - outline.y;
  const sides = overstated ? { x: outline.x + pad, width: outline.width - 2 * pad } : {};
  return {
    room: { ...inside, ...sides },
    box: { ...block.box, y: top, height: Math.max(box.height, bottom - top) },
    ...(centred ? { align: 'center' as const } : turned),
    ...(overstated ? { sizeScale: short.height / block.box.height } : {}),
    // A pill holds one line: its edge is hard, and a second line halves the size (render.ts).
    oneLine: true,
  };
}

/** A translation keeps this share of its line's smaller side clear of what is printed beside it. */
const PRINTED_GAP = 0.2;
const printedGap = (box: TextBox) => Math.round(Math.min(box.width, box.height) * PRINTED_GAP);

/**
 * `room` ended before what is still printed beside the erased line (printed-beside.ts): kept text
 * is in no block's box, so roomAround does not see it. RapidOCR ch_en_num's 「5.8起」: the
 * translation of 「起」 grew left over the big 8 kept beside it, which then got a white halo that
 * bit the 8's side off. Into the line's own box by the gap at most: the detector's box of 「起」
 * often takes in the 8's last columns.
 */
function beforePrinted(box: TextBox, printed: Printed, room: TextBox): TextBox {
  const gap = printedGap(box);
  const right = room.x + room.width;
  const x0 = printed.left === null ? room.x : Math.min(box.x + gap, Math.max(room.x, printed.left + 1 + gap));
  const x1 =
    printed.right === null ? right : Math.max(box.x + box.width - gap, Math.min(right, printed.right - gap));
  return { ...room, x: x0, width: x1 - x0 };
}

/**
 * A line with something solid printed right against one side (no gap left there) grows to the
 * other and starts from that side, as a designer sets 「起」 after a price: centred, its translation
 * had half the growth only; aligned right (with the price's right edge), none. A thin rule beside
 * it (a table's cell) only ends its room.
 */
function awayFromPrinted<B extends { box: TextBox; align: 'left' | 'center' | 'right' }>(
  block: B,
  printed: Printed,
): B {
  const gap = printedGap(block.box);
  const right = block.box.x + block.box.width;
  const againstLeft = printed.solid.left && block.box.x - 1 - (printed.left as number) <= gap;
  const againstRight = printed.solid.right && (printed.right as number) - right <= gap;
  if (againstLeft === againstRight) return block;
  const away = againstLeft ? 'left' : 'right';
  return block.align === away ? block : { ...block, align: away };
}

/** A translation keeps this share of its line's height clear of a dash beside it. */
const DASH_GAP = 0.25;

/**
 * `room` ended before a decorative dash beside the line (dashes.ts), on either side: alimama
 * test-2's 「—顺丰包邮 终身包退—」 and train-12's 「—— 设计师推荐 ——」 grew their English sideways
 * and drew the dash through the last word. May cut into the box: its edge is the detector's, a
 * few pixels from the dash.
 */
function beforeDashes(
  box: TextBox,
  { left, right }: { left: TextBox | null; right: TextBox | null },
  room: TextBox,
): TextBox {
  const gap = Math.round(box.height * DASH_GAP);
  const x0 = left ? Math.max(room.x, left.x + left.width + gap) : room.x;
  const x1 = right ? Math.min(room.x + room.width, right.x - gap) : room.x + room.width;
  if (x1 - x0 < box.height) return room;
  // Between two dashes the text stays on their row: a second line would hang below the frame.
  const height = left && right ? Math.min(room.height, box.height) : room.height;
  return { ...room, x: x0, width: x1 - x0, height };
}

/**
 * `room` ended above the straight edge under a line that is on no label: a wrapped translation
 * that ran past it was drawn on another surface, where its colour may not read (alimama valid-1:
 * the cream second line over the pale floor under its teal band, given a black halo the original
 * never had). Fitting lets text run HEIGHT_SLACK past its room, so the room ends that much above
 * the edge; never above the line's own box, where the original fitted.
 */
function beforeEdgeBelow(picture: RgbImage, box: TextBox, room: TextBox): TextBox {
  const bottom = box.y + box.height;
  const edge = edgeBelow(picture, box, room.y + room.height - bottom);
  if (edge === null) return room;
  const end = Math.max(bottom, room.y + (bottom - 1 + edge - room.y) / HEIGHT_SLACK);
  return { ...room, height: Math.round(Math.min(room.y + room.height, end) - room.y) };
}

/** A label this much shorter than its line's box lies inside the box, which overstates the text. */
const OVERSTATED = 0.8;

/**
 * Another block's box as an obstacle to `mine`: with the pill or tag it is printed on, whose top
 * is above its text (a title's wrapped second line ran onto the yellow pill under it, alimama's
 * train-18); a label that holds `mine` too, or a panel much taller than the line, is no obstacle.
 */
function withPill(picture: RgbImage, box: TextBox, mine: TextBox): TextBox {
  const pill = labelOutline(picture, box);
  if (!pill || pill.height > box.height * PILL) return box;
  const overlapsMine =
    overlaps(pill.x, pill.x + pill.width, mine.x, mine.x + mine.width) &&
    overlaps(pill.y, pill.y + pill.height, mine.y, mine.y + mine.height);
  if (overlapsMine) return box;
  const x = Math.min(box.x, pill.x);
  const y = Math.min(box.y, pill.y);
  const right = Math.max(box.x + box.width, pill.x + pill.width);
  const bottom = Math.max(box.y + box.height, pill.y + pill.height);
  return { x, y, width: right - x, height: bottom - y };
}

/** Two blocks' colours this near (RGB distance) are one: items of a list share their colour. */
const LIST_COLOUR = 80;

const rgbOf = (color: string) => [1, 3, 5].map((at) => Number.parseInt(color.slice(at, at + 2), 16));

/**
 * Indexes of blocks that were parallel items in the original: the same size (within 15%) and
 * colour, and either in one column (the same alignment, lined up on that edge within 2% of the image's width)
 * or in one row (tops within 15% of the line's height): a 2 × 2 grid of selling points is one list.
 */
export function siblings(blocks: TranslatedBlock[], width: number): number[][] {
  const anchor = (b: TranslatedBlock) =>
    b.align === 'left' ? b.box.x : b.align === 'right' ? b.box.x + b.box.width : b.box.x + b.box.width / 2;
  const parallel = (a: TranslatedBlock, b: TranslatedBlock) => {
    if (Math.abs(a.fontSize - b.fontSize) > a.fontSize * 0.15) return false;
    // Lines of different colours stacked in one column are no list: taobao4's white 「收藏或关注本店」
    // on a banner, yellow 「今日活动价」 on a price box and red 「原版正品」 in a white box were chained
    // into one, and all drawn at the size of the one that overflowed.
    if (Math.hypot(...rgbOf(a.color).map((v, c) => v - (rgbOf(b.color)[c] as number))) > LIST_COLOUR)
      return false;
    const column = a.align === b.align && Math.abs(anchor(a) - anchor(b)) <= width * 0.02;
    const row =
      Math.abs(a.box.y - b.box.y) <= a.box.height * 0.15 &&
      Math.abs(a.box.height - b.box.height) <= a.box.height * 0.15;
    return column || row;
  };
  // Each block joins the list of every earlier block it is parallel to (lists it links are merged).
  const listOf = blocks.map((_, i) => i);
  const root = (i: number): number => (listOf[i] === i ? i : root(listOf[i] as number));
  blocks.forEach((block, i) => {
    for (let j = 0; j < i; j++) if (parallel(blocks[j] as TranslatedBlock, block)) listOf[root(i)] = root(j);
  });
  const lists = new Map<number, number[]>();
  for (let i = 0; i < blocks.length; i++) lists.set(root(i), [...(lists.get(root(i)) ?? []), i]);
  return [...lists.values()].filter((list) => list.length > 1);
}

/**
 * Parallel items were set in one weight: each list is drawn in the weight most of its items were
 * read in (a stroke count near the bold threshold reads one item bold and the next regular).
 */
export function oneWeightPerList(blocks: TranslatedBlock[], width: number): TranslatedBlock[] {
  const out = [...blocks];
  for (const group of siblings(blocks, width)) {
    const bold = group.filter((i) => blocks[i]?.bold).length * 2 >= group.length;
    for (const i of group) out[i] = { ...(out[i] as TranslatedBlock), bold };
  }
  return out;
}
