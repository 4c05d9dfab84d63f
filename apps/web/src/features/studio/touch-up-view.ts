/**
 * 修补's zoom and pan, as plain numbers so the mapping from a finger to a picture pixel can be
 * tested without a browser. The picture fills the frame at zoom 1; `x`/`y` move the zoomed picture
 * inside the frame, in the frame's CSS pixels (the layer is `translate(x, y) scale(zoom)` from its
 * top-left corner).
 */
export interface View {
  zoom: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export const FIT: View = { zoom: 1, x: 0, y: 0 };
/** 8×: a 390 px phone shows a 1600 px photo at about 1:1 with room to spare; 4× was the ask. */
export const MAX_ZOOM = 8;
/** ＋ and － double and halve: 1, 2, 4, 8. */
export const ZOOM_STEP = 2;

/** Zoomed between fit and MAX_ZOOM, never pulled off the frame so no blank edge shows. */
export function clampView(view: View, frame: Size): View {
  const zoom = Math.min(MAX_ZOOM, Math.max(1, view.zoom));
  const clamp = (value: number, side: number) => Math.min(0, Math.max(side - side * zoom, value));
  return { zoom, x: clamp(view.x, frame.width), y: clamp(view.y, frame.height) };
}

/** The view at `zoom` with the picture point under `anchor` (frame pixels) still under it. */
export function zoomAround(view: View, zoom: number, anchor: Point, frame: Size): View {
  const next = Math.min(MAX_ZOOM, Math.max(1, zoom));
  const ratio = next / view.zoom;
  return clampView(
    { zoom: next, x: anchor.x - (anchor.x - view.x) * ratio, y: anchor.y - (anchor.y - view.y) * ratio },
    frame,
  );
}

/** The picture pixel under a point of the frame (frame pixels, from its top-left corner). */
export function toImage(view: View, point: Point, frame: Size, image: Size): Point {
  return {
    x: ((point.x - view.x) / view.zoom) * (image.width / frame.width),
    y: ((point.y - view.y) / view.zoom) * (image.height / frame.height),
  };
}

/** How many picture pixels one screen pixel covers: the brush keeps its size on screen. */
export function imagePerScreen(view: View, frame: Size, image: Size): number {
  return image.width / (frame.width * view.zoom);
}

/** Two fingers: from where they started to where they are now, the picture follows both. */
export function pinchView(start: { view: View; a: Point; b: Point }, a: Point, b: Point, frame: Size): View {
  const distance = (p: Point, q: Point) => Math.hypot(p.x - q.x, p.y - q.y) || 1;
  const middle = (p: Point, q: Point) => ({ x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 });
  const from = middle(start.a, start.b);
  const to = middle(a, b);
  const zoomed = zoomAround(
    start.view,
    (start.view.zoom * distance(a, b)) / distance(start.a, start.b),
    from,
    frame,
  );
  return clampView({ ...zoomed, x: zoomed.x + to.x - from.x, y: zoomed.y + to.y - from.y }, frame);
}
