/**
 * Letters with an outline, as ink.ts reads them: the fill closed in by an outline (white letters
 * outlined in black on a red box), a colour group that hugs the strokes on every side, and a fill
 * the letters are printed in (a speech bubble), which is no outline.
 */
import type { TextBox } from '../ocr/index.ts';
import { dilate, enclosed } from './masks.ts';
import { colourDistance } from './rgb-image.ts';

/**
 * When the group taken for ink closes in another (the letters' fill inside an outline, which can
 * cover as much of the box as a bold fill does), the fill is the ink and the first its outline.
 * The fill is judged inside the line's own box (`pad` in from the grown box's edge): a neighbouring
 * box of the fill's colour may reach into the grown part (taobao4's white 「原版正品」 box under the
 * outlined 「精选优质面料」), and counted there it hid the flip, so the white letters were drawn
 * back black. Returns the ink's group and, after a flip, the fill pixels reaching the box's edge
 * through their own colour: the neighbour's, not the letters'.
 */
export function fillInside(
  labels: Uint8Array,
  box: TextBox,
  ink: number,
  groups: { background: number; innerShare: number[]; pad: number; centres: number[][] },
): { ink: number; enclosing: number | null; neighbour: Uint8Array | null } {
  const mask = new Uint8Array(labels.length);
  for (let i = 0; i < labels.length; i++) mask[i] = labels[i] === ink ? 1 : 0;
  const closed = dilate(mask, box.width, box.height, 1);
  const holes = enclosed(closed, box.width, box.height);
  const { pad } = groups;
  for (let g = 0; g < groups.innerShare.length; g++) {
    if (g === ink || g === groups.background || (groups.innerShare[g] as number) < 0.03) continue;
    if (isBlend(groups.centres, g, groups.background, ink)) continue;
    let inside = 0;
    let count = 0;
    for (let y = pad; y < box.height - pad; y++)
      for (let x = pad; x < box.width - pad; x++) {
        const i = y * box.width + x;
        if (labels[i] !== g || closed[i]) continue;
        count += 1;
        inside += holes[i] as number;
      }
    if (inside <= count * 0.6) continue;
    // The group taken first may be the blend at the fill's edge (thin strokes are half edge): then
    // the fill is the ink and nothing is its outline.
    const edge = isBlend(groups.centres, ink, groups.background, g);
    return { ink: g, enclosing: edge ? null : ink, neighbour: reachingEdge(labels, box, g) };
  }
  return { ink, enclosing: null, neighbour: null };
}

/**
 * Whether group `g` lies on the way from colour group `from` to `to`: the blend at their edge. In
 * small white letters on black (alimama poster train-11's 「26寸建议身高」) the grey of the
 * anti-aliased counters is closed in by the white, and was taken for the letters' fill: they were
 * drawn back grey in a white outline.
 */
function isBlend(centres: number[][], g: number, from: number, to: number): boolean {
  const [a, b, c] = [centres[from], centres[g], centres[to]] as [number[], number[], number[]];
  return colourDistance(a, b) + colourDistance(b, c) <= colourDistance(a, c) * 1.1;
}

/** The pixels of group `g` joined to the box's edge through pixels of `g` (4-connected). */
function reachingEdge(labels: Uint8Array, box: TextBox, g: number): Uint8Array {
  const other = new Uint8Array(labels.length);
  for (let i = 0; i < labels.length; i++) other[i] = labels[i] === g ? 0 : 1;
  const holes = enclosed(other, box.width, box.height);
  const reaching = new Uint8Array(labels.length);
  for (let i = 0; i < labels.length; i++) reaching[i] = labels[i] === g && !holes[i] ? 1 : 0;
  return reaching;
}

/** A ring around the ink with this share of a colour is (still) an outline of that colour. */
const OUTLINE_SHARE = 0.45;

/** The rings around the ink, a pixel wide each, as far as an outline is looked for. */
export function ringsAround(core: Uint8Array, box: TextBox): Uint8Array[] {
  const reach = Math.max(3, Math.round(Math.min(box.width, box.height) * 0.1));
  let previous = core;
  const rings: Uint8Array[] = [];
  for (let d = 1; d <= reach; d++) {
    const grown = dilate(core, box.width, box.height, d);
    const ring = new Uint8Array(core.length);
    for (let i = 0; i < core.length; i++) ring[i] = grown[i] && !previous[i] ? 1 : 0;
    rings.push(ring);
    previous = grown;
  }
  return rings;
}

function shareIn(labels: Uint8Array, ring: Uint8Array, group: number): number {
  let on = 0;
  let of = 0;
  for (let i = 0; i < ring.length; i++)
    if (ring[i]) {
      of += 1;
      if (labels[i] === group) on += 1;
    }
  return on / Math.max(1, of);
}

