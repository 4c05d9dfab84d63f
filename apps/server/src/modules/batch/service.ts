import { setTimeout as sleep } from 'node:timers/promises';
import {
  BATCH_HELD_LIMITS,
  BATCH_LIMITS,
  type BatchItem,
  type BatchItemStatus,
  type BatchJob,
  type BatchJobDetail,
  BatchSteps,
  DAY_IN_MS,
  ResultCode,
  TRANSLATE_LANGUAGE_CODES,
} from '@chuhai/contract';
import { Value } from 'typebox/value';
import { lockKey } from '../../db/locks.ts';
import type { AppDeps } from '../../deps.ts';
import { findDesign } from '../../imaging/backgrounds/library.ts';
import {
  CANCEL_JOB,
  changeJob,
  type QueuedJobItems,
  resumeAfterMidnight as resumeQuotaPaused,
} from '../../jobs/actions.ts';
import { deleteJobFiles } from '../../jobs/files.ts';
import { statusCounts } from '../../jobs/roll-up.ts';
import { type QueuedItems, sweepAfterRestart, sweepStale } from '../../jobs/stale-sweeps.ts';
import { AppError } from '../../lib/app-error.ts';
import { steadyFileUrl } from '../../lib/file-links.ts';
import { QUEUES } from '../../queue/job-queue.ts';
import { findActiveGrants } from '../entitlement/service.ts';
import { tooManyRequests } from '../throttle/service.ts';
import { type BatchUploadParts, readBatchUpload } from './intake.ts';
import { previewOutput } from './process-image.ts';
import * as batches from './repository.ts';

export type BatchDeps = Pick<
  AppDeps,
  'db' | 'clock' | 'log' | 'files' | 'matting' | 'queue' | 'fileUrlSecret' | 'chatModel' | 'ocr'
>;

/** The queue each image of a job travels on. */
export const BATCH_QUEUE = QUEUES.batchImage;

export function readSteps(raw: string): BatchSteps {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new AppError(ResultCode.badRequest, 'steps 应为 JSON');
  }
  if (!Value.Check(BatchSteps, parsed))
    throw new AppError(
      ResultCode.badRequest,
      'steps 不正确：cutout 为是否抠图，marketplaces 为平台列表，backgroundColor 为 #rrggbb 或 null，backgroundDesign 为背景库里的编号',
    );
  if (parsed.backgroundColor && parsed.backgroundDesign)
    throw new AppError(ResultCode.badRequest, '换背景只能选一种：纯色或背景库里的一张');
  if (parsed.backgroundDesign && !findDesign(parsed.backgroundDesign))
    throw new AppError(ResultCode.badRequest, '背景不存在，请重新选择');
  if (parsed.translate && !(TRANSLATE_LANGUAGE_CODES as string[]).includes(parsed.translate))
    throw new AppError(ResultCode.badRequest, '图片翻译的目标语言不正确，请重新选择');
  if (
    !parsed.cutout &&
    parsed.marketplaces.length === 0 &&
    !parsed.backgroundColor &&
    !parsed.backgroundDesign &&
    !parsed.translate
  )
    throw new AppError(ResultCode.badRequest, '请至少选择一项处理：抠图、平台主图、换背景或图片翻译');
  return parsed;
}

/** `u/<user>/batch/<job>/…`: everything of a job under one prefix of the seller's own. */
export const jobPrefix = (userId: number, jobId: number) => `u/${userId}/batch/${jobId}`;

/** How long a repeat of a start waits for the first request's upload to be read, and how often it looks. */
const REPEAT_WAIT_MS = 60_000;
const REPEAT_POLL_MS = 200;

/**
 * Takes an upload into a new job: each accepted image stored and queued, each refused file named
 * with its reason. Nothing is charged here; every image is charged when its outputs are made.
 * With a `startKey` a repeat of the start (a double click, a retry after a lost answer) answers the
 * job the first request made and reads none of its own files, so nothing is stored or reserved twice.
 */
