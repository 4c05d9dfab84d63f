/**
 * Reading a line of text's colours the way a designer would: the pixels of a line's box fall into a
 * few colour groups (k-means); the background is the group along the box's edge, the ink the group
 * inside that does not reach the edge, and an outline (or a shadow) the group that hugs the ink on
 * every side. On a photo the background is many colours and none of them is the text's, so the
 * strokes are the ink's group, not "whatever differs from the most common colour" (which on a photo
 * is half the picture, erased into a blurred band).
 */
import type { TextBox } from '../ocr/index.ts';
import { closedIn, fillInside, findOutline, frameAround, insideOf, ringsAround } from './ink-outline.ts';
import { dilate, enclosed, joinedTo } from './masks.ts';
import { colourDistance, type RgbImage } from './rgb-image.ts';

export { dilate };

/** Colour groups: background (or two of a photo), ink, outline, anti-aliased edge. */
const GROUPS = 4;
const ROUNDS = 8;
/** Pixels sampled to place the groups (all pixels are labelled afterwards). */
const SAMPLES = 6000;
/** Share of a group's pixels further than a stroke's half-width from any other colour, above which it is no ink. */
const MAX_DEEP = 0.3;
/** A background group on this share of the box's edge is one flat colour all round. */
const FLAT_BACKGROUND = 0.8;
/** On a flat background, a pixel near the strokes this far from its colour is glow or shadow (RGB distance). */
const GLOW_DISTANCE = 14;
/** A colour group on this share of the box's edge is (part of) the background. */
const BACKGROUND_SHARE = 0.15;

export interface InkReading {
  /** Box-sized: 1 where the pixel is the text's ink. */
  core: Uint8Array;
  /** Box-sized: 1 where a pixel next to the ink is not background: edge, outline, glow, shadow. */
  rim: Uint8Array;
  ink: number[];
  background: number[];
  outline: { color: number[]; width: number } | null;
  /** Share of the box's inner part that is ink. */
  inkShare: number;
  /**
   * Box-sized, for letters printed in a fill (a speech bubble): 1 inside it, a pixel clear of its
   * border, where alone the erase may spread. Null when the letters sit on the box's background.
   */
  within: Uint8Array | null;
}

const squared = (a: number[], r: number, g: number, b: number) =>
  ((a[0] as number) - r) ** 2 + ((a[1] as number) - g) ** 2 + ((a[2] as number) - b) ** 2;

export { colourDistance };

function nearest(centres: number[][], r: number, g: number, b: number): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let c = 0; c < centres.length; c++) {
    const d = squared(centres[c] as number[], r, g, b);
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return best;
}

/** k-means on a sample of the box, started from the edge's mean and then the farthest colours. */
function groupColours(image: RgbImage, box: TextBox): number[][] {
  const step = Math.max(1, Math.floor(Math.sqrt((box.width * box.height) / SAMPLES)));
  const samples: number[][] = [];
  const edge = [0, 0, 0];
  let edgeCount = 0;
  for (let y = box.y; y < box.y + box.height; y += step)
    for (let x = box.x; x < box.x + box.width; x += step) {
      const at = (y * image.width + x) * 3;
      const rgb = [image.data[at] as number, image.data[at + 1] as number, image.data[at + 2] as number];
      samples.push(rgb);
      if (y - box.y < step * 2 || box.y + box.height - y <= step * 2) {
        for (let c = 0; c < 3; c++) edge[c] = (edge[c] as number) + (rgb[c] as number);
        edgeCount += 1;
      }
    }
  const centres = [edge.map((v) => v / Math.max(1, edgeCount))];
  while (centres.length < GROUPS) {
    let farthest = samples[0] as number[];
    let far = -1;
    for (const s of samples) {
      const d = Math.min(...centres.map((c) => squared(c, s[0] as number, s[1] as number, s[2] as number)));
      if (d > far) {
        far = d;
        farthest = s;
      }
    }
    centres.push([...farthest]);
  }
  for (let round = 0; round < ROUNDS; round++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (const s of samples) {
      const sum = sums[nearest(centres, s[0] as number, s[1] as number, s[2] as number)] as number[];
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] as number) + (s[c] as number);
      sum[3] = (sum[3] as number) + 1;
    }
    sums.forEach((sum, i) => {
      if ((sum[3] as number) > 0) centres[i] = [0, 1, 2].map((c) => (sum[c] as number) / (sum[3] as number));
    });
  }
  return centres;
}

