/**
 * Text printed on a designed fill (a label, a pill, a price tag, a banner, a flat page) is erased
 * by refilling the fill, not by inpainting: inpainting pulls in whatever is near (a nested white
 * box turned pink, a label's border bitten, a price box's frame smeared away, grey ghosts of the
 * anti-aliased edges left on white). Around the line the fill is the plane of colour (flat or a
 * straight gradient, fill-plane.ts) most of the line's ring agrees with, or a colour per row or
 * column where it is shaded like a rounded button; every pixel of the text (its strokes, outline,
 * shadow, glow, anti-aliased edge and JPEG ringing) is set to what that model says the fill is
 * there. Everything else in the window is left as it is: a shape that reaches out of the
 * window (the label's own edge and frame, a nested box, a divider, the photo beside the label) is
 * not the text's, nor is a small shape beside it (a bullet, an icon). A line on a photo, which no
 * plane fits, is erased as before (erase.ts).
 */
import type { TextBox } from '../ocr/index.ts';
import {
  distanceTo,
  fitPlane,
  type Plane,
  profileFit,
  ringOf,
  ringPlanes,
  type Sample,
  twoAxisFit,
} from './fill-plane.ts';
import {
  arcsThrough,
  clearShadowEdges,
  followOffFill,
  frameLines,
  insideFill,
  shapesOffFill,
  type Window,
  windowAround,
} from './fill-shapes.ts';
import { dilate } from './ink.ts';
import { behindSomething, type LettersBehind, lettersBehind, readInFront } from './label-behind.ts';
import type { RgbImage } from './rgb-image.ts';

/** How near the fill's plane a pixel must be to be part of it (RGB distance). */
const SAME_COLOUR = 36;

/** The plane must fit 90% of the fill's inner pixels within this (RGB distance): a photo does not. */
const FIT_NOISE = 12;
/**
 * Or within as much in brightness alone (BT.601 luma; grey noise of FIT_NOISE in RGB is this in
 * luma): a JPEG keeps each pixel's brightness but its colour only per 2×2 block, and around white
 * letters on a magenta pill that colour rings 20–30 levels off (RapidOCR's ch_en_num: 90th
 * percentile 26 in RGB, 6 in luma). A photo is off in both; so is a brushed-metal texture (7.3).
 */
const FIT_LUMA = FIT_NOISE / Math.sqrt(3);
/** How far (in luma levels) a pixel is from `rgb` in brightness. */
const lumaOff = (data: Uint8Array | Buffer, i: number, rgb: number[]) =>
  Math.abs(
    0.299 * ((data[i] as number) - (rgb[0] as number)) +
      0.587 * ((data[i + 1] as number) - (rgb[1] as number)) +
      0.114 * ((data[i + 2] as number) - (rgb[2] as number)),
  );
/**
 * A fill smooth in brightness only must be a label, reaching no further around the line than
 * this: on a page, a model a few levels off shows as the letters' shapes (train-6's red gradient
 * behind 「前1小时9折」, 90th percentile 15 in RGB, 4 in luma), where inpainting blends them away;
 * a pill's rim and ends frame its refill.
 */
const LUMA_AROUND = 0.5;
/**
 * And a fill smooth only away from the letters no further than this: ch_en_num's glossy pill holds
 * 0.10 of the window around its line; train-3's blue picture around a white label holding blue
 * 「可选i7-10870H」 held 0.34, was taken for the fill and the white label for the words, and the
 * label was refilled blue.
 */
const AWAY_AROUND = 0.3;
/** Share of the ring around the line that must agree with a plane for it to be tried. */
const RING_SHARE = 0.3;
/** Planes tried per ring: a line's fill, and what else the ring crosses (letters, a nested box). */
const PLANES_PER_RING = 3;
/** Share of an enclosed shape inside the line's box for it to be the line's (a letter, not an icon). */
const INSIDE_SHARE = 0.5;
/** Share of the line's box that must lie inside the fill. */
const WRAPPED_SHARE = 0.8;
/** About how far the detector's box reaches past the characters, as a share of the line's height. */
const DETECTOR_PADDING = 0.18;
/** A profile fits the fill only if it brings the plane's 90th-percentile distance below this share. */
const PROFILE_GAIN = 0.6;
/** Share of the window past the line's box that a fill must hold: a label's rim at least. */
const LEAST_AROUND = 0.03;
/** Share of the text's pixels that may survive its erosion: more is a solid shape, not strokes. */
const SOLID_SHARE = 0.28;
/** A pixel off the fill's plane by less than this many times the fill's typical noise is the fill. */
const OFF_NOISE = 3;
/** And by less than this (RGB distance) always: a glow 4 levels off white shows as a pale square. */
const MIN_OFF = 3;

/** How deep in the fill (pixels from anything else) its own grain shows apart from the letters'. */
const AWAY_DEPTH = 3;
/** Pixels that deep needed to judge the fill by them. */
const AWAY_LEAST = 100;
/** There the fill must lie this much nearer its model (90th percentile, in luma) than over all. */
const AWAY_GAIN = 0.7;
/**
 * And over all no further off it than this (luma levels): shadows and ringing put the glossy pill
 * 7.9 off, while a plane through a red price box and the tan page around it was 10.7 off over all
 * and 5.4 away from the letters (cnocr taobao4, 「168元」), and refilled the box tan.
 */
const AWAY_MOST = 1.25 * FIT_LUMA;