export async function createJob(
  deps: BatchDeps,
  userId: number,
  parts: BatchUploadParts,
  startKey: string | null = null,
): Promise<BatchJob> {
  const now = deps.clock.now();
  let jobId: number | null = null;
  // A second try only when the first request's upload failed and its job (and key) went with it.
  for (let attempt = 0; jobId === null; attempt += 1) {
    jobId = await batches.insertJobWithKey(deps.db, {
      userId,
      now,
      expiresAt: now + BATCH_LIMITS.keepDays * DAY_IN_MS,
      startKey,
    });
    if (jobId !== null) break;
    const started = await startedJob(deps, userId, startKey as string);
    if (started) return jobView(deps, started);
    if (attempt === 2) throw new AppError(ResultCode.internalError, '任务没有建好，请刷新页面后再试');
  }
  const itemIds: number[] = [];
  let intake: Awaited<ReturnType<typeof readBatchUpload>>;
  try {
    const held =
      (await findActiveGrants(deps.db, userId, now)).length > 0
        ? BATCH_HELD_LIMITS.vip
        : BATCH_HELD_LIMITS.free;
    intake = await readBatchUpload(parts, readSteps, async (image) => {
      const key = `${jobPrefix(userId, jobId)}/in/${itemIds.length + 1}.${image.extension}`;
      itemIds.push(
        await reserveOriginal(
          deps,
          { jobId, userId, name: image.name, key, bytes: image.bytes.length },
          held,
        ),
      );
      await deps.files.put(key, image.bytes, image.contentType);
    });
  } catch (error) {
    await dropJob(deps, jobId);
    throw error;
  }
  if (itemIds.length === 0) {
    await dropJob(deps, jobId);
    const why = intake.refused
      .slice(0, 3)
      .map((r) => `「${r.name}」${r.reason}`)
      .join('；');
    throw new AppError(
      ResultCode.badRequest,
      why ? `没有可处理的图片：${why}` : '没有收到图片',
      intake.refused,
    );
  }
  await batches.finishIntake(deps.db, jobId, {
    steps: intake.steps,
    total: itemIds.length,
    refused: intake.refused,
  });
  for (const itemId of itemIds) await deps.queue.send(BATCH_QUEUE, { itemId });
  return jobView(deps, await batches.jobThere(deps.db, jobId));
}

/**
 * The job a repeat of `startKey` belongs to, once its upload has been read (the first request may
 * still be streaming it in). Null when that upload failed and its job is gone: the repeat starts
 * afresh. Past REPEAT_WAIT_MS a 429 asks the seller to look at the job list instead of waiting.
 */
async function startedJob(
  deps: Pick<BatchDeps, 'db'>,
  userId: number,
  startKey: string,
): Promise<batches.BatchJobRow | null> {
  for (const deadline = Date.now() + REPEAT_WAIT_MS; ; ) {
    const row = await batches.jobByStartKey(deps.db, userId, startKey);
    if (!row) return null;
    if (row.steps) return row;
    if (Date.now() >= deadline)
      throw tooManyRequests('这批图片还在上传，请等它传完后在「最近 7 天的任务」里查看', 10);
    await sleep(REPEAT_POLL_MS);
  }
}

/**
 * Takes the image into the job if the account's kept originals (every job's, paused ones too) stay
 * within `held`, else refuses it with the reason. Checked and written under a per-account lock, so
 * uploads sent at once cannot pass the limit together.
 */
async function reserveOriginal(
  deps: Pick<BatchDeps, 'db' | 'clock'>,
  image: { jobId: number; userId: number; name: string; key: string; bytes: number },
  held: { images: number; bytes: number },
): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    await lockKey(trx, `batch-held:${image.userId}`);
    const kept = await batches.heldOriginals(trx, image.userId);
    if (kept.images + 1 > held.images || kept.bytes + image.bytes > held.bytes)
      throw new AppError(
        ResultCode.tooManyRequests,
        `待处理的原图已达上限（最多 ${held.images} 张、${Math.round(held.bytes / 1024 / 1024)} MB，含暂停中的），请等已上传的处理完或删除任务后再上传`,
      );
    return batches.insertItem(trx, {
      jobId: image.jobId,
      userId: image.userId,
      name: image.name,
      originalKey: image.key,
      originalBytes: image.bytes,
      now: deps.clock.now(),
    });
  });
}

/** A job and its files, gone. */
export async function dropJob(deps: Pick<BatchDeps, 'db' | 'files' | 'log'>, jobId: number): Promise<void> {
  await deleteJobFiles(deps, await batches.filesOfJob(deps.db, jobId));
  await batches.deleteJob(deps.db, jobId);
}

const EMPTY_COUNTS: Record<BatchItemStatus, number> = {
  waiting: 0,
  processing: 0,
  done: 0,
  failed: 0,
  paused: 0,
  cancelled: 0,
};

async function jobView(deps: Pick<BatchDeps, 'db'>, row: batches.BatchJobRow): Promise<BatchJob> {
  const counts = {
    ...EMPTY_COUNTS,
    ...Object.fromEntries(await statusCounts(deps.db, 'batch_items', Number(row.id))),
  };
  return {
    id: Number(row.id),
    status: row.status,
    // A job whose upload is still being read has chosen nothing yet.
    steps: row.steps ?? { cutout: false, marketplaces: [], backgroundColor: null },
    total: Number(row.total),
    counts,
    refused: row.refused,
    createdAt: Number(row.created_at),
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
    expiresAt: Number(row.expires_at),
  };
}

