import type { AppDeps } from '../src/deps.ts';
import { finishIntake, insertItem, insertJob } from '../src/modules/batch/repository.ts';
import { BATCH_QUEUE, jobPrefix } from '../src/modules/batch/service.ts';

export interface QueuedImage {
  name: string;
  bytes: Buffer;
  contentType: string;
}

/**
 * A 批量处理 job as the app node leaves an upload, without going through the upload form: each
 * image stored and its row written, the intake finished, then the queue messages (a worker that
 * took a message before the steps were written would fail the image, as the upload route never
 * lets it). Returns the job's id.
 */
export async function queueBatchJob(
  deps: Pick<AppDeps, 'db' | 'files' | 'queue' | 'clock'>,
  userId: number,
  steps: string,
  images: readonly QueuedImage[],
): Promise<number> {
  const { db, files, queue, clock } = deps;
  const jobId = await insertJob(db, { userId, now: clock.now(), expiresAt: clock.now() + 86_400_000 });
  const itemIds: number[] = [];
  for (const image of images) {
    const key = `${jobPrefix(userId, jobId)}/in/${image.name}`;
    await files.put(key, image.bytes, image.contentType);
    const itemId = await insertItem(db, {
      jobId,
      userId,
      name: image.name,
      originalKey: key,
      now: clock.now(),
    });
    itemIds.push(itemId);
  }
  await finishIntake(db, jobId, { steps: JSON.parse(steps), total: images.length, refused: [] });
  for (const itemId of itemIds) await queue.send(BATCH_QUEUE, { itemId });
  return jobId;
}