/** A JPEG block's side: how far around a line its compression spreads ringing. */
const JPEG_BLOCK = 8;
/**
 * A run of pixels off the fill along a row or column is a line drawn on it (a frame) from this
 * long: four JPEG blocks, and the line's height (a letter's edge is no longer than the letter,
 * and the detector's box pads the letters).
 */
const FRAME_LEAST = 4 * JPEG_BLOCK;
const FRAME_RUN = 1;
/** How far from the letters (in the line's thickness) a drop shadow's far edge lies at most. */
const SHADOW_REACH = 0.08;
/** How far from the letters (in the line's thickness) a soft shadow's band reaches (valid-0: 5 of 31 px). */
const SOFT_SHADOW_REACH = 0.2;

/** When `line` is a piece of a line across several fills (label-split.ts): what is known of it. */
export interface PieceOfLine {
  /** The letters' size: the whole line's height, also for a band of it. */
  thickness?: number;
  /** The fill read at the piece's sides: the only one it may be refilled with. */
  fill?: readonly number[];
}
/** How near (RGB distance) a piece's fill a candidate must be. */
const PIECE_FILL = 48;

/** What is known around a line beside its pixels. */
export interface AroundLine {
  /** The boxes of the picture's other lines: what lies more in one of them than here is theirs. */
  others?: readonly TextBox[];
  /** The letters' outline colour, as the ink reading found it: a fill of it is no label. */
  outline?: readonly number[] | null;
  /**
   * Text left on purpose (a price kept as it is): on a label behind something, a piece of the
   * letters' colour lying more in it is not the line's (label-behind.ts).
   */
  kept?: readonly TextBox[];
  /** The letters' colour as the ink reading found it: on a label behind something, maybe not theirs. */
  ink?: readonly number[] | null;
}

/** The pixels to set and what to set them to: the fill where the text was. */
export interface Refill {
  /** Image pixel indices (y × width + x). */
  pixels: Int32Array;
  /** Their new colours, three bytes a pixel. */
  rgb: Uint8Array;
  /** The fill's colour in the middle of the line: what the translation is drawn on. */
  fill: number[];
  /** The text's own colour, read where it stands farthest off the fill; null when nothing does. */
  ink: number[] | null;
  /**
   * Set when the label is partly behind something in front of it (label-behind.ts): the ink
   * reading may have read that for the letters, and `ink` is theirs.
   */
  behind?: true;
  /**
   * The label (image indices): the fill's own pixels around the text, no other line's strokes,
   * and the pixel of its edge next to them, part the label's colour.
   */
  label?: { fill: Int32Array; rim: Int32Array };
  /**
   * A line drawn on the label that crosses the line's box and was left as it is (a medallion's
   * inner ring, image indices): no stroke of the line's, though it may share their dark colour.
   */
  drawn?: Int32Array;
}

/** A text pixel this far off the fill (RGB distance) is the letters' own colour, not their edge. */
const INK_OFF = 80;

/** A fill found around a line: its pixels in the window (1) and its colour there, with its noise. */
interface Fill {
  shape: Uint8Array;
  /** The fill's colour at an image pixel: its plane, or its profile along rows or columns. */
  at: (x: number, y: number) => number[];
  /** How far the fill's pixels typically are off it: its JPEG noise, its grain. */
  typical: number;
  /**
   * Whether the pixel at image (x, y), red byte at i, is off the fill beyond its noise: in RGB,
   * or in brightness for a fill that only its brightness showed smooth (FIT_LUMA): its colour
   * rings by more than a glow or a shadow differs, and train-6's red gradient kept the letters'
   * dark shadow as ghosts where the RGB bar let it be.
   */
  isOff: (x: number, y: number, i: number) => boolean;
  /** Whether only its brightness showed it smooth (FIT_LUMA), not its colour (FIT_NOISE). */
  byLuma: boolean;
  /**
   * The most of the window around the line it may hold: a fill smooth in brightness only, or only
   * away from the letters, must be a label (LUMA_AROUND, AWAY_AROUND; alimama train-3's headline
   * over a dark crystal picture was refilled with a flat dark plane).
   */
  reach: number;
}

const pixelOf = (image: RgbImage, win: Window, k: number): Sample => {
  const x = (k % win.width) + win.x;
  const y = Math.floor(k / win.width) + win.y;
  return { x, y, i: (y * image.width + x) * 3 };
};

/**
 * The fill of `plane` in the window: reached from the ring's pixels that agree with it, through
 * pixels near it. Refitted to its inner pixels (its edges next to letters are part anti-aliasing);
 * null when that does not fit (a photo's colours merely crossed the plane).
 */
