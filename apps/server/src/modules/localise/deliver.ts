import type { LocaliseProduct, LocaliseSite } from '@chuhai/contract';
import { chargeAndDeliver, type Delivery } from '../../jobs/charge.ts';
import { deleteJobFiles } from '../../jobs/files.ts';
import type { CheckedListing } from '../listing/service.ts';
import { saveDeliveredListing } from '../listing/service.ts';
import { prepareTranslation } from '../translate/service.ts';
import type { LocaliseDeps } from './deps.ts';
import { readyToList } from './report.ts';
import * as localise from './repository.ts';
import type { TranslatedPicture } from './steps.ts';
import { jobPrefix, type TaskFile, type TaskResult, usesOf } from './task-result.ts';

const FILE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** Everything one product × site made, ready to deliver. */
export interface MadeOutputs {
  listing: CheckedListing;
  mainImage: { bytes: Buffer };
  pictures: TranslatedPicture[];
  rules: TaskResult['rules'];
  misses: TaskResult['glossaryMisses'];
}

/** 「保温杯 亚马逊 · 美国站 详情图2.png」: the editor names its downloads after it. */
const pictureName = (product: LocaliseProduct, site: LocaliseSite, index: number) =>
  `${product.facts.productName.replace(/[\\/:*?"<>|]/g, ' ').trim()} ${site.name} 详情图${index}.png`;

/**
 * Delivers one product × site: its files in the job's folder, and what it leaves the seller, in the
 * one transaction that charges it and marks the task done (only while it is still this worker's
 * claim): the listing saved among their listings (Listing 工作台 opens it) and each translated
 * picture kept as a 图片翻译 (the editor opens it). A rollback leaves none of it: the rows go with
 * the transaction and the files written for it are deleted (but for a task taken back, the job
 * folder's: the run that took it over writes and delivers the same keys).
 */
export async function deliver(
  deps: LocaliseDeps,
  task: { userId: number; jobId: number; taskId: number; claimedAt: number },
  product: LocaliseProduct,
  site: LocaliseSite,
  made: MadeOutputs,
): Promise<Delivery> {
  const { userId, taskId, claimedAt } = task;
  const prefix = `${jobPrefix(userId, task.jobId)}/${taskId}`;
  // The job folder's keys are the task's, the same for every run of it; the 图片翻译's are this run's.
  const jobFiles: string[] = [];
  const ownFiles: string[] = [];
  try {
    const mainKey = `${prefix}/main.jpg`;
    const files: TaskFile[] = [{ kind: 'main', key: mainKey, extension: 'jpg' }];
    await deps.files.put(mainKey, made.mainImage.bytes, 'image/jpeg');
    jobFiles.push(mainKey);
    const documents: (Awaited<ReturnType<typeof prepareTranslation>> | null)[] = [];
    for (const [n, picture] of made.pictures.entries()) {
      const key = `${prefix}/pictures/${n + 1}.${picture.extension}`;
      await deps.files.put(key, picture.bytes, FILE_TYPES[picture.extension] ?? 'image/jpeg');
      jobFiles.push(key);
      files.push({
        kind: 'picture',
        key,
        index: n + 1,
        extension: picture.extension,
        translated: picture.translated,
      });
      const document = picture.made
        ? await prepareTranslation(deps, userId, {
            ...picture.made,
            fileName: pictureName(product, site, n + 1),
          })
        : null;
      if (document) ownFiles.push(...document.fileKeys);
      documents.push(document);
    }
    const charged = usesOf(made.pictures.filter((p) => p.translated).length);
    const delivery = await chargeAndDeliver(deps, userId, charged, async (trx) => {
      const listingId = await saveDeliveredListing(trx, userId, {
        facts: product.facts,
        target: { marketplace: site.marketplace, site: site.site, language: site.language },
        text: made.listing.text,
        zh: made.listing.zh,
        now: deps.clock.now(),
      });
      for (const [n, document] of documents.entries())
        if (document) Object.assign(files[n + 1] as TaskFile, { documentId: await document.keep(trx) });
      const result: TaskResult = {
        listing: { text: made.listing.text, zh: made.listing.zh },
        fixed: made.listing.firstIssues.length > 0,
        rules: made.rules,
        glossaryMisses: made.misses,
        ready: readyToList(made.rules),
        charged,
        listingId,
        files,
      };
      // False when taken back by the sweep meanwhile (this worker looked dead): the other run owns it now.
      return localise.settleTask(trx, taskId, claimedAt, {
        status: 'done',
        reason: '',
        result,
        now: deps.clock.now(),
      });
    });
    if (delivery !== 'delivered') await deleteJobFiles(deps, ownFiles);
    // Taken back: the run that owns the task now delivers under the same keys, so they stay.
    if (delivery instanceof Error) await deleteJobFiles(deps, jobFiles);
    return delivery;
  } catch (error) {
    await deleteJobFiles(deps, [...ownFiles, ...jobFiles]);
    throw error;
  }
}
