import {
  BATCH_LIMITS,
  type BatchSteps,
  type Feature,
  type ImageMarketplaceId,
  type MainImageReport,
  PLACEMENT_LIMITS,
} from '@chuhai/contract';
import sharp from 'sharp';
import { colourBackground, findDesign, renderBackground } from '../../imaging/backgrounds/library.ts';
import type { ProductFinders } from '../../imaging/product-cutout.ts';
import { makeProductPictures } from '../../imaging/product-recipe.ts';
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
 * Every output of one image from its matte by the one recipe (product-recipe.ts), as 智能做图 makes
 * them: the cut-out, a white main image per marketplace (checked against that marketplace's rules,
 * as is the photo as it came), the product on a colour or a library design. The pixel work runs in
 * `finders.pixels` (the worker hands it the pool's background view; on this thread without one).
 */
export async function makeOutputs(
  image: Buffer,
  matte: AlphaMask,
  steps: BatchSteps,
  finders: ProductFinders,
): Promise<{ outputs: BatchOutput[]; verdicts: BatchVerdict[] }> {
  const background = await backgroundOf(steps);
  const pictures = await makeProductPictures(
    finders,
    { photo: image, matte },
    {
      cutout: steps.cutout,
      photoChecks: steps.marketplaces,
      mainImages: steps.marketplaces,
      ...(background ? { background: { image: background, placement: BATCH_PLACEMENT } } : {}),
    },
  );
  const outputs: BatchOutput[] = [];
  if (pictures.cutout) outputs.push({ kind: 'cutout', bytes: pictures.cutout, extension: 'png' });
  const verdicts = pictures.mainImages.map((main, index) => {
    outputs.push({ kind: 'main', marketplace: main.marketplace, bytes: main.bytes, extension: 'jpg' });
    const original = pictures.photoChecks[index] as MainImageReport;
    return { marketplace: main.marketplace, original, main: main.check };
  });
  if (pictures.placed) outputs.push({ kind: 'background', bytes: pictures.placed.bytes, extension: 'jpg' });
  return { outputs, verdicts };
}

/** Where 批量处理 puts the product on a new background: 80% of the frame, centred, standing low, with a shadow. */
const BATCH_PLACEMENT = { scale: 0.8, x: 0.5, y: 0.9, shadow: true };

/** The steps' new background as PNG, or null when they ask for none. */
function backgroundOf(steps: BatchSteps): Promise<Buffer> | null {
  const size = PLACEMENT_LIMITS.outputSize;
  const design = steps.backgroundDesign ? findDesign(steps.backgroundDesign) : undefined;
  if (design) return renderBackground(design, size);
  return steps.backgroundColor ? colourBackground(steps.backgroundColor, size) : null;
}