function fillOf(image: RgbImage, win: Window, plane: Plane, agree: readonly Sample[]): Fill | null {
  const first = grownFill(image, win, plane, agree);
  const model = bestModel(image, innerOf(image, win, first));
  if (!model) return null;
  // Grown again by the model that fits it: a button's shading, darker at its edges than a plane
  // through the ring allows, belongs to it.
  let shape = model.plane === plane ? first : grownFill(image, win, model.plane, agree);
  const fitted = model.plane === plane ? model : bestModel(image, innerOf(image, win, shape));
  if (!fitted) return null;
  // Off by more than a JPEG's noise: a fill all the same if it fits away from the letters.
  const away = fitted.noise > FIT_NOISE ? fitAwayFromText(image, win, shape, fitted) : null;
  if (!away && !smooth(fitted)) return null;
  const taken = away ?? fitted;
  // Grown again by a gloss model: the gloss along the pill's top is off the plane it was grown by.
  if (taken !== fitted) shape = grownFill(image, win, taken.plane, agree);
  const at = taken.plane.at;
  const rgbOff = Math.max(MIN_OFF, OFF_NOISE * taken.typical);
  const lumaBar = Math.max(MIN_OFF, OFF_NOISE * taken.lumaTypical);
  const byLuma = !away && fitted.noise > FIT_NOISE;
  const isOff = !byLuma
    ? (x: number, y: number, i: number) => distanceTo(image.data, i, at(x, y)) > rgbOff
    : (x: number, y: number, i: number) => lumaOff(image.data, i, at(x, y)) > lumaBar;
  // Smooth in brightness by itself, a fill judged away from its letters is held as before.
  const reach = fitted.noise <= FIT_NOISE ? 1 : fitted.lumaNoise <= FIT_LUMA ? LUMA_AROUND : AWAY_AROUND;
  return { shape, at, typical: taken.typical, isOff, byLuma, reach };
}

/**
 * Of the model the fill's inner pixels are too far off (`fitted`) and of a gradient along the fill
 * with a gloss across it (twoAxisFit), the one that fits where the fill is deepest (AWAY_DEPTH
 * from anything else) within a JPEG's noise and clearly nearer there in brightness than over all
 * its pixels; null when none does. The letters' soft shadow and their JPEG ringing lie next to them
 * and part in the fill's tolerance (RapidOCR's ch_en_num, the glossy 「大桶装 更划算」 pill: 7.9 luma
 * levels off over all, 4.1 away from the letters), while a texture is as far off everywhere
 * (alimama train-0's brushed metal behind 「¥1398起」: 7.3 and 7.0, and so with a gloss added).
 */
function fitAwayFromText(image: RgbImage, win: Window, shape: Uint8Array, fitted: Scored): Scored | null {
  const near = dilate(
    shape.map((v) => 1 - v),
    win.width,
    win.height,
    AWAY_DEPTH,
  );
  const deep: Sample[] = [];
  for (let k = 0; k < shape.length; k++) if (shape[k] && !near[k]) deep.push(pixelOf(image, win, k));
  if (deep.length < AWAY_LEAST) return null;
  const inner = innerOf(image, win, shape);
  const glossy = [twoAxisFit(image, inner, 'column'), twoAxisFit(image, inner, 'row')]
    .filter((plane): plane is Plane => plane !== null)
    .map((plane) => scoreOf(image, inner, plane));
  const fits = [fitted, ...glossy].filter((model) => {
    const there = scoreOf(image, deep, model.plane);
    return model.lumaNoise <= AWAY_MOST && smooth(there) && there.lumaNoise <= model.lumaNoise * AWAY_GAIN;
  });
  return fits.sort((a, b) => a.noise - b.noise)[0] ?? null;
}

/** The fill of `model` in the window, grown from the ring's pixels that agree with it. */
function grownFill(image: RgbImage, win: Window, model: Plane, agree: readonly Sample[]): Uint8Array {
  const { width: w, height: h } = win;
  const shape = new Uint8Array(w * h);
  const queue = new Int32Array(w * h);
  let tail = 0;
  for (const p of agree) {
    const k = (p.y - win.y) * w + (p.x - win.x);
    if (p.x < win.x || p.y < win.y || p.x >= win.x + w || p.y >= win.y + h || shape[k]) continue;
    shape[k] = 1;
    queue[tail++] = k;
  }
  for (let head = 0; head < tail; head++) {
    const k = queue[head] as number;
    const kx = k % w;
    for (const nk of [kx < w - 1 ? k + 1 : -1, kx > 0 ? k - 1 : -1, k + w, k - w]) {
      if (nk < 0 || nk >= w * h || shape[nk]) continue;
      const p = pixelOf(image, win, nk);
      if (distanceTo(image.data, p.i, model.at(p.x, p.y)) > SAME_COLOUR) continue;
      shape[nk] = 1;
      queue[tail++] = nk;
    }
  }
  dropLines(shape, w);
  // The fill between letters is cut off from the rest by their outlines, and the counters inside
  // them too: the fill's colour inside its outline is the fill.
  const inside = insideFill(win, shape);
  for (let k = 0; k < w * h; k++) {
    if (shape[k] || !inside[k]) continue;
    const p = pixelOf(image, win, k);
    if (distanceTo(image.data, p.i, model.at(p.x, p.y)) <= SAME_COLOUR) shape[k] = 1;
  }
  return shape;
}

/**
 * Drops (in place) the parts of `shape` that are only lines, no pixel of them with the fill on all
 * four sides: the ring may cross a thin line of the fill's colour outside the label (a red box's
 * light bottom edge under a white box), and the label would then seem to reach across the red to
 * it. The pieces of a tight pill that tall letters cut apart are thicker, and stay.
 */
function dropLines(shape: Uint8Array, w: number): void {
  const part = new Int32Array(shape.length).fill(-1);
  const thick: boolean[] = [];
  const queue = new Int32Array(shape.length);
  const on = (k: number) => k >= 0 && k < shape.length && shape[k] === 1;
  for (let start = 0; start < shape.length; start++) {
    if (!shape[start] || part[start] !== -1) continue;
    const n = thick.push(false) - 1;
    let tail = 0;
    queue[tail++] = start;
    part[start] = n;
    for (let head = 0; head < tail; head++) {
      const k = queue[head] as number;
      const x = k % w;
      const sides = [x < w - 1 ? k + 1 : -1, x > 0 ? k - 1 : -1, k + w, k - w];
      if (sides.every(on)) thick[n] = true;
      for (const nk of sides) {
        if (!on(nk) || part[nk] !== -1) continue;
        part[nk] = n;
        queue[tail++] = nk;
      }
    }
  }
  for (let k = 0; k < shape.length; k++) if (shape[k] && !thick[part[k] as number]) shape[k] = 0;
}

