import sharp from 'sharp';

/** An upright RGB image, three bytes a pixel, row by row. */
export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

/** The image OCR works on, and how to get back to the pixels of the image the caller sent. */
export interface WorkImage {
  pixels: Pixels;
  /** Original (upright) pixels per working pixel: 1 unless the image was shrunk to limit the work. */
  scale: number;
  /** The size of the image as shown. */
  original: { width: number; height: number };
}

/**
 * Pixels OCR works on at most (48 MB of RGB). The detector looks at 2 MP or less anyway; this is
 * what the recogniser crops its lines from, and it reads each line at 48 px high, so a 40 MP upload
 * (the upload limit) shrunk to 16 MP keeps 80 % of its text height. An area and not a side, so a
 * long detail-page strip (750 × 20000) keeps its full width.
 */
const MAX_WORK_PIXELS = 16_000_000;

/** Pixels sharp may decode at all: the upload limit is 40 MP; this only stops a decompression bomb. */
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * Decodes a PNG, JPEG or WebP for OCR: turned upright by its EXIF orientation (the boxes we return
 * are in the pixels a person sees), transparency flattened onto white (a cut-out product's
 * transparent background would otherwise be black, and black text on it invisible), grey or CMYK
 * turned into sRGB, and shrunk to at most `MAX_WORK_PIXELS`.
 */
export async function loadWorkImage(image: Buffer): Promise<WorkImage> {
  const original = await uprightSize(image);
  const area = original.width * original.height;
  const shrink = area > MAX_WORK_PIXELS ? Math.sqrt(MAX_WORK_PIXELS / area) : 1;
  const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({
      width: Math.max(1, Math.floor(original.width * shrink)),
      height: Math.max(1, Math.floor(original.height * shrink)),
      fit: 'fill',
      withoutEnlargement: true,
    })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected RGB pixels, got ${info.channels} channels`);
  return {
    pixels: { data, width: info.width, height: info.height },
    scale: Math.max(original.width / info.width, original.height / info.height),
    original,
  };
}

/** The image's size as shown, i.e. with width and height swapped for EXIF orientations 5–8. */
async function uprightSize(image: Buffer): Promise<{ width: number; height: number }> {
  const {
    width = 0,
    height = 0,
    orientation = 1,
  } = await sharp(image, {
    limitInputPixels: MAX_INPUT_PIXELS,
  }).metadata();
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}
