import type {
  GlossaryTerm,
  ListingFacts,
  LocaliseSite,
  MainImageReport,
  RestoredNumbers,
} from '@chuhai/contract';
import type { ProductCutout } from '../../imaging/product-cutout.ts';
import { type MainImage, makeProductPictures } from '../../imaging/product-recipe.ts';
import { NoSourceTextError } from '../../imaging/text/translate-picture.ts';
import { type CheckedListing, writeCheckedListing } from '../listing/service.ts';
import { type MadeTranslation, translateForBatch } from '../translate/service.ts';
import type { LocaliseDeps } from './deps.ts';

/** The site's listing: its language, the seller's terms, the site's rules, one fix, checked again. */
export function listingStep(
  deps: LocaliseDeps,
  userId: number,
  facts: ListingFacts,
  site: LocaliseSite,
  glossary: GlossaryTerm[],
): Promise<CheckedListing> {
  return writeCheckedListing(deps, userId, {
    facts,
    target: { marketplace: site.marketplace, site: site.site, language: site.language },
    glossary,
  });
}

/**
 * The main image for the site's picture rules by the one recipe (product-recipe.ts), as 批量处理
 * makes it: the product alone, on white at the rule set's size, read by the OCR and checked
 * against every rule of the set.
 * The pixel work runs in `deps.pixels` (the worker hands it the pool's background view). The
 * product is cut by `deps.cutOut` when given (job-engines.ts: once per photo for the whole job),
 * here otherwise.
 */
export async function mainImageStep(
  deps: LocaliseDeps & { cutOut?: (photo: Buffer) => Promise<ProductCutout> },
  photo: Buffer,
  site: LocaliseSite,
): Promise<{ bytes: Buffer; report: MainImageReport }> {
  const source = deps.cutOut ? { product: await deps.cutOut(photo) } : { photo };
  const pictures = await makeProductPictures(deps, source, { mainImages: [site.imageRules] });
  const main = pictures.mainImages[0] as MainImage;
  return { bytes: main.bytes, report: main.check };
}

/** One detail picture in the site's language; `translated: false` when it had no Chinese to translate. */
export interface TranslatedPicture {
  bytes: Buffer;
  extension: string;
  translated: boolean;
  residual: number;
  overflow: number;
  missedTerms: GlossaryTerm[];
  /** Numbers the AI's translation dropped twice, put back by the server: the seller checks them. */
  restoredNumbers: RestoredNumbers[];
  /** The translation as the editor opens it (kept as a 图片翻译 when the task delivers); null when untranslated. */
  made: MadeTranslation | null;
  /**
   * Untranslated because its Chinese is set at a slant (about 45°), which 图片翻译 cannot read yet:
   * the Chinese is all still there, so it is no pass (report.ts).
   */
  slanted?: boolean;
}

/**
 * A detail picture with no Chinese to translate: delivered as it came, nothing to check or charge;
 * `slanted` when it had Chinese the pipeline could not read level.
 */
export function untranslated(
  photo: { bytes: Buffer; extension: string },
  slanted = false,
): TranslatedPicture {
  return {
    ...photo,
    translated: false,
    residual: 0,
    overflow: 0,
    missedTerms: [],
    restoredNumbers: [],
    made: null,
    ...(slanted ? { slanted: true } : {}),
  };
}

/** How a detail picture is translated: the language, the seller's 术语表 for it and the model. */
export interface PictureHow {
  language: string;
  terms: GlossaryTerm[];
  model: string | null;
}

/**
 * 图片翻译 of one detail picture into the site's language with the seller's 术语表 (text printed on
 * the product kept). A picture without Chinese to translate goes into the result as it came, uncharged.
 */
export async function pictureStep(
  deps: LocaliseDeps,
  userId: number,
  photo: { bytes: Buffer; extension: string },
  how: PictureHow,
): Promise<TranslatedPicture> {
  try {
    const picture = await translateForBatch(deps, userId, photo.bytes, {
      target: how.language,
      productText: 'keep',
      matte: null,
      terms: how.terms,
      purpose: 'localise-translate',
      ...(how.model === null ? {} : { model: how.model }),
    });
    return {
      bytes: picture.result,
      extension: 'png',
      translated: true,
      residual: picture.residual.count,
      overflow: picture.blocks.filter((b) => b.overflow).length,
      missedTerms: picture.glossary.missed,
      restoredNumbers: picture.restoredNumbers,
      made: { ...picture, target: how.language, productText: 'keep' },
    };
  } catch (error) {
    if (!(error instanceof NoSourceTextError)) throw error;
    return untranslated(photo, error.why === 'slanted-text');
  }
}