/** The fill's inner pixels (its edges next to letters are part anti-aliasing), 4000 at most. */
function innerOf(image: RgbImage, win: Window, shape: Uint8Array): Sample[] {
  const w = win.width;
  const inner: Sample[] = [];
  for (let k = w; k < shape.length - w; k++)
    if (shape[k] && shape[k - 1] && shape[k + 1] && shape[k - w] && shape[k + w])
      inner.push(pixelOf(image, win, k));
  const every = Math.max(1, Math.floor(inner.length / 4000));
  return inner.filter((_, n) => n % every === 0);
}

/**
 * Of a plane and a profile along the rows or the columns, the model the fill's pixels lie nearest
 * (90th percentile), with that distance and the median one; null with too few pixels.
 */
function bestModel(image: RgbImage, sample: Sample[]) {
  if (sample.length < 12) return null;
  const first = fitPlane(image, sample);
  if (!first) return null;
  // The plane once more without the pixels far off the first fit: a glow's faint pink inside the
  // fill's tolerance tinted a white page's plane 4 levels pink, and every refilled pixel with it.
  const offFirst = sample.map((p) => distanceTo(image.data, p.i, first.at(p.x, p.y)));
  const median = [...offFirst].sort((a, b) => a - b)[offFirst.length >> 1] as number;
  const models = [
    fitPlane(
      image,
      sample.filter((_, n) => (offFirst[n] as number) <= Math.max(2, 2 * median)),
    ),
    profileFit(image, sample, 'row'),
    profileFit(image, sample, 'column'),
  ].filter((model): model is Plane => model !== null);
  const [planeFit, ...profiles] = models.map((plane) => scoreOf(image, sample, plane));
  if (!planeFit) return null;
  // A profile has a colour for every row: it must fit clearly better than the plane to be taken,
  // or fit where the plane does not (a pill flat magenta, then purple, then flat again: no plane
  // follows it, and a JPEG's noise left the profile only a quarter better).
  const better = profiles
    .filter((p) => p.noise < planeFit.noise * PROFILE_GAIN || (!smooth(planeFit) && smooth(p)))
    .sort((a, b) => a.noise - b.noise)[0];
  return better ?? planeFit;
}

/** A model with how far a fill's pixels lie off it: 90th percentile and median, in RGB and in luma. */
interface Scored {
  plane: Plane;
  noise: number;
  typical: number;
  lumaNoise: number;
  lumaTypical: number;
}

function scoreOf(image: RgbImage, sample: readonly Sample[], plane: Plane): Scored {
  // Each pixel's fill is asked of the model once, and the errors sorted as numbers in place: this
  // runs for every model tried on every line.
  const errors = new Float64Array(sample.length);
  const luma = new Float64Array(sample.length);
  sample.forEach((p, k) => {
    const fill = plane.at(p.x, p.y);
    errors[k] = distanceTo(image.data, p.i, fill);
    luma[k] = lumaOff(image.data, p.i, fill);
  });
  errors.sort();
  luma.sort();
  return {
    plane,
    noise: errors[Math.floor(errors.length * 0.9)] as number,
    typical: errors[errors.length >> 1] as number,
    lumaNoise: luma[Math.floor(luma.length * 0.9)] as number,
    lumaTypical: luma[luma.length >> 1] as number,
  };
}

/** Whether a model fits a fill's pixels as a designed fill, not a photo (FIT_NOISE, FIT_LUMA). */
const smooth = (model: { noise: number; lumaNoise: number }) =>
  model.noise <= FIT_NOISE || model.lumaNoise <= FIT_LUMA;

/**
 * The refill of the line in `line` (its detected box) when it is printed on a designed fill, or
 * null when it is not (a photo, a busy pattern). `box` is the line's box grown past its strokes;
 * `inked(i)` says whether the ink reading marked image pixel i as the text's (for letters that
 * touch the label's edge, which the fill does not enclose). `around` says what else is known.
 */
