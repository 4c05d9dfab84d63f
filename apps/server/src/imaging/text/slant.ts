/**
 * The lean of a line's letters, read from its ink: a headline set in slanted (italic, oblique)
 * letters is drawn back slanted (alimama train-7's 「198减30」, valid-2's headlines). Han characters
 * are full of vertical strokes: sheared back by the letters' own angle, the strokes' side edges pile
 * up in a few columns (a sharp projection); at any other angle each edge is smeared over several
 * columns. The angle with the sharpest projection is the lean.
 */

/** Angles tried, in degrees either way (1° steps); typefaces lean 8°–15°, a sheared headline up to 20°. */
const WIDEST = 20;
/** A lean under this many degrees is drawn upright: a few degrees are a tilted photo or noise, not a style. */
const LEAST_SLANT = 7;
/**
 * How much sharper the leaning projection must be than the upright one (sum of squared counts of
 * the strokes' side edges) for the lean to count. On the 24 promotion pictures the italic lines
 * measured 1.20–2.29 (valid-2's 「降价了!!」 2.29, train-7's 「领券满198减30」 1.54, rapid's
 * 「正品促销」 1.57); the most of any upright line at 7° or more was 1.14 (train-13's 「欢迎」 cut
 * out of felt, in perspective), which also leaves train-3's italic 「8核芯」 (1.14) upright.
 */
const CLEARLY_SHARPER = 1.15;
/** Fewer stroke edge pixels than this say nothing about a lean. */
const LEAST_INK = 200;

/** A baseline tilted this many degrees, clearly (TILT_SHARPER), is a rotated line, not slanted letters. */
const LEAST_TILT = 4;
const TILT_SHARPER = 1.1;

/**
 * The lean of the ink in a `width`×`height` mask (1 = ink), in degrees: positive where the tops
 * of the letters lean right (as italic type does), negative left, 0 where it is not clearly slanted.
 * A rotated line (train-8's 「冬季加绒」 across a speech bubble) leans too, but its horizontal
 * strokes tilt with it: it is not slanted type, and is drawn upright as before.
 */
export function slantOf(ink: Uint8Array, width: number, height: number): number {
  const { lean, tilt } = sharpestAngles(ink, width, height);
  if (Math.abs(tilt.degrees) >= LEAST_TILT && tilt.sharper >= TILT_SHARPER) return 0;
  return Math.abs(lean.degrees) >= LEAST_SLANT && lean.sharper >= CLEARLY_SHARPER ? lean.degrees : 0;
}

/**
 * The sharpest shear of the strokes' vertical edges (the lean) and of their horizontal edges
 * (the baseline's tilt), each with how much sharper it is than none.
 */
export function sharpestAngles(ink: Uint8Array, width: number, height: number) {
  // Left and right edges of the strokes: a vertical stroke's edge is one column when sheared back
  // upright, a horizontal stroke's are only its two ends. Top and bottom edges likewise for rows.
  const sides: Edge[] = [];
  const tops: Edge[] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0, i = y * width; x < width; x++, i++) {
      if (!ink[i]) continue;
      if (x === 0 || !ink[i - 1] || x === width - 1 || !ink[i + 1]) sides.push({ along: y, across: x });
      if (y === 0 || !ink[i - width] || y === height - 1 || !ink[i + width])
        tops.push({ along: x, across: y });
    }
  if (sides.length < LEAST_INK) return { lean: NONE, tilt: NONE };
  // Rows above the middle are shifted back left by the lean: x - (middle - y) × tan.
  return {
    lean: sharpestShear(sides, height, width, 1),
    tilt: sharpestShear(tops, width, height, 1),
  };
}

/** An edge pixel: `along` the direction sheared over, `across` the one projected onto. */
interface Edge {
  along: number;
  across: number;
}

const NONE = { degrees: 0, sharper: 1 };

/**
 * The angle (whole degrees, ±WIDEST) at which the edges, each shifted by its distance from the
 * middle times the angle's tangent (`sign` says which way), pile up sharpest in the projection
 * (sum of squared counts), and how much sharper that is than unsheared.
 */
function sharpestShear(edges: Edge[], length: number, span: number, sign: number) {
  const middle = (length - 1) / 2;
  const reach = Math.ceil(length * Math.tan((WIDEST * Math.PI) / 180)) + 1;
  const bins = new Float64Array(span + 2 * reach);
  const sharpness = (degrees: number) => {
    const run = Math.tan((degrees * Math.PI) / 180) * sign;
    bins.fill(0);
    for (const { along, across } of edges) {
      const bin = Math.round(across + (along - middle) * run + reach);
      bins[bin] = (bins[bin] as number) + 1;
    }
    let sum = 0;
    for (const count of bins) sum += count * count;
    return sum;
  };
  const none = sharpness(0);
  let best = 0;
  let bestSharpness = none;
  for (let degrees = -WIDEST; degrees <= WIDEST; degrees++) {
    const s = sharpness(degrees);
    if (s > bestSharpness) [best, bestSharpness] = [degrees, s];
  }
  return { degrees: best, sharper: bestSharpness / none };
}