/**
 * A colour group that surrounds the ink (most pixels just outside the strokes, two pixels deep and
 * more) and is not the background: an outline or a heavy shadow, drawn back with the translation.
 * An anti-aliased edge is a pixel or two deep and does not count, unless the group closes the ink
 * in (`enclosing`, the group fillInside found the letters' fill inside): then it is their outline
 * however thin, as wide as the rings around the fill it holds most of. taobao4's 「精选优质面料」
 * is outlined 1–2 px at 24 px, and its translation was drawn without one. It must hug them still:
 * a red ribbon closing in white letters (alimama poster test-2) is what they are printed on. The fill the letters
 * are printed in inside a frame of their colour (`fill`, frameAround) is no outline of them.
 */
export function findOutline(
  labels: Uint8Array,
  core: Uint8Array,
  box: TextBox,
  rings: Uint8Array[],
  groups: {
    ink: number;
    background: number;
    centres: number[][];
    enclosing: number | null;
    fill: number | null;
  },
): { group: number; width: number } | null {
  for (let g = 0; g < groups.centres.length; g++) {
    if (g === groups.ink || g === groups.background || g === groups.fill) continue;
    const from = groups.centres[g] as number[];
    if (colourDistance(from, groups.centres[groups.background] as number[]) < 60) continue;
    if (colourDistance(from, groups.centres[groups.ink] as number[]) < 60) continue;
    // The first ring is the anti-aliased edge between the ink and the outline: any colour.
    let width = 1;
    for (const ring of rings.slice(1)) {
      if (shareIn(labels, ring, g) < OUTLINE_SHARE) break;
      width += 1;
    }
    if (width >= 3 && allAlong(labels, rings[1], box, g) && hugsStrokes(labels, core, box, g, width))
      return { group: g, width };
  }
  if (groups.enclosing === null || groups.enclosing === groups.fill) return null;
  const enclosing = groups.enclosing;
  const apart = (a: number, b: number) =>
    colourDistance(groups.centres[a] as number[], groups.centres[b] as number[]) >= 60;
  if (!apart(enclosing, groups.ink) || !apart(enclosing, groups.background)) return null;
  const thin = rings.findIndex((ring) => shareIn(labels, ring, enclosing) < OUTLINE_SHARE);
  if (thin <= 0 || !hugsStrokes(labels, core, box, enclosing, thin)) return null;
  return { group: enclosing, width: thin };
}

/** Pieces of the line, along it, in each of which an outline must be around the letters. */
const PIECES = 4;

/**
 * Whether group `g` is around the letters all along the line: in each of PIECES pieces along it,
 * on at least half of OUTLINE_SHARE of the ring there. A gradient's half closes in the letters on
 * its half only: the magenta half of RapidOCR ch_en_num's magenta-to-purple 「-40℃深度防冻不结冰」
 * pill read as the white letters' 3 px outline.
 */
function allAlong(labels: Uint8Array, ring: Uint8Array | undefined, box: TextBox, g: number): boolean {
  if (!ring) return false;
  const across = box.width >= box.height;
  const length = across ? box.width : box.height;
  const on = new Array<number>(PIECES).fill(0);
  const of = new Array<number>(PIECES).fill(0);
  for (let i = 0; i < ring.length; i++) {
    if (!ring[i]) continue;
    const x = i % box.width;
    const along = across ? x : (i - x) / box.width;
    const piece = Math.min(PIECES - 1, Math.floor((along * PIECES) / length));
    of[piece] = (of[piece] as number) + 1;
    if (labels[i] === g) on[piece] = (on[piece] as number) + 1;
  }
  // A piece the letters leave (a short line's end) has too little ring to judge.
  const least = ring.reduce((sum, v) => sum + v, 0) / (PIECES * 4);
  return of.every((n, p) => n < least || (on[p] as number) >= n * (OUTLINE_SHARE / 2));
}

/**
 * What a fill of group `g` closes in (the letters printed in it), with a pixel around for their
 * anti-aliased edge. What lies outside (the bubble's border drawn in the letters' colour, the photo
 * around it) is not the letters'.
 */
export function closedIn(labels: Uint8Array, box: TextBox, g: number): Uint8Array {
  const fill = new Uint8Array(labels.length);
  for (let i = 0; i < labels.length; i++) fill[i] = labels[i] === g ? 1 : 0;
  return dilate(enclosed(fill, box.width, box.height), box.width, box.height, 1);
}

/**
 * Of the pixels of group `g` joined to the ring around the ink, the share farther from the ink than
 * an outline reaches, above which the group is a label the letters are printed on, not their
 * outline: a white price pill around red digits (alimama poster train-10's 「398」) passed for a
 * 4 px white outline and was erased with them, pill and all.
 */
const LABEL_BEYOND = 0.12;