export function labelRefill(
  image: RgbImage,
  line: TextBox,
  box: TextBox,
  inked: (pixel: number) => boolean,
  piece: PieceOfLine = {},
  around: AroundLine = {},
): Refill | null {
  const { others = [], outline = null, kept = [], ink = null } = around;
  const thickness = piece.thickness ?? Math.min(line.width, line.height);
  const centre = [line.x + line.width / 2, line.y + line.height / 2] as const;
  const win = windowAround(image, box, Math.max(4, Math.round(thickness * 0.5)));
  if (win.width < 3 || win.height < 3) return null;
  // The detected box's edge runs through the padding around the characters, on a label its fill
  // (the grown box may already reach past a tight label's edge); a box taller than its label (a
  // white box in a red one, a pill on a white card) has the fill further in.
  const step = thickness * 0.12;
  const rings = [0, step, 2 * step, -step]
    .map((inset) => windowAround(image, line, -Math.round(inset)))
    // A band of a line (label-split.ts) is thinner than the insets for a whole one.
    .filter((ring) => ring.width >= 3 && ring.height >= 3)
    .map((ring) => ringOf(image, ring));
  const candidates = piece.fill
    ? pieceCandidates(image, rings, piece.fill, centre)
    : rings
        .flatMap((ring) => ringPlanes(image, ring, SAME_COLOUR, PLANES_PER_RING))
        .filter((c) => c.share >= RING_SHARE);
  // A label tight around its letters ends inside the detector's padding (alimama train-3's white
  // 「可选i7-10870H」 label is 15 px high in an 18 px box, on a blue picture): its rim past the box
  // is under LEAST_AROUND. A fill that holds the edge of the box inset by that padding is judged
  // on that box where the line's own fails it.
  const tight = windowAround(image, line, -Math.round(thickness * DETECTOR_PADDING));
  // Of the fills that hold the line as strokes, the one reaching furthest around it: the banner's
  // red, not the yellow of the letters on it, which also lies between their gaps.
  const held: {
    fill: Fill;
    text: Uint8Array;
    behind: LettersBehind | null;
    ring: Uint8Array;
    around: number;
  }[] = [];
  for (const candidate of candidates) {
    const fill = fillOf(image, win, candidate.plane, candidate.agree);
    if (!fill) continue;
    // Its fill is one piece around the letters; thick letters that fill their box hold its inset
    // edge as well, each a piece of its own (alimama train-9's yellow 「老师推荐」 on a dark bar
    // was refilled yellow). And it is smooth in colour: a fill smooth only in brightness was a
    // printed glyph (train-13's cream calligraphy on a blue mat, refilled into a cream blob).
    const tightLabel =
      fill.reach === 1 &&
      tight.width >= 3 &&
      tight.height >= 3 &&
      edgeShare(win, fill.shape, tight) >= EDGE_ON_LABEL &&
      onePiece(win, fill.shape, tight) >= ONE_PIECE;
    const near = { others, kept, ink };
    const found =
      textOnFill(image, win, fill, line, box, inked, thickness, near) ??
      (tightLabel ? textOnFill(image, win, fill, line, box, inked, thickness, near, tight) : null);
    if (!found) continue;
    const lineAround = shareAround(win, fill.shape, line);
    const around = lineAround < LEAST_AROUND && tightLabel ? shareAround(win, fill.shape, tight) : lineAround;
    // The letters' own colour reaches nowhere past them (white words on a photo, read as white
    // fill with the photo between the letters as text); the tightest label still shows a rim.
    if (around < LEAST_AROUND) continue;
    if (around > fill.reach) continue;
    held.push({ fill, ...found, around });
  }
  // A fill that took another for the text is the card the label lies on: white letters on a
  // magenta pill on a white card read as "pill-shaped strokes" on the card, and the pill was
  // erased to white. The line is on the label: a fill that took a smaller label for its text
  // gives way to it.
  // The letters' own outline runs past their ends and holds their box's edge too (orange words in
  // a thick white outline on a beige page, alimama's valid-2, were refilled white as on a label).
  const outlineFill = (c: (typeof held)[number]) =>
    outline !== null && distanceBetween(c.fill.at(...centre), outline) <= SAME_COLOUR;
  const labels = held.filter(
    (c) =>
      !outlineFill(c) &&
      (runsPastEnds(win, c.fill.shape, line) || edgeShare(win, c.fill.shape, line) >= EDGE_ON_LABEL),
  );
  const outer = held.filter((a) =>
    labels.some((b) => b !== a && b.around < a.around && tookFor(a, b.fill.shape)),
  );
  const best = held
    .filter((c) => !outer.includes(c))
    .reduce<(typeof held)[number] | null>((a, c) => (!a || c.around > a.around ? c : a), null);
  return best && refillOf(image, win, best, line);
}

/** Share of a tight label's fill in the inset box that its largest piece holds at least. */
const ONE_PIECE = 0.6;

/** Share of the fill's pixels in `box` that lie in its largest piece there (8-connected). */
function onePiece(win: Window, shape: Uint8Array, box: TextBox): number {
  const x0 = Math.max(box.x, win.x) - win.x;
  const y0 = Math.max(box.y, win.y) - win.y;
  const x1 = Math.min(box.x + box.width, win.x + win.width) - win.x;
  const y1 = Math.min(box.y + box.height, win.y + win.height) - win.y;
  const seen = new Uint8Array(shape.length);
  const queue: number[] = [];
  let all = 0;
  let largest = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const start = y * win.width + x;
      if (!shape[start] || seen[start]) continue;
      seen[start] = 1;
      queue.length = 0;
      queue.push(start);
      for (let head = 0; head < queue.length; head++) {
        const k = queue[head] as number;
        const [kx, ky] = [k % win.width, Math.floor(k / win.width)];
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const [nx, ny] = [kx + dx, ky + dy];
            const n = ny * win.width + nx;
            if (nx < x0 || ny < y0 || nx >= x1 || ny >= y1 || !shape[n] || seen[n]) continue;
            seen[n] = 1;
            queue.push(n);
          }
      }
      all += queue.length;
      largest = Math.max(largest, queue.length);
    }
  return all === 0 ? 0 : largest / all;
}

/** Share of a label in a fill's text (or of that text in the label) for the fill to be the card under it. */
const NESTED_SHARE = 0.4;
/**
 * A fill holding at least this much of the line's box edge is a label around the line, also where
 * it runs past neither end (a badge's stem as wide as its two characters, 「直击」 on ch_en_num).
 */
const EDGE_ON_LABEL = 0.5;

