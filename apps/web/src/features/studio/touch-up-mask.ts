import { restoreReach } from './restore-reach';

export type Brush = 'erase' | 'restore';

/** One drag of the brush, in the image's own pixels, so undo can draw the rest again. */
export interface Stroke {
  brush: Brush;
  width: number;
  points: { x: number; y: number }[];
  /** 恢复 that brings back only the product (restore-reach.ts); off, it paints everything back. */
  onlyProduct?: boolean;
}

/** Resolves once the image has loaded. */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`could not load ${src}`));
    image.src = src;
  });
}

const context2d = (canvas: HTMLCanvasElement) => canvas.getContext('2d') as CanvasRenderingContext2D;

/** The pixels of an image drawn at the given size. */
export function pixelsOf(image: HTMLImageElement, width: number, height: number): Uint8ClampedArray {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = context2d(canvas);
  context.drawImage(image, 0, 0, width, height);
  return context.getImageData(0, 0, width, height).data;
}

/** The restore brush's reach as a canvas whose alpha is how far each pixel may come back. */
export function reachCanvas(
  photo: HTMLImageElement,
  cutout: HTMLImageElement,
  width: number,
  height: number,
) {
  const reach = restoreReach(pixelsOf(photo, width, height), pixelsOf(cutout, width, height), width, height);
  return canvasOfReach(reach, width, height);
}

/** A reach (one byte a pixel, restore-reach.ts) as a canvas whose alpha it is. */
export function canvasOfReach(reach: Uint8Array | Uint8ClampedArray, width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = context2d(canvas);
  const pixels = context.getImageData(0, 0, width, height);
  for (let p = 0; p < reach.length; p++) pixels.data[p * 4 + 3] = reach[p] as number;
  context.putImageData(pixels, 0, 0);
  return canvas;
}

/** The stroke's shape, opaque, with round ends, offset so `origin` is the canvas's corner. */
function traceStroke(context: CanvasRenderingContext2D, stroke: Stroke, origin = { x: 0, y: 0 }) {
  context.strokeStyle = '#000';
  context.fillStyle = '#000';
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.lineWidth = stroke.width;
  const [first, ...rest] = stroke.points;
  if (!first) return;
  context.beginPath();
  context.arc(first.x - origin.x, first.y - origin.y, stroke.width / 2, 0, Math.PI * 2);
  context.fill();
  if (rest.length === 0) return;
  context.beginPath();
  context.moveTo(first.x - origin.x, first.y - origin.y);
  for (const point of rest) context.lineTo(point.x - origin.x, point.y - origin.y);
  context.stroke();
}

// One scratch canvas for every restore segment: a drag draws dozens a second.
let scratch: HTMLCanvasElement | null = null;

/**
 * A stroke on the mask: erasing clears alpha; restoring raises it to the reach (only where the
 * stroke passes), or to opaque when the seller asked for everything back. Only the stroke's box is
 * touched, so a segment of a drag costs what its size costs, not the photo's.
 */
export function drawStroke(mask: HTMLCanvasElement, stroke: Stroke, reach: () => HTMLCanvasElement) {
  const context = context2d(mask);
  context.save();
  if (stroke.brush === 'erase' || !stroke.onlyProduct) {
    context.globalCompositeOperation = stroke.brush === 'erase' ? 'destination-out' : 'source-over';
    traceStroke(context, stroke);
    context.restore();
    return;
  }
  const half = stroke.width / 2 + 2;
  const xs = stroke.points.map((p) => p.x);
  const ys = stroke.points.map((p) => p.y);
  const left = Math.max(0, Math.floor(Math.min(...xs) - half));
  const top = Math.max(0, Math.floor(Math.min(...ys) - half));
  const right = Math.min(mask.width, Math.ceil(Math.max(...xs) + half));
  const bottom = Math.min(mask.height, Math.ceil(Math.max(...ys) + half));
  if (right > left && bottom > top) {
    scratch ??= document.createElement('canvas');
    scratch.width = right - left;
    scratch.height = bottom - top;
    const piece = context2d(scratch);
    traceStroke(piece, stroke, { x: left, y: top });
    piece.globalCompositeOperation = 'source-in';
    piece.drawImage(reach(), left, top, scratch.width, scratch.height, 0, 0, scratch.width, scratch.height);
    context.globalCompositeOperation = 'source-over';
    context.drawImage(scratch, left, top);
  }
  context.restore();
}

/** The mask's alpha as a greyscale PNG (white = product), the form the server takes. */
export function maskToPng(mask: HTMLCanvasElement): Promise<Blob> {
  const { width, height } = mask;
  const pixels = context2d(mask).getImageData(0, 0, width, height);
  const data = pixels.data;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3] as number;
    data[i] = alpha;
    data[i + 1] = alpha;
    data[i + 2] = alpha;
    data[i + 3] = 255;
  }
  const out = document.createElement('canvas');
  out.width = width;
  out.height = height;
  context2d(out).putImageData(pixels, 0, 0);
  return new Promise((resolve, reject) =>
    out.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), 'image/png'),
  );
}