/**
 * The line's ink, background and outline, and which pixels are ink (and outline), in `box` (a
 * line's box grown by about a fifth of its height: its edge is background). Null when no colour
 * group sits inside the box without reaching its edge: text that cannot be told from what is
 * around it.
 */
export function readInk(image: RgbImage, box: TextBox): InkReading | null {
  const centres = groupColours(image, box);
  const labels = new Uint8Array(box.width * box.height);
  const border = new Array<number>(GROUPS).fill(0);
  const inner = new Array<number>(GROUPS).fill(0);
  let borderCount = 0;
  let innerCount = 0;
  // The line's own box inside the grown one: the grown part is ~13% of its thickness (the height of
  // a row, the width of a column) on each side.
  const thickness = Math.min(box.width, box.height);
  const pad = Math.round(thickness * 0.13);
  const edge = Math.max(1, Math.round(thickness * 0.04));
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++) {
      const at = ((box.y + y) * image.width + box.x + x) * 3;
      const label = nearest(
        centres,
        image.data[at] as number,
        image.data[at + 1] as number,
        image.data[at + 2] as number,
      );
      labels[y * box.width + x] = label;
      if (y < edge || y >= box.height - edge || x < edge || x >= box.width - edge) {
        border[label] = (border[label] as number) + 1;
        borderCount += 1;
      } else if (y >= pad && y < box.height - pad && x >= pad && x < box.width - pad) {
        inner[label] = (inner[label] as number) + 1;
        innerCount += 1;
      }
    }
  const share = (counts: number[], of: number) => counts.map((n) => n / Math.max(1, of));
  const borderShare = share(border, borderCount);
  const innerShare = share(inner, innerCount);
  // The ink: inside the line, hardly on its edge (text does not run out of its box, backgrounds
  // do), and thin: strokes are never far from something else, while a label's or a gradient's
  // colour (split into two groups, one of them not reaching the edge) has a deep inside.
  const pickInk = (background: number, edgeShare: number[]) => {
    let ink = -1;
    let best = 0;
    for (let g = 0; g < GROUPS; g++) {
      if (g === background) continue;
      const inside = innerShare[g] as number;
      const score = inside - 2 * (edgeShare[g] as number);
      if (inside < 0.03 || score <= best) continue;
      if (deepShare(labels, g, box, Math.max(2, Math.round(thickness * 0.16))) > MAX_DEEP) continue;
      best = score;
      ink = g;
    }
    return ink;
  };
  let background = borderShare.indexOf(Math.max(...borderShare));
  let ink = pickInk(background, borderShare);
  // With no ink, a stretch of a colour along the box's edge that never reaches the line's inside
  // is left out: it is a neighbour's, not the letters running out of their box nor what they are
  // printed on. The box of RapidOCR ch_en_num's small white 「-40℃深度防冻不结冰」 reaches past its
  // pill onto the white card, whose white on the edge made the letters' white the background: no
  // ink was read, and the translation was drawn #1f1f1f on the purple pill.
  let stray: Uint8Array | null = null;
  if (ink < 0) {
    const strays = centres.map((_, g) => strayAlongEdge(labels, box, g, pad));
    const own = border.map((n, g) => n - countOnEdge(strays[g] as Uint8Array, box, edge));
    const aroundShare = share(own, borderCount);
    // Only where the edge's main colour is mostly such a stretch: else the box is read as it was
    // (and, no ink found, erased whole).
    if ((aroundShare[background] as number) * 2 < (borderShare[background] as number)) {
      background = aroundShare.indexOf(Math.max(...aroundShare));
      ink = pickInk(background, aroundShare);
      if (ink >= 0) stray = strays[ink] as Uint8Array;
    }
  }
  if (ink < 0) return null;
  const filled = fillInside(labels, box, ink, { background, innerShare, pad, centres });
  ink = solidBeyondBlend(filled.ink, background, centres, innerShare);
  const core = new Uint8Array(labels.length);
  for (let i = 0; i < labels.length; i++)
    core[i] = labels[i] === ink && !filled.neighbour?.[i] && !stray?.[i] ? 1 : 0;
  const enclosing = filled.ink === ink ? filled.enclosing : null;
  // Letters printed in a fill framed in their colour (a speech bubble's white) have it for their
  // background, and nothing outside it is theirs: not the frame, nor the photo around it.
  const bubble = frameAround(labels, box, ink);
  const rings = ringsAround(core, box);
  const outline = findOutline(labels, core, box, rings, {
    ink,
    background,
    centres,
    enclosing,
    fill: bubble,
  });
  const theirs = bubble === null ? null : closedIn(labels, box, bubble);
  if (theirs) for (let i = 0; i < labels.length; i++) if (!theirs[i]) core[i] = 0;
  if (bubble !== null) background = bubble;
  // Around the strokes, whatever is not a background colour is the text's too: its anti-aliased
  // edge, an outline, a glow or a shadow. Background colours are those reaching the box's edge (one
  // on a label, several on a photo), so a photo next to the letters is never taken.
  const backgrounds = borderShare.map((b, g) => g !== ink && (b >= BACKGROUND_SHARE || g === bubble));
  // A line set in more than one colour (a white 「168」 and a yellow 「元」) has strokes of each: only
  // the strokes near the main ink were erased, and half a 元 stayed beside the translation.
  const strokes = withOtherInks(labels, core, box, { ink, background, innerShare, borderShare, centres });
  if (theirs) for (let i = 0; i < labels.length; i++) if (!theirs[i]) strokes[i] = 0;
  const reach = Math.max(3, Math.round(thickness * 0.25), (outline?.width ?? 0) + 1);
  const near = dilate(strokes, box.width, box.height, reach);
  // An outline's colour may also be one of the photo's (black): next to the strokes it is the text's.
  const outlineGroup = outline?.group ?? -1;
  const hugging = dilate(strokes, box.width, box.height, (outline?.width ?? 0) + 1);
  // On one flat background (a label, a white page) a soft glow fades into it: whatever near the
  // strokes is not quite the background is the glow, or it is inpainted back as a ghost of the letters.
  const flat = (borderShare[background] as number) >= FLAT_BACKGROUND;
  const backgroundColour = centres[background] as number[];
  const rim = new Uint8Array(labels.length);
  for (let i = 0; i < labels.length; i++) {
    if (strokes[i] && !core[i]) rim[i] = 1;
    // A neighbouring box of the letters' fill colour, or what lies outside the bubble they are
    // printed in, is not theirs however near them.
    if (!near[i] || strokes[i] || filled.neighbour?.[i] || (theirs && !theirs[i])) continue;
    const label = labels[i] as number;
    if (!backgrounds[label] || (hugging[i] && label === outlineGroup)) rim[i] = 1;
    else if (flat) {
      const x = i % box.width;
      const at = ((box.y + (i - x) / box.width) * image.width + box.x + x) * 3;
      const pixel = [image.data[at] as number, image.data[at + 1] as number, image.data[at + 2] as number];
      if (colourDistance(pixel, backgroundColour) > GLOW_DISTANCE) rim[i] = 1;
    }
  }
  // What the strokes close in is the text's too: the white core of letters drawn with a coloured
  // glow reads as a background colour, but no path of background leads from it to the box's edge.
  const marked = new Uint8Array(labels.length);
  for (let i = 0; i < labels.length; i++) marked[i] = core[i] || rim[i] ? 1 : 0;
  const holes = enclosed(marked, box.width, box.height);
  for (let i = 0; i < labels.length; i++) if (holes[i]) rim[i] = 1;
  return {
    core,
    rim,
    ink: medianColour(image, box, core),
    background: centres[background] as number[],
    outline: outline ? { color: centres[outline.group] as number[], width: outline.width } : null,
    inkShare: innerShare[ink] as number,
    within: bubble === null ? null : insideOf(labels, box, bubble),
  };
}