/**
 * Whether a fill runs past both ends of the line, beside its middle: a label holds its text, while
 * the letters' own colour stops with them (purple letters on a white card, read as a purple fill
 * with white text, took the card for their text too).
 */
function runsPastEnds(win: Window, shape: Uint8Array, line: TextBox): boolean {
  const across = line.width >= line.height;
  const [from, to] = across ? [line.y, line.y + line.height] : [line.x, line.x + line.width];
  const [start, end] = across ? [line.x, line.x + line.width] : [line.y, line.y + line.height];
  let before = false;
  let after = false;
  for (let t = Math.round(from + (to - from) / 4); t < from + ((to - from) * 3) / 4; t++)
    for (let u = across ? win.x : win.y; u < (across ? win.x + win.width : win.y + win.height); u++) {
      const [x, y] = across ? [u, t] : [t, u];
      if (!shape[(y - win.y) * win.width + (x - win.x)]) continue;
      if (u < start) before = true;
      if (u >= end) after = true;
    }
  return before && after;
}

/**
 * Share of the line's box edge (the detector's padding around the characters) that lies on `shape`.
 */
function edgeShare(win: Window, shape: Uint8Array, line: TextBox): number {
  let all = 0;
  let on = 0;
  for (let x = line.x; x < line.x + line.width; x++)
    for (const y of [line.y, line.y + line.height - 1]) {
      all++;
      on += shape[(y - win.y) * win.width + (x - win.x)] ?? 0;
    }
  for (let y = line.y; y < line.y + line.height; y++)
    for (const x of [line.x, line.x + line.width - 1]) {
      all++;
      on += shape[(y - win.y) * win.width + (x - win.x)] ?? 0;
    }
  return on / all;
}

/**
 * Whether the fill of `held` took `label` (another fill's pixels) for its text: most of the label
 * lies in its text, or most of its text off its own fill is the label (a badge running out of the
 * window, whose stem only the ink reading marked).
 */
function tookFor(held: { fill: Fill; text: Uint8Array }, label: Uint8Array): boolean {
  let labelPixels = 0;
  let textPixels = 0;
  let both = 0;
  for (let k = 0; k < label.length; k++) {
    const isText = held.text[k] === 1 && held.fill.shape[k] !== 1;
    labelPixels += label[k] as number;
    textPixels += isText ? 1 : 0;
    both += isText && label[k] ? 1 : 0;
  }
  return both > 0 && (both >= labelPixels * NESTED_SHARE || both >= textPixels * NESTED_SHARE);
}

const distanceBetween = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(...a.map((v, c) => v - (b[c] as number)));

/**
 * The fills tried for a piece of a line: the planes of its rings near the fill read at its sides,
 * and that fill itself, flat (a band a few pixels high has rings too thin for a plane to be told
 * from a gradient into the letters); each with the pixels of all its rings that lie on it.
 */
function pieceCandidates(
  image: RgbImage,
  rings: Sample[][],
  fill: readonly number[],
  centre: readonly [number, number],
) {
  const all = rings.flat();
  // Grown from every ring's pixels on it: a letter as tall as a band cuts the band in two, and one
  // ring may meet the fill on one side of it only.
  const on = (plane: Plane, pixels: Sample[]) =>
    pixels.filter((p) => distanceTo(image.data, p.i, plane.at(p.x, p.y)) <= SAME_COLOUR);
  const flat: Plane = { at: () => [...fill] };
  const planes = rings
    .flatMap((ring) => ringPlanes(image, ring, SAME_COLOUR, PLANES_PER_RING))
    .filter((c) => c.share >= RING_SHARE && distanceBetween(c.plane.at(...centre), fill) <= PIECE_FILL)
    .map((c) => c.plane);
  // Tried when one ring at least agrees with it as much as a whole line's must.
  const agreesSomewhere = (plane: Plane) =>
    rings.some((ring) => on(plane, ring).length >= ring.length * RING_SHARE);
  return [...planes, flat].filter(agreesSomewhere).map((plane) => ({ plane, agree: on(plane, all) }));
}

/** Share of the window outside the line's box that is the fill. */
function shareAround(win: Window, shape: Uint8Array, line: TextBox): number {
  let on = 0;
  let all = 0;
  for (let k = 0; k < shape.length; k++) {
    const x = (k % win.width) + win.x;
    const y = Math.floor(k / win.width) + win.y;
    if (x >= line.x && x < line.x + line.width && y >= line.y && y < line.y + line.height) continue;
    all += 1;
    on += shape[k] as number;
  }
  return all === 0 ? 0 : on / all;
}

/**
 * The line's pixels on `fill` (1 in the window), or null when the fill does not hold the line:
 * it does not wrap the line's box (or `wrap`, that box inset for a tight label; the white faces
 * of a 3D headline are no fill around it) unless the label is behind something in front of it
 * (`behind`), or what it holds is not strokes but a solid shape (the fill found was the card
 * around a pill, not the pill).
 */
