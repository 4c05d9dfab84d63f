import {
  type AlphaPixels,
  alphaBox,
  type Footprint,
  footprint,
  type PixelBox,
  PRODUCT_ALPHA,
} from '@chuhai/contract';

/**
 * What 换背景's preview needs of a product, measured once in the browser (no request): the picture
 * to draw and, in that picture's pixels, the boxes compose.ts places by.
 */
export interface MeasuredProduct {
  /** The cut-out itself, or the photo with an estimated outline made transparent. */
  url: string;
  width: number;
  height: number;
  /** Everything not background (soft edges included): the layer that is scaled and placed. */
  crop: PixelBox;
  /** The visible product (alpha ≥ 128): its longer side is what the size slider sets. */
  visible: PixelBox;
  /** Where it stands, inside `crop`. */
  base: Footprint | null;
  /** From a real cut-out (what 生成 uses); otherwise an estimate from the photo's colours. */
  exact: boolean;
  /** Releases what measuring made (the estimate's picture). */
  dispose: () => void;
}

/** Measured at most this many pixels on the longer side: enough for a preview a few hundred wide. */
const WORK_SIDE = 800;
/** Colour distance (sum over RGB) from the photo's border where the estimate starts and ends the product. */
const EDGE_FROM = 40;
const EDGE_TO = 80;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`could not load ${src}`));
    image.src = src;
  });
}

/** The picture drawn at working size, and its pixels. */
function workPixels(image: HTMLImageElement) {
  const shrink = Math.min(1, WORK_SIDE / Math.max(image.naturalWidth, image.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * shrink));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * shrink));
  const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return { canvas, context, pixels: context.getImageData(0, 0, canvas.width, canvas.height) };
}

/** The boxes of RGBA pixels, as compose.ts measures a cut-out. */
function boxesOf(pixels: ImageData) {
  const rgba: AlphaPixels = {
    data: pixels.data,
    width: pixels.width,
    height: pixels.height,
    channels: 4,
    offset: 3,
  };
  const crop = alphaBox(rgba, PRODUCT_ALPHA.haze);
  const visible = alphaBox(rgba, PRODUCT_ALPHA.solid);
  if (!crop || !visible) return null;
  // The base is looked for inside the crop, as compose.ts looks in the cropped layer.
  const inside = new Uint8Array(crop.width * crop.height);
  for (let y = 0; y < crop.height; y += 1)
    for (let x = 0; x < crop.width; x += 1)
      inside[y * crop.width + x] = pixels.data[
        ((crop.top + y) * pixels.width + crop.left + x) * 4 + 3
      ] as number;
  return { crop, visible, base: footprint({ data: inside, width: crop.width, height: crop.height }) };
}

/** A stored cut-out (transparent PNG): exactly what 生成 will place. */
export async function measureCutout(url: string): Promise<MeasuredProduct | null> {
  const { pixels, canvas } = workPixels(await loadImage(url));
  const boxes = boxesOf(pixels);
  if (!boxes) return null;
  return { url, width: canvas.width, height: canvas.height, ...boxes, exact: true, dispose: () => {} };
}

/** The mean colour of the photo's outermost pixels: its background, for a product shot on a plain one. */
function borderColour({ data, width, height }: ImageData): [number, number, number] {
  const sum = [0, 0, 0];
  let count = 0;
  const add = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    for (let c = 0; c < 3; c += 1) sum[c] = (sum[c] as number) + (data[i + c] as number);
    count += 1;
  };
  for (let x = 0; x < width; x += 1) {
    add(x, 0);
    add(x, height - 1);
  }
  for (let y = 1; y < height - 1; y += 1) {
    add(0, y);
    add(width - 1, y);
  }
  return sum.map((s) => s / count) as [number, number, number];
}

/**
 * Before the photo is cut out: its pixels far from the border's colour are taken for the product.
 * Good enough to show where the product will sit on a plain-background photo; where the estimate
 * takes (nearly) the whole photo, the whole photo is shown as it is.
 */
export async function estimateFromPhoto(photo: Blob): Promise<MeasuredProduct | null> {
  const source = URL.createObjectURL(photo);
  try {
    const { canvas, context, pixels } = workPixels(await loadImage(source));
    const [r0, g0, b0] = borderColour(pixels);
    const { data } = pixels;
    for (let i = 0; i < data.length; i += 4) {
      const distance =
        Math.abs((data[i] as number) - r0) +
        Math.abs((data[i + 1] as number) - g0) +
        Math.abs((data[i + 2] as number) - b0);
      data[i + 3] = Math.round(
        255 * Math.min(1, Math.max(0, (distance - EDGE_FROM) / (EDGE_TO - EDGE_FROM))),
      );
    }
    let boxes = boxesOf(pixels);
    const whole = !boxes || boxes.visible.width * boxes.visible.height > 0.9 * pixels.width * pixels.height;
    if (whole) {
      for (let i = 3; i < data.length; i += 4) data[i] = 255;
      boxes = boxesOf(pixels);
    }
    if (!boxes) return null;
    context.putImageData(pixels, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) return null;
    const url = URL.createObjectURL(blob);
    return {
      url,
      width: canvas.width,
      height: canvas.height,
      ...boxes,
      exact: false,
      dispose: () => URL.revokeObjectURL(url),
    };
  } finally {
    URL.revokeObjectURL(source);
  }
}
