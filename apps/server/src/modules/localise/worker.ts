import { findLocaliseSite, type LocaliseProduct, type LocaliseSite, ResultCode } from '@chuhai/contract';
import { AppError } from '../../http/app-error.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import { chargeDelivered } from '../../work/metered.ts';
import { nothingCharged, sellerError } from '../../work/seller-error.ts';
import { loadOwnImage } from '../images/service.ts';
import { glossaryTerms } from '../translate/service.ts';
import { deliver, type MadeOutputs } from './deliver.ts';
import type { LocaliseDeps } from './deps.ts';
import { listingLanguageRules, pictureLanguageRules } from './language.ts';
import { matteOnce } from './matte-once.ts';
import {
  listingGlossaryMisses,
  listingRules,
  mainImageRules,
  pictureGlossaryMisses,
  pictureRules,
} from './report.ts';
import * as localise from './repository.ts';
import { RunTakenBackError } from './shared-results.ts';
import { sharedMainImage, sharedPicture } from './shared-steps.ts';
import { updateJobStatus } from './status.ts';
import { listingStep } from './steps.ts';
import { SELLER_PAUSE, usesOf } from './task-result.ts';

/** Thrown inside a transaction to roll it back. */
class Rollback extends Error {}

const QUOTA_PAUSE = '；明天 00:00 后自动继续，开通 VIP 后可以点「继续」马上继续';

/** Whether today's quota still covers these uses: the charge tried and rolled back. Null when it does. */
async function quotaShortfall(
  deps: LocaliseDeps,
  userId: number,
  uses: Parameters<typeof chargeDelivered>[2],
) {
  try {
    await deps.db.transaction().execute(async (trx) => {
      await chargeDelivered(trx, { userId }, uses, deps.clock.now());
      throw new Rollback();
    });
  } catch (error) {
    if (error instanceof Rollback) return null;
    if (error instanceof AppError) return `${error.message}${QUOTA_PAUSE}`;
    throw error;
  }
  return null;
}

const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/** Every output of one product × site, made before anything is charged. */
async function makeOutputs(
  deps: LocaliseDeps,
  task: { userId: number; jobId: number; taskId: number; claimedAt: number },
  product: LocaliseProduct,
  site: LocaliseSite,
): Promise<MadeOutputs> {
  const stage = (name: string) =>
    localise.setStage(deps.db, task.taskId, task.claimedAt, name, deps.clock.now());
  const load = async (id: number) => {
    const photo = await loadOwnImage(deps, task.userId, id, 'localise-photo');
    if (!photo) throw new AppError(ResultCode.badRequest, '照片已过期或被删除，请重新上传后再开始');
    return { bytes: photo.bytes, extension: extensionOf(photo.row.file_key) };
  };
  const main = await load(product.mainPhotoId);
  const details = await Promise.all(product.detailPhotoIds.map(load));
  const terms = await glossaryTerms(deps, task.userId, site.language, { keep: [], glossary: [] });

  // The product's other sites mat the same pictures: the model is asked once for each. The pixel
  // work waits for the pool behind sellers' requests rather than being refused (the task would
  // only be sent again).
  const once = { ...deps, matting: matteOnce(deps.matting, task.userId), pixels: deps.pixels.background };
  // A main image is made once per rule set and a picture translated once per language (and 术语表,
  // model) for the whole job, by whichever of its sites needs it first (shared-steps.ts); every
  // site still delivers and is charged its own.
  const how = { language: site.language, terms, model: (await deps.chatModel.models())?.standard ?? null };

  await stage('listing');
  const listing = await listingStep(deps, task.userId, product.facts, site, terms);
  await stage('main');
  const mainImage = await sharedMainImage(once, task, main.bytes, site);
  await stage('pictures');
  const pictures = [];
  for (const detail of details) pictures.push(await sharedPicture(once, task, detail, how));
  await stage('check');
  const rules = [
    ...listingRules(site, listing.issues),
    ...listingLanguageRules(site, listing.text),
    ...mainImageRules(mainImage.report),
    ...pictureRules(pictures),
    ...pictureLanguageRules(site, pictures, terms),
  ];
  return {
    listing,
    mainImage,
    pictures,
    rules,
    misses: [
      ...listingGlossaryMisses(terms, product.facts, listing.text),
      ...pictureGlossaryMisses(pictures),
    ],
  };
}