function textOnFill(
  image: RgbImage,
  win: Window,
  fill: Fill,
  line: TextBox,
  box: TextBox,
  inked: (pixel: number) => boolean,
  thickness: number,
  {
    others,
    kept,
    ink,
  }: { others: readonly TextBox[]; kept: readonly TextBox[]; ink: readonly number[] | null },
  wrap: TextBox = line,
): { text: Uint8Array; behind: LettersBehind | null; ring: Uint8Array } | null {
  const inside = insideFill(win, fill.shape);
  let wrapped = 0;
  for (let y = wrap.y; y < wrap.y + wrap.height; y++)
    for (let x = wrap.x; x < wrap.x + wrap.width; x++)
      wrapped += inside[(y - win.y) * win.width + x - win.x] ?? 0;
  const unwrapped = wrapped < wrap.width * wrap.height * WRAPPED_SHARE;
  const { id, shapes } = shapesOffFill(win, fill.shape, box);
  // A label partly behind something in front of it: its letters are told by their own colour
  // inside the fill, not by the ink reading, which read what is in front (label-behind.ts). Also
  // where the fill holds enough of the box, when the reading's colour is not the letters' but
  // that of what is in front.
  const letters = behindSomething({ win, inside, id, shapes }, line)
    ? lettersBehind(image, { win, inside, id, shapes, fillAt: fill.at }, line, [...others, ...kept])
    : null;
  const behind =
    letters && (unwrapped || readInFront(image, { win, inside }, line, letters.ink, ink)) ? letters : null;
  if (unwrapped && !behind) return null;
  const marks = behind?.isLetter ?? inked;
  const theirs = othersShapes(win, id, shapes, line, others);
  // A medallion's inner ring that the letters touch is drawn on the label, not theirs.
  const ring = arcsThrough(win, id, shapes, box, Math.round(thickness));
  const text = new Uint8Array(win.width * win.height);
  let count = 0;
  for (let k = 0; k < text.length; k++) {
    const s = shapes[id[k] as number];
    if (!s || !inside[k] || theirs.has(id[k] as number) || ring[k]) continue;
    const p = pixelOf(image, win, k);
    const enclosed = !s.outward && s.inside >= s.pixels * INSIDE_SHARE;
    const inLine = p.x >= line.x && p.x < line.x + line.width && p.y >= line.y && p.y < line.y + line.height;
    // The ink reading's marks count in the line's own box and, as a glow, past the grown box;
    // between the two a nested box or the label's frame may lie, in the ink's colour.
    const pastBox = p.x < box.x || p.y < box.y || p.x >= box.x + box.width || p.y >= box.y + box.height;
    // A shape wholly in the window and mostly past the line's box is not the line's, even in its
    // ink's colour: a purple pill under purple letters, whose line box reached into its top rows,
    // was refilled white with them.
    const beside = !s.outward && !enclosed;
    if (enclosed || ((inLine || pastBox) && !beside && marks(p.i / 3))) {
      text[k] = 1;
      count += 1;
    }
  }
  if (count === 0) return null;
  // Strokes are thin, even bold ones with a shadow: eroded by a quarter of the line's height,
  // little of them is left, while a pill the line's height keeps its middle.
  const core = dilate(
    text.map((v) => 1 - v),
    win.width,
    win.height,
    Math.max(2, Math.round(thickness * 0.25)),
  );
  let solid = 0;
  for (let k = 0; k < text.length; k++) if (text[k] && !core[k]) solid += 1;
  if (solid > count * SOLID_SHARE) return null;
  // A thin line drawn on the fill (a price box's frame) is not the letters' glow, though a glow
  // followed out of them reaches it: it stays as it is. Not along the letters, though: the
  // anti-aliased edge of bold letters' long strokes runs on from one to the next.
  const byLetters = dilate(text, win.width, win.height, 1);
  const drawnOn = (x: number, y: number, i: number) =>
    fill.isOff(x + win.x, y + win.y, i) &&
    distanceTo(image.data, i, fill.at(x + win.x, y + win.y)) > FIT_NOISE;
  const frame = frameLines(
    image,
    win,
    fill.shape.map((v, k) => (byLetters[k] ? 0 : v)),
    drawnOn,
    Math.max(FRAME_LEAST, Math.round(thickness * FRAME_RUN)),
  );
  // Nor the far edge of a 3D headline's drop shadow, joined to the letters by the shadow's band.
  clearShadowEdges(
    win,
    frame,
    text,
    (k) => !fill.shape[k] || drawnOn(k % win.width, Math.floor(k / win.width), pixelOf(image, win, k).i),
    {
      reach: Math.max(2, Math.round(thickness * SHADOW_REACH)),
      softReach: Math.max(2, Math.round(thickness * SOFT_SHADOW_REACH)),
    },
  );
  for (let k = 0; k < frame.length; k++) if (ring[k]) frame[k] = 1;
  const open = fill.shape.map((v, k) => (frame[k] || behind?.front[k] ? 0 : v));
  // A glow, a soft shadow and the anti-aliased edge fade from the strokes into the fill: followed
  // out for as long as they are off the fill by more than its own noise.
  // Only through the fill's own pixels: a nested box or a frame next to the letters is off the
  // fill too, and is not theirs.
  followOffFill(
    image,
    win,
    text,
    open,
    (x, y, i) => fill.isOff(x + win.x, y + win.y, i),
    Math.round(thickness * 0.6),
  );
  // A JPEG's ringing lies in the 8×8 blocks the letters' edges cross, in specks the walk above
  // cannot follow from one to the next: every pixel of the fill that far around the line and off
  // it goes too (a shape that is not the fill, such as an icon, is not touched).
  // Not next to the label's own edge or another shape, though: their anti-aliased rim is off the
  // fill too, and it stays.
  const besides = dilate(
    fill.shape.map((v, k) => (v || text[k] ? 0 : 1)),
    win.width,
    win.height,
    2,
  );
  // Behind something, only the blocks the letters cross: the label's tilted rim, shaded off a
  // plane through it, is no ringing of theirs.
  const ringing = behind ? dilate(text, win.width, win.height, JPEG_BLOCK) : null;
  const blocks = windowAround(image, box, JPEG_BLOCK);
  const [x0, y0] = [Math.max(blocks.x, win.x), Math.max(blocks.y, win.y)];
  const x1 = Math.min(blocks.x + blocks.width, win.x + win.width);
  const y1 = Math.min(blocks.y + blocks.height, win.y + win.height);
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const k = (y - win.y) * win.width + (x - win.x);
      if (!open[k] || text[k] || besides[k] || (ringing && !ringing[k])) continue;
      if (fill.isOff(x, y, (y * image.width + x) * 3)) text[k] = 1;
    }
  const grown = dilate(text, win.width, win.height, 1);
  for (let k = 0; k < grown.length; k++)
    grown[k] =
      grown[k] &&
      (inside[k] || text[k]) &&
      !frame[k] &&
      !theirs.has(id[k] as number) &&
      (text[k] || !behind?.front[k])
        ? 1
        : 0;
  return { text: grown, behind, ring };
}

