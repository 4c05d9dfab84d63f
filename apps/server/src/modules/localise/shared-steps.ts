import { createHash } from 'node:crypto';
import { type LocaliseSite, MAIN_IMAGE_RULE_SETS, MainImageReport } from '@chuhai/contract';
import { Value } from 'typebox/value';
import { type MadePart, madePart } from '../translate/service.ts';
import type { LocaliseDeps } from './deps.ts';
import type { JobSteps } from './job-engines.ts';
import { fileOf, type Made, makeOnce, type SharedRun } from './shared-results.ts';
import {
  mainImageStep,
  type PictureHow,
  pictureStep,
  type TranslatedPicture,
  untranslated,
} from './steps.ts';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/**
 * The key of a main image within a job: the photo's bytes, the main-image rule set and its size.
 * That is everything mainImageStep reads: the product is cut out the same way for every site
 * (`allParts: false`), put on white at the rule set's size, and checked against that rule set's
 * rules, so 亚马逊美国站 and 德国站 (both the `amazon` set, 2000²) get the same image and report.
 * Not in it: the site and its language (nothing on a main image is translated), and the engines
 * (matting, OCR): a job's sites should look the same whichever node made them, so the first made wins.
 * The size is in it although the rule set fixes it: a release that changed one but not the other
 * while a job runs must not reuse an image of the old size.
 */
export function mainImageKey(photo: Buffer, site: LocaliseSite): string {
  const rules = site.imageRules;
  return sha256(JSON.stringify(['main', sha256(photo), rules, MAIN_IMAGE_RULE_SETS[rules].size]));
}

/**
 * The key of a translated detail picture within a job: the picture's bytes, the language, the
 * seller's 术语表 terms for that language as read for this run (a term with no translation is a
 * keep-word, left as it is; the rest are sent to the model and checked in its answer), the text on
 * the product kept (`productText`, always `keep` here today, in the key so a job that lets the seller
 * choose cannot reuse the other choice) and the model that translates. So 亚马逊美国站 and Shopee
 * 新加坡站 (both English) share each translation, and a term the seller adds or changes while the
 * job runs makes the later sites translate again with it. Not in it: the site (a translation is
 * checked per site afterwards: language rules, 术语表 misses) and the engines, as for main images.
 */
export function pictureKey(photo: Buffer, how: PictureHow): string {
  const terms = how.terms.map((t) => [t.source, t.translation]);
  return sha256(JSON.stringify(['picture', sha256(photo), how.language, 'keep', terms, how.model]));
}

const isMainImageReport = (value: unknown): value is MainImageReport => Value.Check(MainImageReport, value);

/** The main image for the site's rule set, made once per job for every site of that rule set. */
export async function sharedMainImage(
  deps: JobSteps,
  run: SharedRun,
  photo: Buffer,
  site: LocaliseSite,
): Promise<{ bytes: Buffer; report: MainImageReport }> {
  const kept = await makeOnce<MainImageReport>(
    deps,
    run,
    { kind: 'main', key: mainImageKey(photo, site), isValue: isMainImageReport },
    async () => {
      const made = await mainImageStep(deps, photo, site);
      return {
        value: made.report,
        files: { main: { bytes: made.bytes, extension: 'jpg', contentType: 'image/jpeg' } },
      };
    },
  );
  return { bytes: fileOf(kept, 'main'), report: kept.value };
}

/** A translated picture as kept: what TranslatedPicture holds but its images (stored as files). */
type KeptPicture =
  | { translated: false; slanted?: boolean }
  | (Omit<TranslatedPicture, 'bytes' | 'extension' | 'made'> & { translated: true; made: MadePart });

/** A kept picture read back: untranslated, or translated with its data (its blocks at least). */
function isKeptPicture(value: unknown): value is KeptPicture {
  if (typeof value !== 'object' || value === null || !('translated' in value)) return false;
  if (value.translated === false) return true;
  return (
    value.translated === true &&
    'made' in value &&
    typeof value.made === 'object' &&
    value.made !== null &&
    'blocks' in value.made &&
    Array.isArray(value.made.blocks)
  );
}

const png = (bytes: Buffer) => ({ bytes, extension: 'png', contentType: 'image/png' });

function toKept(picture: TranslatedPicture): Made<KeptPicture> {
  if (!picture.translated || !picture.made)
    return { value: { translated: false, ...(picture.slanted ? { slanted: true } : {}) }, files: {} };
  return {
    value: {
      translated: true,
      residual: picture.residual,
      overflow: picture.overflow,
      missedTerms: picture.missedTerms,
      restoredNumbers: picture.restoredNumbers,
      // What of a translation is kept as data: all but its pictures, which are kept as files.
      made: madePart(picture.made),
    },
    files: {
      result: png(picture.made.result),
      background: png(picture.made.background),
      ...(picture.made.source ? { source: png(picture.made.source) } : {}),
    },
  };
}

/**
 * A detail picture in the site's language, translated once per job for every site of that language
 * (and 术语表, model). Without Chinese to translate it is kept as such (no file: each site delivers
 * the photo as it came, the same bytes the key names).
 */
export async function sharedPicture(
  deps: LocaliseDeps,
  run: SharedRun,
  photo: { bytes: Buffer; extension: string },
  how: PictureHow,
): Promise<TranslatedPicture> {
  const kept = await makeOnce<KeptPicture>(
    deps,
    run,
    { kind: 'picture', key: pictureKey(photo.bytes, how), isValue: isKeptPicture },
    async () => toKept(await pictureStep(deps, run.userId, photo, how)),
  );
  const picture = kept.value;
  if (!picture.translated) return untranslated(photo, picture.slanted === true);
  const result = fileOf(kept, 'result');
  return {
    ...picture,
    bytes: result,
    extension: 'png',
    made: {
      ...picture.made,
      result,
      background: fileOf(kept, 'background'),
      source: kept.files.source ?? null,
    },
  };
}
