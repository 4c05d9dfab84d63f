import { type BatchSteps, ResultCode } from '@chuhai/contract';
import type { AppDeps } from '../../deps.ts';
import { NoSourceTextError } from '../../imaging/text/translate-picture.ts';
import { chargeAndDeliver, type ItemUses } from '../../jobs/charge.ts';
import { deleteJobFiles } from '../../jobs/files.ts';
import { type ItemKind, runItem } from '../../jobs/item-life.ts';
import { AppError } from '../../lib/app-error.ts';
import { sellerError } from '../../work/seller-error.ts';
import { inSellerWords, translateForBatch } from '../translate/service.ts';
import {
  type BatchOutput,
  type BatchVerdict,
  makeOutputs,
  needsMatte,
  thumbnailOf,
  usesPerImage,
} from './process-image.ts';
import * as batches from './repository.ts';
import { type BatchDeps, jobPrefix } from './service.ts';

/** What one image made: its outputs with their checks, and the uses they are charged. */
interface MadeImage {
  outputs: BatchOutput[];
  verdicts: BatchVerdict[];
  uses: ItemUses;
}

/**
 * One image of a job, as the jobs layer runs it (jobs/item-life.ts): its original matted, made into
 * the chosen outputs and translated, stored, then charged in the transaction that marks it done. A
 * paused or waiting image keeps its original for the next run; a done or failed one does not.
 */
export const BATCH_IMAGES: ItemKind<MadeImage> = {
  tables: batches.BATCH_TABLES,
  quotaPause: '；明天 00:00 后自动继续，开通 VIP 后可以点「继续处理」马上继续',
  async open(deps, itemId) {
    const item = await batches.itemThere(deps.db, itemId);
    const jobId = Number(item.job_id);
    const userId = Number(item.user_id);
    const job = await batches.jobById(deps.db, jobId);
    const settle = (status: string, reason: string) =>
      batches.settleItem(deps.db, itemId, {
        status,
        reason,
        now: deps.clock.now(),
        keepOriginal: status === 'paused' || status === 'waiting',
      });
    if (!job || job.status === 'cancelled')
      return { endsAt: { status: 'cancelled', reason: '已取消' }, settle };
    const steps = job.steps;
    // Its message is sent only once the upload is read and the steps written.
    if (!steps) throw new Error(`batch job ${jobId} has no steps yet`);
    const originals = item.original_key ? [item.original_key] : [];
    return {
      jobId,
      userId,
      uses: usesPerImage(steps),
      settle,
      make: () => makeImage(deps, userId, item.original_key, steps),
      async failed(error) {
        // A failed image is never charged (the charge comes with the finished outputs), as the words say.
        // A provider's failure names its service (matting, OCR or chat); anything else is the picture's.
        await deleteJobFiles(deps, originals);
        return sellerError(error, 'matting', deps.log).message;
      },
      async deliver(made) {
        const results = await storeOutputs(deps, userId, jobId, itemId, made.outputs);
        const delivery = await chargeAndDeliver(deps, userId, made.uses, (trx) =>
          batches.settleItem(trx, itemId, {
            status: 'done',
            reason: '',
            checks: made.verdicts,
            results,
            now: deps.clock.now(),
            keepOriginal: false,
          }),
        );
        await deleteJobFiles(deps, delivery === 'delivered' ? originals : results.map((r) => r.key));
        return delivery;
      },
    };
  },
};

/** One image of a job, from its queue message to done, failed or paused (see BATCH_IMAGES). */
export const processImage = (deps: AppDeps, itemId: number) => runItem(deps, BATCH_IMAGES, itemId);

/** The image's outputs, made before anything is charged; an original gone from the store fails it. */
async function makeImage(
  deps: AppDeps,
  userId: number,
  originalKey: string | null,
  steps: BatchSteps,
): Promise<MadeImage> {
  const original = originalKey ? await deps.files.get(originalKey) : null;
  if (!original) throw new AppError(ResultCode.badRequest, '原图已丢失，请重新上传');
  const uses = usesPerImage(steps);
  const matte = needsMatte(steps) ? await deps.matting.matte(original.bytes) : null;
  // The pixel work waits for the pool behind sellers' requests rather than being refused.
  const finders = { ...deps, pixels: deps.pixels.background };
  const made = matte
    ? await makeOutputs(original.bytes, matte, steps, finders)
    : { outputs: [], verdicts: [] };
  if (steps.translate) {
    const translated = await translatedOutput(deps, userId, original.bytes, {
      target: steps.translate,
      productText: steps.translateProductText ? 'translate' : 'keep',
      matte,
    });
    // An image without Chinese to translate (none, or all on the product): its other outputs still
    // count, this one is not charged.
    if (!(translated instanceof NoSourceTextError)) made.outputs.push(translated);
    else if (made.outputs.length > 0) delete uses.translate;
    else throw inSellerWords(translated);
  }
  return { ...made, uses };
}

/**
 * The image in the job's 图片翻译 language, or why it has no Chinese to translate. `how.matte`: the
 * image's mask when another step made one, so the product is not looked for twice.
 */
async function translatedOutput(
  deps: AppDeps,
  userId: number,
  bytes: Buffer,
  how: Parameters<typeof translateForBatch>[3],
): Promise<BatchOutput | NoSourceTextError> {
  try {
    const picture = await translateForBatch(deps, userId, bytes, how);
    return {
      kind: 'translated',
      bytes: picture.result,
      extension: 'png',
      residual: picture.residual.count,
      overflow: picture.blocks.filter((b) => b.overflow).length,
      productText: picture.kept.filter((k) => k.reason === 'product').map((k) => k.text),
      missedTerms: picture.glossary.missed.map((term) => term.source),
      restoredNumbers: picture.restoredNumbers.flatMap((r) => r.added),
    };
  } catch (error) {
    if (error instanceof NoSourceTextError) return error;
    throw error;
  }
}

async function storeOutputs(
  deps: BatchDeps,
  userId: number,
  jobId: number,
  itemId: number,
  outputs: BatchOutput[],
): Promise<batches.StoredOutput[]> {
  const stored: batches.StoredOutput[] = [];
  for (const output of outputs) {
    const key = `${jobPrefix(userId, jobId)}/out/${itemId}-${output.marketplace ?? output.kind}.${output.extension}`;
    await deps.files.put(key, output.bytes, output.extension === 'png' ? 'image/png' : 'image/jpeg');
    stored.push({
      kind: output.kind,
      ...(output.marketplace ? { marketplace: output.marketplace } : {}),
      key,
      ...(output.kind === 'translated'
        ? {
            residual: output.residual,
            overflow: output.overflow,
            productText: output.productText,
            missedTerms: output.missedTerms,
            restoredNumbers: output.restoredNumbers,
          }
        : {}),
    });
  }
  // The job's table shows it; not a result (the ZIP leaves it out), and an image is not failed for it.
  const thumbnail = await thumbnailOf(outputs).catch((err) => {
    deps.log.warn({ err, itemId }, 'batch thumbnail not made');
    return null;
  });
  if (thumbnail) {
    const key = `${jobPrefix(userId, jobId)}/out/${itemId}-thumbnail.webp`;
    await deps.files.put(key, thumbnail, 'image/webp');
    stored.push({ kind: 'thumbnail', key });
  }
  return stored;
}
