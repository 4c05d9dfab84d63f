/**
 * The label a line of text was printed on: a pill, a tag, a banner whose colour (flat or a smooth
 * gradient) runs from the text to a sharp edge on every side. Its translation must stay inside
 * it: a longer English line ran past a promotion pill's round ends onto the white card, and a
 * wrapped second line fell under the pill (a Taobao promotion long image, RapidOCR's ch_en_num).
 * Read on the erased picture, where the label is whole again.
 */
import type { TextBox } from '../ocr/index.ts';
import type { RgbImage } from './rgb-image.ts';

/**
 * Largest colour change between neighbouring pixels inside a label (a gradient, JPEG noise): 12
 * stopped on the JPEG noise of a real yellow pill (alimama's train-18), whose translation then
 * wrapped past its bottom onto the red page.
 */
const SMOOTH_STEP = 16;
/** A change at least this big over two pixels is the label's edge. */
const EDGE_STEP = 40;
/** How far past the text a label's edge is looked for, in the text's own height or width. */
const SEARCH = 3;
/** Room kept clear inside the label's edge: its round ends, as a share of its height. */
const END_PAD = 0.35;
const EDGE_PAD = 0.08;

const at = (image: RgbImage, x: number, y: number) => (y * image.width + x) * 3;
const step = (image: RgbImage, a: number, b: number) =>
  Math.max(
    Math.abs((image.data[a] as number) - (image.data[b] as number)),
    Math.abs((image.data[a + 1] as number) - (image.data[b + 1] as number)),
    Math.abs((image.data[a + 2] as number) - (image.data[b + 2] as number)),
  );

/** How many pixels before a sharp edge JPEG's ringing may break the smooth colour. */
const RING = 3;

/** The distance to a sharp edge within RING pixels past `d` along (dx, dy), or null. */
function edgeWithin(image: RgbImage, x: number, y: number, dx: number, dy: number, d: number) {
  for (let e = d + 1; e <= d + RING; e++) {
    const fx = x + dx * (e + 2);
    const fy = y + dy * (e + 2);
    if (fx < 0 || fy < 0 || fx >= image.width || fy >= image.height) return null;
    if (step(image, at(image, x + dx * e, y + dy * e), at(image, fx, fy)) >= EDGE_STEP) return e;
  }
  return null;
}

/**
 * From (x, y), how far the colour runs smoothly along (dx, dy) before a sharp edge: the distance
 * to the edge, or null when it runs out `limit` pixels (or at the picture's side) without one.
 */
function runToEdge(image: RgbImage, x: number, y: number, dx: number, dy: number, limit: number) {
  for (let d = 1; d <= limit; d++) {
    const nx = x + dx * d;
    const ny = y + dy * d;
    const fx = x + dx * (d + 2);
    const fy = y + dy * (d + 2);
    if (fx < 0 || fy < 0 || fx >= image.width || fy >= image.height) return null;
    const here = at(image, nx, ny);
    if (step(image, here, at(image, fx, fy)) >= EDGE_STEP) return d;
    // A jump that is gone across it (from the pixel before the jump to the one after it) was one
    // noisy pixel, and jumps a few pixels before a sharp edge are its ringing: JPEG rings 17–32
    // levels on a saturated gradient, in RapidOCR ch_en_num's magenta pill and at its gold rim.
    const before = at(image, nx - dx, ny - dy);
    const back = d > 1 ? 2 : 1;
    const across = step(image, at(image, nx - back * dx, ny - back * dy), at(image, nx + dx, ny + dy));
    if (step(image, before, here) > SMOOTH_STEP && across > SMOOTH_STEP)
      return edgeWithin(image, x, y, dx, dy, d);
  }
  return null;
}

/**
 * The label under `box`, out to its edges, or null when the text is not on one: the colour around
 * it is a photo, or runs on past SEARCH times the text.
 */
