import {
  BATCH_LIMITS,
  type BatchSteps,
  type Feature,
  type ImageMarketplaceId,
  MAIN_IMAGE_RULE_SETS,
  type MainImageReport,
  PLACEMENT_LIMITS,
} from '@chuhai/contract';
import sharp from 'sharp';
import { findDesign, renderBackground } from '../../imaging/backgrounds/library.ts';
import { cutoutPng } from '../../imaging/compose.ts';
import type { OcrEngine } from '../../imaging/ocr/index.ts';
import { PIXELS_ON_THIS_THREAD } from '../../imaging/pixel-pool.ts';
import { cutOutProduct, type ProductFinders } from '../../imaging/product-cutout.ts';
import type { AlphaMask } from '../../providers/matting/matting-engine.ts';

/**
 * The result a seller recognises an image by in the job's table: the first main image, else the
 * product on its background, else the cut-out.
 */
export function previewOutput<T extends { kind: string }>(outputs: readonly T[]): T | undefined {
  return (
    outputs.find((o) => o.kind === 'main') ??
    outputs.find((o) => o.kind === 'background') ??
    outputs.find((o) => o.kind === 'translated') ??
    outputs.find((o) => o.kind === 'cutout')
  );
}

/** A small WebP of the preview output (transparency kept for a cut-out), for the job's table. */
export async function thumbnailOf(outputs: readonly BatchOutput[]): Promise<Buffer | null> {
  const preview = previewOutput(outputs);
  if (!preview) return null;
  const side = BATCH_LIMITS.thumbnailPx;
  return sharp(preview.bytes)
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}

/** One output file of an image. */
export interface BatchOutput {
  kind: 'cutout' | 'main' | 'background' | 'translated';
  marketplace?: ImageMarketplaceId;
  bytes: Buffer;
  extension: 'png' | 'jpg';
  /** 图片翻译: source-language characters left in the result, and blocks that overflowed. */
  residual?: number;
  overflow?: number;
  /** 图片翻译: text printed on the product, kept as it is; the seller's terms the translation missed. */
  productText?: string[];
  missedTerms?: string[];
  /** 图片翻译: numbers the model's translation dropped and the server put back, as drawn (「¥168」). */
  restoredNumbers?: string[];
}

/** Whether the steps need the product cut out (图片翻译 alone does not). */
export const needsMatte = (steps: BatchSteps) =>
  steps.cutout || steps.marketplaces.length > 0 || Boolean(steps.backgroundColor || steps.backgroundDesign);

/** OCR lines read on one size of a picture, placed on the same picture at `scale` times that size. */
function scaledLines(lines: Awaited<ReturnType<OcrEngine['readLines']>>, scale: number) {
  if (scale === 1) return lines;
  return lines.map((line) => ({
    ...line,
    box: {
      x: Math.round(line.box.x * scale),
      y: Math.round(line.box.y * scale),
      width: Math.round(line.box.width * scale),
      height: Math.round(line.box.height * scale),
    },
  }));
}

/** A marketplace's verdicts on the photo as uploaded and on the main image made from it. */
export interface BatchVerdict {
  marketplace: ImageMarketplaceId;
  original: MainImageReport;
  main: MainImageReport;
}

/** What the steps cost per image: each output is one use of its feature. */
export function usesPerImage(steps: BatchSteps): Partial<Record<Feature, number>> {
  const cutout = (steps.cutout ? 1 : 0) + steps.marketplaces.length;
  return {
    ...(cutout > 0 ? { cutout } : {}),
    ...(steps.backgroundColor || steps.backgroundDesign ? { replace: 1 } : {}),
    ...(steps.translate ? { translate: 1 } : {}),
  };
}

/**
 * Every output of one image from its matte, all from the product alone (separate parts dropped,
 * added text erased: product-cutout.ts), as 智能做图 makes them: the cut-out, a white main image per
 * marketplace (checked against that marketplace's rules, as is the photo as it came), the product
 * on a colour. The pixel work runs in `finders.pixels` (the worker hands it the pool's background
 * view; on this thread without one).
 */
export async function makeOutputs(
  image: Buffer,
  matte: AlphaMask,
  steps: BatchSteps,
  finders: ProductFinders,
): Promise<{ outputs: BatchOutput[]; verdicts: BatchVerdict[] }> {
  const { ocr, pixels = PIXELS_ON_THIS_THREAD } = finders;
  const only = await cutOutProduct(finders, image, { allParts: false, matte });
  const outputs: BatchOutput[] = [];
  const verdicts: BatchVerdict[] = [];
  if (steps.cutout)
    outputs.push({ kind: 'cutout', bytes: await cutoutPng(only.image, only.matte), extension: 'png' });
  // The photo as it came, judged by each marketplace's rules (with everything the model found in it).
  const originals =
    steps.marketplaces.length > 0 ? await pixels.checkPhoto(image, matte, steps.marketplaces) : [];
  // Every main image is the same picture at another size: read once, the boxes scaled.
  let read: { side: number; lines: Awaited<ReturnType<OcrEngine['readLines']>> } | null = null;
  for (const [index, marketplace] of steps.marketplaces.entries()) {
    const made = await pixels.whiteMainImage(only.image, only.matte, MAIN_IMAGE_RULE_SETS[marketplace].size);
    read ??= { side: made.width, lines: await ocr.readLines(made.bytes) };
    outputs.push({ kind: 'main', marketplace, bytes: made.bytes, extension: 'jpg' });
    verdicts.push({
      marketplace,
      original: originals[index] as MainImageReport,
      main: await pixels.checkMainImage(made.pixels, marketplace, made, {
        lines: scaledLines(read.lines, made.width / read.side),
        dropped: only.dropped,
      }),
    });
  }
  const design = steps.backgroundDesign ? findDesign(steps.backgroundDesign) : undefined;
  if (steps.backgroundColor || design) {
    const size = PLACEMENT_LIMITS.outputSize;
    const background = design
      ? await renderBackground(design, size)
      : await sharp({
          create: { width: size, height: size, channels: 3, background: steps.backgroundColor as string },
        })
          .png()
          .toBuffer();
    const placed = await pixels.placeOnBackground(only.image, only.matte, background, {
      scale: 0.8,
      x: 0.5,
      y: 0.9,
      shadow: true,
    });
    outputs.push({ kind: 'background', bytes: placed.bytes, extension: 'jpg' });
  }
  return { outputs, verdicts };
}
