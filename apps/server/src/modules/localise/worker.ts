import { findLocaliseSite, type LocaliseProduct, type LocaliseSite, ResultCode } from '@chuhai/contract';
import type { AppDeps } from '../../deps.ts';
import { type ItemKind, ItemTakenBack, runItem } from '../../jobs/item-life.ts';
import { AppError } from '../../lib/app-error.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import { nothingCharged, sellerError } from '../../work/seller-error.ts';
import { loadOwnImage } from '../images/service.ts';
import { glossaryTerms } from '../translate/service.ts';
import { deliver, type MadeOutputs } from './deliver.ts';
import type { LocaliseDeps } from './deps.ts';
import { jobEngines } from './job-engines.ts';
import { listingLanguageRules, pictureLanguageRules } from './language.ts';
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
import { listingStep } from './steps.ts';
import { SELLER_PAUSE, usesOf } from './task-result.ts';

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

  // The job's other sites read the same pictures: what does not depend on the site is done once.
  const once = jobEngines(deps, task);
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

/** Where one product × site is in the job: enough to make and deliver it. */
interface TaskPlace {
  userId: number;
  jobId: number;
  taskId: number;
  claimedAt: number;
}

/**
 * One product × site as the jobs layer runs it (jobs/item-life.ts): its listing, main image and
 * pictures made (shared with the job's other sites where they match), then delivered with its
 * charge. A site whose job the seller paused meanwhile waits; one whose provider failed is charged
 * nothing, as its words say.
 */
export const LOCALISE_TASKS: ItemKind<MadeOutputs> = {
  tables: localise.LOCALISE_TABLES,
  quotaPause: '；明天 00:00 后自动继续，开通 VIP 后可以点「继续」马上继续',
  async open(deps, taskId, claimedAt) {
    const task = await localise.taskThere(deps.db, taskId);
    const place: TaskPlace = { userId: Number(task.user_id), jobId: Number(task.job_id), taskId, claimedAt };
    const settle = (status: string, reason: string) =>
      localise.settleTask(deps.db, taskId, claimedAt, { status, reason, now: deps.clock.now() });
    const job = await localise.jobById(deps.db, place.jobId);
    const site = findLocaliseSite(task.site);
    const product = job?.products[Number(task.product_index)];
    if (!job || job.status === 'cancelled' || !site || !product)
      return { endsAt: { status: 'cancelled', reason: '已取消' }, settle };
    if (job.status === 'paused') return { endsAt: { status: 'paused', reason: SELLER_PAUSE }, settle };
    return {
      ...place,
      uses: usesOf(product.detailPhotoIds.length),
      settle,
      async make() {
        try {
          return await makeOutputsTwice(deps, place, product, site);
        } catch (error) {
          // Taken back while it waited for another run's result: the run that owns the task goes on.
          if (error instanceof RunTakenBackError) throw new ItemTakenBack();
          throw error;
        }
      },
      failed: async (error) => nothingCharged(sellerError(error, 'chat', deps.log).message),
      deliver: (made) => deliver(deps, place, product, site, made),
    };
  },
};

/** One product × site, from its queue message to done, failed or paused (see LOCALISE_TASKS). */
export const processTask = (deps: AppDeps, taskId: number) => runItem(deps, LOCALISE_TASKS, taskId);