export function labelOutline(image: RgbImage, box: TextBox): TextBox | null {
  const cx = Math.round(box.x + box.width / 2);
  const cy = Math.round(box.y + box.height / 2);
  if (cx < 0 || cy < 0 || cx >= image.width || cy >= image.height) return null;
  const across = Math.round(box.width * SEARCH);
  const down = Math.round(box.height * SEARCH);
  const left = runToEdge(image, cx, cy, -1, 0, Math.round(box.width / 2) + across);
  const right = runToEdge(image, cx, cy, 1, 0, Math.round(box.width / 2) + across);
  if (left === null || right === null) return null;
  // Its height is read at the middle, and a quarter of the text from either end where it holds
  // the text there (a speck is no edge): the least is taken. A stripe of the label's colour across
  // it (a white pill over a white stripe, alimama's train-7) runs on past its edge at the middle.
  let [top, bottom] = [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
  for (const x of [cx, cx - Math.round(box.width / 4), cx + Math.round(box.width / 4)]) {
    const up = runToEdge(image, x, cy, 0, -1, Math.round(box.height / 2) + down);
    const below = runToEdge(image, x, cy, 0, 1, Math.round(box.height / 2) + down);
    if (up === null || below === null || (x !== cx && up + below < box.height * 0.8)) continue;
    [top, bottom] = [Math.max(top, cy - up), Math.min(bottom, cy + below)];
  }
  if (!Number.isFinite(top) || !Number.isFinite(bottom)) return null;
  return { x: cx - left, y: top, width: left + right, height: bottom - top };
}

/**
 * The inside of the label under `box` (its round ends and edge kept clear), or null when the
 * text is not on one (labelOutline).
 */
export function labelAround(image: RgbImage, box: TextBox): TextBox | null {
  const outline = labelOutline(image, box);
  if (!outline) return null;
  const { height } = outline;
  const x0 = outline.x + Math.round(height * END_PAD);
  const x1 = outline.x + outline.width - Math.round(height * END_PAD);
  const y0 = outline.y + Math.round(height * EDGE_PAD);
  const y1 = outline.y + outline.height - Math.round(height * EDGE_PAD);
  if (x1 <= x0 || y1 <= y0) return null;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Rows of a line that must meet a straight edge beside it for the edge to bound its room. */
const EDGE_ROWS = 0.6;

/**
 * `room` stopped short of a straight edge beside the line that the original did not cross: the
 * side of the scroll or card it was printed on, a bottle standing next to a caption. The edge is
 * looked for only across smooth colour from the line's own side, on every row of its middle, and
 * counts when most rows meet it; on a photo the colour is not smooth and nothing changes.
 */
export function beforeSideEdges(image: RgbImage, box: TextBox, room: TextBox): TextBox {
  const pad = Math.max(2, Math.round(Math.min(box.width, box.height) * 0.15));
  const rows: number[] = [];
  for (let y = Math.round(box.y + box.height * 0.2); y < box.y + box.height * 0.8; y++)
    if (y >= 0 && y < image.height) rows.push(y);
  if (rows.length === 0) return room;
  const edgeAt = (from: number, dx: number, limit: number) => {
    if (limit <= 0 || from < 0 || from >= image.width) return null;
    const found = rows
      .map((y) => runToEdge(image, from, y, dx, 0, limit))
      .filter((d): d is number => d !== null)
      .sort((a, b) => a - b);
    if (found.length < rows.length * EDGE_ROWS) return null;
    // The nearest distance most rows reach: a straight edge, not one row's speck.
    return found[Math.floor(found.length * (1 - EDGE_ROWS))] as number;
  };
  const right = box.x + box.width;
  const toRight = edgeAt(right, 1, room.x + room.width - right);
  const toLeft = edgeAt(box.x - 1, -1, box.x - room.x);
  const x0 = toLeft === null ? room.x : Math.min(box.x, box.x - 1 - toLeft + pad);
  const x1 = toRight === null ? room.x + room.width : Math.max(right, right + toRight - pad);
  return { ...room, x: x0, width: x1 - x0 };
}

/** Columns of a line that must meet a straight edge under it for the edge to bound its room. */
const EDGE_COLUMNS = 0.6;

/**
 * How far under `box` the smooth colour it was printed on runs down to a straight edge, within
 * `limit` pixels: the top of another surface under a caption (alimama valid-1's cream 「0.1元特权礼包…」
 * on a teal band above the pale floor), or null. Looked for on the middle of the line's columns,
 * as beforeSideEdges does on its rows: on a photo the colour is not smooth and nothing is found.
 */
export function edgeBelow(image: RgbImage, box: TextBox, limit: number): number | null {
  const from = Math.round(box.y + box.height) - 1;
  if (limit <= 0 || from < 0 || from >= image.height) return null;
  const columns: number[] = [];
  const every = Math.max(1, Math.round(box.height / 4));
  for (let x = Math.round(box.x + box.width * 0.2); x < box.x + box.width * 0.8; x += every)
    if (x >= 0 && x < image.width) columns.push(x);
  if (columns.length === 0) return null;
  const found = columns
    .map((x) => runToEdge(image, x, from, 0, 1, limit))
    .filter((d): d is number => d !== null)
    .sort((a, b) => a - b);
  if (found.length < columns.length * EDGE_COLUMNS) return null;
  return found[Math.floor(found.length * (1 - EDGE_COLUMNS))] as number;
}

/**
 * `room` kept inside the label: across, never past its edge; down, the label's whole height (the
 * free space of a label is its own, above the text too). Never smaller than the text's own box:
 * the original fitted there.
 */
export function withinLabel(room: TextBox, label: TextBox, box: TextBox): TextBox {
  const left = Math.min(box.x, Math.max(room.x, label.x));
  const top = Math.min(box.y, label.y);
  const right = Math.max(box.x + box.width, Math.min(room.x + room.width, label.x + label.width));
  const bottom = Math.max(box.y + box.height, Math.min(room.y + room.height, label.y + label.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** `room` cut to the inside of a panel it lies on, and never smaller than the text's own box. */
export function clippedTo(room: TextBox, panel: TextBox, box: TextBox): TextBox {
  const left = Math.min(box.x, Math.max(room.x, panel.x));
  const top = Math.min(box.y, Math.max(room.y, panel.y));
  const right = Math.max(box.x + box.width, Math.min(room.x + room.width, panel.x + panel.width));
  const bottom = Math.max(box.y + box.height, Math.min(room.y + room.height, panel.y + panel.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}
