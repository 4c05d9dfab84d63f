import type { RepairStroke } from '@chuhai/contract';

const context2d = (canvas: HTMLCanvasElement) => canvas.getContext('2d') as CanvasRenderingContext2D;

/**
 * 恢复原图's paint: the original as a pattern laid on the picture's pixels, so a stroke shows the
 * original under it (the original is at the picture's size; scaled to it if not).
 */
function originalPattern(context: CanvasRenderingContext2D, original: HTMLImageElement, size: DOMRectLike) {
  const pattern = context.createPattern(original, 'no-repeat');
  if (pattern && original.naturalWidth && typeof DOMMatrix !== 'undefined')
    pattern.setTransform(
      new DOMMatrix().scale(size.width / original.naturalWidth, size.height / original.naturalHeight),
    );
  return pattern;
}

interface DOMRectLike {
  width: number;
  height: number;
}

/**
 * One stroke on the preview, as the server paints it: a round brush along the points (which name
 * pixels: their centres are at +0.5), in the picked colour or showing the original.
 */
export function paintStroke(
  canvas: HTMLCanvasElement,
  stroke: RepairStroke,
  original: HTMLImageElement | null,
): void {
  const context = context2d(canvas);
  const paint =
    stroke.mode === 'restore'
      ? original
        ? originalPattern(context, original, canvas)
        : null
      : stroke.colour;
  if (!paint) return;
  context.save();
  context.strokeStyle = paint;
  context.fillStyle = paint;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.lineWidth = stroke.width;
  const [first, ...rest] = stroke.points.map(([x, y]) => [x + 0.5, y + 0.5] as const);
  if (first) {
    context.beginPath();
    context.arc(first[0], first[1], stroke.width / 2, 0, Math.PI * 2);
    context.fill();
    if (rest.length > 0) {
      context.beginPath();
      context.moveTo(first[0], first[1]);
      for (const [x, y] of rest) context.lineTo(x, y);
      context.stroke();
    }
  }
  context.restore();
}

/** The preview from scratch: the erased picture as last repaired, then every stroke in order. */
export function paintPreview(
  canvas: HTMLCanvasElement,
  background: HTMLImageElement,
  strokes: readonly RepairStroke[],
  original: HTMLImageElement | null,
): void {
  const context = context2d(canvas);
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.drawImage(background, 0, 0, canvas.width, canvas.height);
  for (const stroke of strokes) paintStroke(canvas, stroke, original);
}

/** The pixels around a picture pixel (3 × 3, fewer at an edge), RGBA, as the eyedropper reads them. */
export function pixelsAround(canvas: HTMLCanvasElement, x: number, y: number): Uint8ClampedArray {
  const left = Math.max(0, Math.min(canvas.width - 1, x - 1));
  const top = Math.max(0, Math.min(canvas.height - 1, y - 1));
  const width = Math.min(3, canvas.width - left);
  const height = Math.min(3, canvas.height - top);
  return context2d(canvas).getImageData(left, top, width, height).data;
}