/**
 * makeOutputs, once more when a provider timed out (went silent, or could not be reached in
 * time): a slow moment of the provider should not fail a site of a job the seller left running.
 * Nothing is charged until delivery, and a failed attempt releases what it claimed, so the second
 * try charges exactly as the first would have. Any other failure fails the site at once.
 */
async function makeOutputsTwice(
  deps: LocaliseDeps,
  task: { userId: number; jobId: number; taskId: number; claimedAt: number },
  product: LocaliseProduct,
  site: LocaliseSite,
): Promise<MadeOutputs> {
  try {
    return await makeOutputs(deps, task, product, site);
  } catch (error) {
    if (!timedOut(error)) throw error;
    deps.log.warn({ err: error, taskId: task.taskId }, 'a provider timed out: the site is tried once more');
    return makeOutputs(deps, task, product, site);
  }
}

const timedOut = (error: unknown) =>
  (error as Error | undefined)?.name === 'TimeoutError' ||
  (error instanceof ProviderError && (error.kind === 'idle' || error.kind === 'unreachable'));

/**
 * One product × site, from its queue message to done, failed or paused. Exactly once whatever
 * happens, as 批量处理's images: the task is claimed with a conditional update, and its uses are
 * taken in the transaction that marks it done (only if it is still this worker's claim), so a worker
 * killed at any point leaves it uncharged and handed out again, or charged and finished. A failed
 * task is charged nothing: a provider failing for one site costs the seller nothing for that site.
 */
export async function processTask(deps: LocaliseDeps, taskId: number): Promise<void> {
  const claimedAt = deps.clock.now();
  if (!(await localise.claimTask(deps.db, taskId, claimedAt))) return;
  const task = (await localise.taskById(deps.db, taskId)) as localise.LocaliseTaskRow;
  const jobId = Number(task.job_id);
  const userId = Number(task.user_id);
  const settle = (status: string, reason: string, result?: string) =>
    localise.settleTask(deps.db, taskId, claimedAt, { status, reason, result, now: deps.clock.now() });
  const job = await localise.jobById(deps.db, jobId);
  const site = findLocaliseSite(task.site);
  const product = job
    ? (JSON.parse(job.products) as LocaliseProduct[])[Number(task.product_index)]
    : undefined;
  if (!job || job.status === 'cancelled' || !site || !product) {
    await settle('cancelled', '已取消');
    return;
  }
  if (job.status === 'paused') {
    await settle('paused', SELLER_PAUSE);
    return;
  }
  const planned = usesOf(product.detailPhotoIds.length);
  const shortfall = await quotaShortfall(deps, userId, planned);
  if (shortfall) {
    await settle('paused', shortfall);
    await updateJobStatus(deps, jobId);
    return;
  }

  let made: MadeOutputs;
  try {
    made = await makeOutputsTwice(deps, { userId, jobId, taskId, claimedAt }, product, site);
  } catch (error) {
    // Taken back while it waited for another run's result: the run that owns the task goes on.
    if (error instanceof RunTakenBackError) return;
    if (error instanceof ProviderError && error.kind === 'busy') {
      // The interactive tools have the matting pool: this task waits its turn (the queue retries it).
      await settle('waiting', '');
      throw error;
    }
    await settle('failed', nothingCharged(sellerError(error, 'chat', deps.log).message));
    await updateJobStatus(deps, jobId);
    return;
  }

  const delivered = await deliver(deps, { userId, jobId, taskId, claimedAt }, product, site, made);
  if (delivered === 'taken back') return;
  if (delivered instanceof AppError) await settle('paused', `${delivered.message}${QUOTA_PAUSE}`);
  await updateJobStatus(deps, jobId);
}

/** Kept here too: the sweeps delete an expired job's files with it. */
export { deleteFiles } from './deliver.ts';