/**
 * The shapes (ids of shapesOffFill) that lie more in another line's box than in `line`: that
 * line's letters, or the label it is printed on. A gradient pill 4 px under big price digits lay
 * in their grown box, was taken for part of them and refilled white, its own words with it.
 * Only a shape wholly in the window: one reaching out of it is joined to what lies past it (letters
 * touching their label's edge and the card beyond it, which the line above stands on too).
 */
function othersShapes(
  win: Window,
  id: Int32Array,
  shapes: readonly { outward: boolean }[],
  line: TextBox,
  others: readonly TextBox[],
): Set<number> {
  const count = shapes.length;
  const near = others.filter(
    (b) =>
      b.x < win.x + win.width && b.y < win.y + win.height && b.x + b.width > win.x && b.y + b.height > win.y,
  );
  const theirs = new Set<number>();
  if (near.length === 0) return theirs;
  const inBox = (b: TextBox, x: number, y: number) =>
    x >= b.x && y >= b.y && x < b.x + b.width && y < b.y + b.height;
  const own = new Int32Array(count);
  const inOther = near.map(() => new Int32Array(count));
  for (let k = 0; k < id.length; k++) {
    const n = id[k] as number;
    if (n < 0) continue;
    const x = (k % win.width) + win.x;
    const y = Math.floor(k / win.width) + win.y;
    if (inBox(line, x, y)) own[n] = (own[n] as number) + 1;
    near.forEach((b, o) => {
      if (inBox(b, x, y)) (inOther[o] as Int32Array)[n] = ((inOther[o] as Int32Array)[n] as number) + 1;
    });
  }
  for (let n = 0; n < count; n++)
    if (!shapes[n]?.outward && inOther.some((counts) => (counts[n] as number) > (own[n] as number)))
      theirs.add(n);
  return theirs;
}

/** The refill of the pixels of `text` (1 in the window): the fill's plane there. */
function refillOf(
  image: RgbImage,
  win: Window,
  {
    text,
    fill,
    behind,
    ring,
  }: { text: Uint8Array; fill: Fill; behind: LettersBehind | null; ring: Uint8Array },
  line: TextBox,
): Refill {
  const pixels: number[] = [];
  for (let k = 0; k < text.length; k++) if (text[k]) pixels.push(k);
  const rgb = new Uint8Array(pixels.length * 3);
  const where = new Int32Array(pixels.length);
  const inks: number[][] = [[], [], []];
  pixels.forEach((k, n) => {
    const p = pixelOf(image, win, k);
    where[n] = p.i / 3;
    const there = fill.at(p.x, p.y);
    there.forEach((v, c) => {
      rgb[n * 3 + c] = Math.max(0, Math.min(255, Math.round(v)));
    });
    if (distanceTo(image.data, p.i, there) > INK_OFF)
      for (let c = 0; c < 3; c++) inks[c]?.push(image.data[p.i + c] as number);
  });
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1] as number;
  const rimmed = dilate(fill.shape, win.width, win.height, 1);
  const own: number[] = [];
  const rim: number[] = [];
  for (let k = 0; k < text.length; k++)
    if (rimmed[k] && !text[k]) (fill.shape[k] ? own : rim).push(pixelOf(image, win, k).i / 3);
  const drawn: number[] = [];
  for (let k = 0; k < ring.length; k++) if (ring[k]) drawn.push(pixelOf(image, win, k).i / 3);
  return {
    label: { fill: Int32Array.from(own), rim: Int32Array.from(rim) },
    pixels: where,
    rgb,
    fill: fill.at(line.x + line.width / 2, line.y + line.height / 2),
    ink: behind?.ink ?? ((inks[0]?.length ?? 0) > 0 ? inks.map((values) => median(values)) : null),
    ...(behind ? { behind: true as const } : {}),
    ...(drawn.length > 0 ? { drawn: Int32Array.from(drawn) } : {}),
  };
}

/** Sets the refilled pixels and marks them in `erased` (one byte a pixel, 255 = erased). */
export function applyRefill(image: RgbImage, refill: Refill, erased: Uint8Array): void {
  for (let n = 0; n < refill.pixels.length; n++) {
    const p = refill.pixels[n] as number;
    image.data[p * 3] = refill.rgb[n * 3] as number;
    image.data[p * 3 + 1] = refill.rgb[n * 3 + 1] as number;
    image.data[p * 3 + 2] = refill.rgb[n * 3 + 2] as number;
    erased[p] = 255;
  }
}