function hugsStrokes(labels: Uint8Array, core: Uint8Array, box: TextBox, g: number, width: number): boolean {
  const near = dilate(core, box.width, box.height, width + 2);
  const reached = new Uint8Array(labels.length);
  const queue: number[] = [];
  const ring = dilate(core, box.width, box.height, 2);
  for (let i = 0; i < labels.length; i++)
    if (ring[i] && !core[i] && labels[i] === g) {
      reached[i] = 1;
      queue.push(i);
    }
  let beyond = 0;
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head] as number;
    if (!near[i]) beyond += 1;
    const x = i % box.width;
    for (const n of [x > 0 ? i - 1 : -1, x < box.width - 1 ? i + 1 : -1, i - box.width, i + box.width])
      if (n >= 0 && n < labels.length && !reached[n] && labels[n] === g) {
        reached[n] = 1;
        queue.push(n);
      }
  }
  return beyond <= queue.length * LABEL_BEYOND;
}

/**
 * The inside of a fill of group `g` the letters are printed in: its pixels and what they close in,
 * less a pixel along its border. Marks kept in there leave the border alone and stand on the fill
 * alone, which the erase then fills flat (haze.ts fillFlatRegions); marks that reached the
 * bubble's black border were inpainted into grey smudges across it.
 */
export function insideOf(labels: Uint8Array, box: TextBox, g: number): Uint8Array {
  const fill = new Uint8Array(labels.length);
  for (let i = 0; i < labels.length; i++) fill[i] = labels[i] === g ? 1 : 0;
  const holes = enclosed(fill, box.width, box.height);
  const outside = new Uint8Array(labels.length);
  for (let i = 0; i < labels.length; i++) outside[i] = fill[i] || holes[i] ? 0 : 1;
  const nearOutside = dilate(outside, box.width, box.height, 1);
  const inside = new Uint8Array(labels.length);
  for (let i = 0; i < labels.length; i++) inside[i] = nearOutside[i] ? 0 : 1;
  return inside;
}

/**
 * Share of the letters' pixels framed, from which the frame is drawn around them: 0.86 for words
 * in a bubble the line's box cuts; a caption whose ends cross another colour of the photo has its
 * middle framed on two sides only, none counted.
 */
const FRAMED = 0.75;

/**
 * A fill the letters are printed in whose border is drawn in their own colour (a speech bubble:
 * white, outlined black, around black words): the group that closes in the letters while the
 * rest of the ink's pixels, outside it, stand on three sides of them or four. Words over a photo
 * split between two colours of it are not framed by their own other half (nothing above or below
 * them). Null when there is no such fill. On alimama poster train-8 the white of the bubble around
 * 「冬季加绒」 read as a 10 px white outline of the letters and its border as their strokes: the
 * bubble, border, tail and all, was erased with its words.
 */
export function frameAround(labels: Uint8Array, box: TextBox, ink: number): number | null {
  // All of the ink's colour: a frame cut by the box's edge was already left out of the letters.
  const core = new Uint8Array(labels.length);
  for (let i = 0; i < labels.length; i++) core[i] = labels[i] === ink ? 1 : 0;
  for (let g = 0; g < GROUPS_MAX; g++) {
    if (g === ink) continue;
    const theirs = closedIn(labels, box, g);
    let letters = 0;
    let frame = 0;
    for (let i = 0; i < core.length; i++) if (core[i]) theirs[i] ? letters++ : frame++;
    if (letters < (letters + frame) * 0.2 || frame < (letters + frame) * 0.05) continue;
    if (framedShare(core, theirs, box) >= FRAMED) return g;
  }
  return null;
}

/** A letter pixel is framed with the frame on this many of its four sides (the box may cut the fourth). */
const FRAMED_SIDES = 3;

/** Groups a reading has at most (ink.ts reads four). */
const GROUPS_MAX = 4;

/** Of the core's pixels inside `theirs`, the share with core pixels outside it left, right, above and below. */
function framedShare(core: Uint8Array, theirs: Uint8Array, box: TextBox): number {
  const { width, height } = box;
  const rowFrom = new Int32Array(height).fill(width);
  const rowTo = new Int32Array(height).fill(-1);
  const columnFrom = new Int32Array(width).fill(height);
  const columnTo = new Int32Array(width).fill(-1);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!core[i] || theirs[i]) continue;
      rowFrom[y] = Math.min(rowFrom[y] as number, x);
      rowTo[y] = Math.max(rowTo[y] as number, x);
      columnFrom[x] = Math.min(columnFrom[x] as number, y);
      columnTo[x] = Math.max(columnTo[x] as number, y);
    }
  let letters = 0;
  let framed = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!core[i] || !theirs[i]) continue;
      letters += 1;
      const sides =
        Number((rowFrom[y] as number) < x) +
        Number((rowTo[y] as number) > x) +
        Number((columnFrom[x] as number) < y) +
        Number((columnTo[x] as number) > y);
      if (sides >= FRAMED_SIDES) framed += 1;
    }
  return framed / Math.max(1, letters);
}