/**
 * The pixels of group `g` joined to the box's edge (its outermost `edge` rows and columns are
 * where the shares are counted) but not to its inner part (`pad` in from the edge), through
 * pixels of `g`: a stretch of a neighbour along the edge.
 */
function strayAlongEdge(labels: Uint8Array, box: TextBox, g: number, pad: number): Uint8Array {
  const { width, height } = box;
  const on = new Uint8Array(labels.length);
  for (let i = 0; i < labels.length; i++) on[i] = labels[i] === g ? 1 : 0;
  const at = (i: number) => [i % width, Math.floor(i / width)] as const;
  const onEdge = (i: number) => {
    const [x, y] = at(i);
    return x === 0 || y === 0 || x === width - 1 || y === height - 1;
  };
  const inner = (i: number) => {
    const [x, y] = at(i);
    return y >= pad && y < height - pad && x >= pad && x < width - pad;
  };
  const fromEdge = joinedTo(on, onEdge, width, height);
  const fromInside = joinedTo(on, inner, width, height);
  for (let i = 0; i < on.length; i++) on[i] = fromEdge[i] && !fromInside[i] ? 1 : 0;
  return on;
}

/** How many set pixels of `mask` lie in the box's outermost `edge` rows and columns. */
function countOnEdge(mask: Uint8Array, box: TextBox, edge: number): number {
  let count = 0;
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++)
      if (y < edge || y >= box.height - edge || x < edge || x >= box.width - edge)
        count += mask[y * box.width + x] as number;
  return count;
}