function itemView(deps: Pick<BatchDeps, 'clock' | 'fileUrlSecret'>, row: batches.BatchItemRow): BatchItem {
  const { checks, results } = row;
  // Steady links: the job page asks again every 1.5 s and should not download the pictures again.
  const link = (key: string | undefined) =>
    key === undefined ? null : steadyFileUrl(key, deps.fileUrlSecret, deps.clock.now());
  return {
    id: Number(row.id),
    name: row.name,
    status: row.status,
    reason: row.reason,
    checks: checks.map((c) => ({
      marketplace: c.marketplace,
      originalPass: c.original.pass,
      pass: c.main.pass,
    })),
    thumbnailUrl: link(results.find((r) => r.kind === 'thumbnail')?.key),
    previewUrl: link(previewOutput(results)?.key),
    residual: results.find((r) => r.kind === 'translated')?.residual ?? null,
  };
}

/** What another seller's job, or one no longer kept, answers. */
export const JOB_NOT_FOUND = '这个批量任务不存在或已过期';

/** The seller's own job; another seller's (or one past its keeping) is a 404, as if it did not exist. */
async function ownJob(deps: Pick<BatchDeps, 'db' | 'clock'>, userId: number, jobId: number) {
  const row = await batches.findJob(deps.db, userId, jobId, deps.clock.now());
  if (!row) throw new AppError(ResultCode.notFound, JOB_NOT_FOUND);
  return row;
}

export async function listJobs(deps: Pick<BatchDeps, 'db' | 'clock'>, userId: number): Promise<BatchJob[]> {
  const rows = await batches.listJobs(deps.db, userId, deps.clock.now());
  return Promise.all(rows.map((row) => jobView(deps, row)));
}

export async function jobDetail(
  deps: Pick<BatchDeps, 'db' | 'clock' | 'fileUrlSecret'>,
  userId: number,
  jobId: number,
): Promise<BatchJobDetail> {
  const row = await ownJob(deps, userId, jobId);
  const items = await batches.jobItems(deps.db, jobId);
  return { job: await jobView(deps, row), items: items.map((item) => itemView(deps, item)) };
}

/** 批量处理's images on their queue, as the jobs layer moves and sends them. */
const QUEUED: QueuedJobItems = {
  tables: batches.BATCH_TABLES,
  queue: BATCH_QUEUE,
  message: (itemId) => ({ itemId }),
};

/**
 * 取消: images not started are cancelled and their originals deleted; one being processed finishes
 * (its charge and result are kept). Finished results stay downloadable.
 */
export async function cancelJob(deps: BatchDeps, userId: number, jobId: number): Promise<BatchJob> {
  await ownJob(deps, userId, jobId);
  const moved = await changeJob(deps, QUEUED, jobId, CANCEL_JOB);
  await deleteOriginals(deps, await batches.originalsOf(deps.db, moved));
  return jobView(deps, await batches.jobThere(deps.db, jobId));
}

/** 继续处理: paused images (daily limit reached) are queued again, after a VIP purchase or the next day. */
export async function resumeJob(deps: BatchDeps, userId: number, jobId: number): Promise<BatchJob> {
  await ownJob(deps, userId, jobId);
  await changeJob(deps, QUEUED, jobId, {
    refuse: (status) => (status === 'cancelled' ? '任务已取消' : null),
    job: 'running',
    items: { from: ['paused'], to: 'waiting', reason: '' },
    nothingToMove: '没有暂停的图片',
  });
  return jobView(deps, await batches.jobThere(deps.db, jobId));
}

export async function deleteOriginals(
  deps: Pick<BatchDeps, 'db' | 'files' | 'log'>,
  items: { id: number; original_key: string | null }[],
): Promise<void> {
  for (const item of items)
    if (item.original_key)
      await deps.files
        .delete(item.original_key)
        .catch((err) => deps.log.warn({ err }, 'batch original not deleted'));
  await batches.clearOriginals(
    deps.db,
    items.map((i) => i.id),
  );
}

/** 批量处理's images on their queue, for the sweeps that hand out again what a dead worker left. */
const QUEUED_IMAGES: QueuedItems = {
  queue: BATCH_QUEUE,
  requeue: batches.staleItems,
  message: (itemId) => ({ itemId }),
};

/** At start on SQLite: images this node left `processing` when it was killed go on at once. */
export const requeueAfterRestart = (deps: BatchDeps) => sweepAfterRestart(deps, QUEUED_IMAGES);

/** Hands out again what dead workers left behind (periodic, every node; safe to race). */
export const requeueStale = (deps: BatchDeps) => sweepStale(deps, QUEUED_IMAGES);

/**
 * After 00:00 China time, images paused at yesterday's limit go on by themselves (if today's uses do
 * not cover them either, they pause again, with today's date). Periodic, safe to race.
 */
export const resumeAfterMidnight = (deps: BatchDeps) => resumeQuotaPaused(deps, QUEUED, batches.pausedBefore);

/** Jobs past their 7 days, with every file. */
export async function purgeExpiredJobs(deps: BatchDeps): Promise<number> {
  const jobs = await batches.expiredJobs(deps.db, deps.clock.now(), 20);
  for (const job of jobs) await dropJob(deps, Number(job.id));
  return jobs.length;
}
