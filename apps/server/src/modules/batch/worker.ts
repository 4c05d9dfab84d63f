import type { BatchSteps } from '@chuhai/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { NoSourceTextError } from '../../imaging/text/translate-picture.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import { chargeDelivered } from '../../work/metered.ts';
import { sellerError } from '../../work/seller-error.ts';
import { translateForBatch } from '../translate/service.ts';
import { type BatchOutput, makeOutputs, needsMatte, thumbnailOf, usesPerImage } from './process-image.ts';
import * as batches from './repository.ts';
import { type BatchDeps, jobPrefix, updateJobStatus } from './service.ts';

/** Thrown inside the charging transaction to roll it back. */
class Rollback extends Error {}

/**
 * Whether today's quota still covers one more image of these steps: the charge itself, tried in a
 * transaction that is then rolled back. Null when it does, else the reason in Chinese.
 */
async function quotaShortfall(deps: BatchDeps, userId: number, steps: BatchSteps): Promise<string | null> {
  try {
    await deps.db.transaction().execute(async (trx) => {
      await chargeDelivered(trx, { userId }, usesPerImage(steps), deps.clock.now());
      throw new Rollback();
    });
  } catch (error) {
    if (error instanceof Rollback) return null;
    if (error instanceof AppError)
      return `${error.message}；明天 00:00 后自动继续，开通 VIP 后可以点「继续处理」马上继续`;
    throw error;
  }
  return null;
}

/**
 * One image of a job, from its queue message to done, failed or paused. Exactly once whatever
 * happens: the image is claimed with a conditional update (a redelivered message finds it taken),
 * and its uses are taken in the same transaction that marks it done, so a worker killed at any
 * point leaves it either uncharged and handed out again, or charged and finished.
 */
export async function processImage(deps: BatchDeps & Pick<AppDeps, 'pixels'>, itemId: number): Promise<void> {
  if (!(await batches.claimItem(deps.db, itemId, deps.clock.now()))) return;
  const item = (await batches.findItem(deps.db, itemId)) as batches.BatchItemRow;
  const jobId = Number(item.job_id);
  const userId = Number(item.user_id);
  const job = await batches.jobById(deps.db, jobId);
  const settle = (status: string, reason: string, extra: { checks?: string; results?: string } = {}) =>
    batches.settleItem(deps.db, itemId, {
      status,
      reason,
      ...extra,
      now: deps.clock.now(),
      keepOriginal: status === 'paused' || status === 'waiting',
    });
  if (!job || job.status === 'cancelled') {
    await settle('cancelled', '已取消');
    return;
  }
  const steps = JSON.parse(job.steps) as BatchSteps;

  const shortfall = await quotaShortfall(deps, userId, steps);
  if (shortfall) {
    await settle('paused', shortfall);
    await updateJobStatus(deps, jobId);
    return;
  }

  const original = item.original_key ? await deps.files.get(item.original_key) : null;
  if (!original) {
    await settle('failed', '原图已丢失，请重新上传');
    await updateJobStatus(deps, jobId);
    return;
  }

  let made: Awaited<ReturnType<typeof makeOutputs>>;
  const uses = usesPerImage(steps);
  try {
    const matte = needsMatte(steps) ? await deps.matting.matte(original.bytes) : null;
    // The pixel work waits for the pool behind sellers' requests rather than being refused.
    const finders = { ...deps, pixels: deps.pixels.background };
    made = matte ? await makeOutputs(original.bytes, matte, steps, finders) : { outputs: [], verdicts: [] };
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
      else throw translated;
    }
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'busy') {
      // The interactive tools have the pool: this image waits its turn (the queue retries the message).
      await settle('waiting', '');
      throw error;
    }
    // A failed image is never charged (the charge comes with the finished outputs), as the words say.
    // A provider's failure names its service (matting, OCR or chat); anything else is the picture's.
    await settle('failed', sellerError(error, 'matting', deps.log).message);
    await deleteFiles(deps, item.original_key ? [item.original_key] : []);
    await updateJobStatus(deps, jobId);
    return;
  }

  const results = await storeOutputs(deps, userId, jobId, itemId, made.outputs);
  const keys = results.map((r) => r.key);
  try {
    await deps.db.transaction().execute(async (trx) => {
      await chargeDelivered(trx, { userId }, uses, deps.clock.now());
      const settled = await batches.settleItem(trx, itemId, {
        status: 'done',
        reason: '',
        checks: JSON.stringify(made.verdicts),
        results: JSON.stringify(results),
        now: deps.clock.now(),
        keepOriginal: false,
      });
      // Taken back by the sweep meanwhile (this worker looked dead): the other run owns it now.
      if (!settled) throw new Rollback();
    });
  } catch (error) {
    await deleteFiles(deps, keys);
    if (error instanceof Rollback) return;
    if (error instanceof AppError) {
      await settle(
        'paused',
        `${error.message}；明天 00:00 后自动继续，开通 VIP 后可以点「继续处理」马上继续`,
      );
      await updateJobStatus(deps, jobId);
      return;
    }
    throw error;
  }
  await deleteFiles(deps, item.original_key ? [item.original_key] : []);
  await updateJobStatus(deps, jobId);
}

/**
 * The image in the job's 图片翻译 language, or why it has no Chinese to translate. `how.matte`: the
 * image's mask when another step made one, so the product is not looked for twice.
 */
async function translatedOutput(
  deps: BatchDeps,
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
) {
  const stored: {
    kind: BatchOutput['kind'] | 'thumbnail';
    marketplace?: string;
    key: string;
    residual?: number;
    overflow?: number;
    productText?: string[];
    missedTerms?: string[];
    restoredNumbers?: string[];
  }[] = [];
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

async function deleteFiles(deps: BatchDeps, keys: string[]) {
  for (const key of keys)
    await deps.files.delete(key).catch((err) => deps.log.warn({ err, key }, 'batch file not deleted'));
}