/** A colour this far from the background's is a colour of its own, not a blend at the strokes' edge. */
const OTHER_INK_DISTANCE = 60;

/**
 * The ink's strokes and those of every other colour the line's text is set in: a group inside the
 * line (at least 2% of it), hardly on the box's edge (under 3%: a photo's colour reaches it), thin
 * like strokes and far from the background. One byte a pixel of the box, 1 on a stroke.
 */
function withOtherInks(
  labels: Uint8Array,
  core: Uint8Array,
  box: TextBox,
  groups: {
    ink: number;
    background: number;
    innerShare: number[];
    borderShare: number[];
    centres: number[][];
  },
): Uint8Array {
  const strokes = core.slice();
  const thickness = Math.min(box.width, box.height);
  const background = groups.centres[groups.background] as number[];
  for (let g = 0; g < GROUPS; g++) {
    if (g === groups.ink || g === groups.background) continue;
    if ((groups.innerShare[g] as number) < 0.02 || (groups.borderShare[g] as number) >= 0.03) continue;
    if (colourDistance(groups.centres[g] as number[], background) < OTHER_INK_DISTANCE) continue;
    if (deepShare(labels, g, box, Math.max(2, Math.round(thickness * 0.16))) > MAX_DEEP) continue;
    for (let i = 0; i < labels.length; i++) if (labels[i] === g) strokes[i] = 1;
  }
  return strokes;
}

/**
 * Thin strokes (a small price's digits) are half anti-aliased edge: the group of blends between the
 * ink and the background can outnumber the ink itself and be taken for it, and the text was drawn
 * back as a pale tint at half its contrast. When the group taken lies on the way from the
 * background to another group inside the line, that farther group is the ink.
 */
function solidBeyondBlend(
  ink: number,
  background: number,
  centres: number[][],
  innerShare: number[],
): number {
  const from = centres[background] as number[];
  const taken = centres[ink] as number[];
  const toTaken = colourDistance(from, taken);
  for (let g = 0; g < GROUPS; g++) {
    if (g === ink || g === background || (innerShare[g] as number) < 0.03) continue;
    const beyond = centres[g] as number[];
    const whole = colourDistance(from, beyond);
    if (whole > toTaken * 1.5 && toTaken + colourDistance(taken, beyond) <= whole * 1.1) return g;
  }
  return ink;
}

/**
 * The median colour of the marked pixels, channel by channel: the ink as printed (a group's mean
 * leans towards its anti-aliased pixels).
 */
function medianColour(image: RgbImage, box: TextBox, on: Uint8Array): number[] {
  const counts = [0, 1, 2].map(() => new Uint32Array(256));
  let total = 0;
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++) {
      if (!on[y * box.width + x]) continue;
      const at = ((box.y + y) * image.width + box.x + x) * 3;
      for (let c = 0; c < 3; c++) {
        const histogram = counts[c] as Uint32Array;
        const value = image.data[at + c] as number;
        histogram[value] = (histogram[value] as number) + 1;
      }
      total += 1;
    }
  return counts.map((histogram) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v] as number;
      if (seen * 2 > total) return v;
    }
    return 255;
  });
}

/** The share of group `g`'s pixels with no other group within `radius` px: how far from thin it is. */
function deepShare(labels: Uint8Array, g: number, box: TextBox, radius: number): number {
  const other = new Uint8Array(labels.length);
  let count = 0;
  for (let i = 0; i < labels.length; i++) {
    other[i] = labels[i] === g ? 0 : 1;
    count += 1 - (other[i] as number);
  }
  const nearOther = dilate(other, box.width, box.height, radius);
  let deep = 0;
  for (let i = 0; i < labels.length; i++) if (!nearOther[i]) deep += 1;
  return deep / Math.max(1, count);
}
