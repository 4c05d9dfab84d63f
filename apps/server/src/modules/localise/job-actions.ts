import {
  findLocaliseSite,
  type LocaliseJob,
  type LocaliseJobDetail,
  type LocaliseProduct,
  type LocaliseTask,
  ResultCode,
} from '@chuhai/contract';
import { CANCEL_JOB, changeJob } from '../../jobs/actions.ts';
import { AppError } from '../../lib/app-error.ts';
import { steadyFileUrl } from '../../lib/file-links.ts';
import type { LocaliseDeps } from './deps.ts';
import * as localise from './repository.ts';
import { QUEUED_TASKS } from './sweeps.ts';
import { SELLER_PAUSE } from './task-result.ts';

/** Links to a task's files: an hour, the same address all that hour (the page asks every few seconds). */
const LINK_MS = 3_600_000;

function taskView(
  deps: Pick<LocaliseDeps, 'clock' | 'fileUrlSecret'>,
  row: localise.LocaliseTaskRow,
  products: LocaliseProduct[],
): LocaliseTask {
  const result = row.result;
  const delivered = row.status === 'done';
  const link = (key: string) => steadyFileUrl(key, deps.fileUrlSecret, deps.clock.now(), LINK_MS);
  const main = result.files.find((f) => f.kind === 'main');
  const site = findLocaliseSite(row.site);
  const product = products[Number(row.product_index)];
  return {
    id: Number(row.id),
    product: Number(row.product_index),
    productName: product?.facts.productName ?? '',
    productCode: product?.code ?? '',
    site: row.site,
    siteName: site?.name ?? row.site,
    language: site?.language ?? '',
    status: row.status,
    stage: row.status === 'processing' ? row.stage : null,
    reason: row.reason,
    ready: row.status === 'done' ? result.ready : null,
    fixed: result.fixed,
    listing: result.listing?.text ?? null,
    rules: result.rules,
    glossaryMisses: result.glossaryMisses,
    charged: result.charged as Record<string, number>,
    // What the delivery left the seller: the listing in Listing 工作台, each picture's 图片翻译.
    listingId: delivered ? result.listingId : null,
    mainImageUrl: delivered && main ? link(main.key) : null,
    pictures: delivered
      ? result.files
          .filter((f) => f.kind === 'picture')
          .map((f) => ({
            index: f.index ?? 0,
            url: link(f.key),
            translated: f.translated ?? f.documentId !== undefined,
            documentId: f.documentId ?? null,
          }))
      : [],
  };
}

function jobView(
  row: localise.LocaliseJobRow,
  products: LocaliseProduct[],
  tasks: LocaliseTask[],
): LocaliseJob {
  const counts: Record<string, number> = {};
  const stages: Record<string, number> = {};
  for (const task of tasks) {
    counts[task.status] = (counts[task.status] ?? 0) + 1;
    if (task.stage) stages[task.stage] = (stages[task.stage] ?? 0) + 1;
  }
  return {
    id: Number(row.id),
    status: row.status,
    title: jobTitle(products),
    products: products.length,
    sites: row.sites,
    total: tasks.length,
    counts,
    stages,
    ready: tasks.filter((t) => t.ready === true).length,
    createdAt: Number(row.created_at),
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
    expiresAt: Number(row.expires_at),
  };
}

/** 「蓝牙耳机」, or 「蓝牙耳机 等 3 个商品」 for a catalogue. */
export const jobTitle = (products: LocaliseProduct[]) =>
  `${products[0]?.facts.productName ?? ''}${products.length > 1 ? ` 等 ${products.length} 个商品` : ''}`;

/** What another seller's job, or one past its keeping, answers. */
export const JOB_NOT_FOUND = '这个出海任务不存在或已过期';

/** The seller's own job; another seller's (or one past its keeping) is a 404, as if it did not exist. */
export async function ownJob(deps: Pick<LocaliseDeps, 'db' | 'clock'>, userId: number, jobId: number) {
  const row = await localise.ownJob(deps.db, userId, jobId, deps.clock.now());
  if (!row) throw new AppError(ResultCode.notFound, JOB_NOT_FOUND);
  return row;
}

/** `GET /api/v1/localise/:id`: the job's progress by status and stage, and each product × site. */
export async function jobDetail(
  deps: Pick<LocaliseDeps, 'db' | 'clock' | 'fileUrlSecret'>,
  userId: number,
  jobId: number,
): Promise<LocaliseJobDetail> {
  const row = await ownJob(deps, userId, jobId);
  const tasks = (await localise.jobTasks(deps.db, jobId)).map((task) => taskView(deps, task, row.products));
  return { job: jobView(row, row.products, tasks), tasks };
}

/** How many of the seller's jobs 我的出海任务 lists: a week of work for most sellers. */
const LISTED_JOBS = 20;

/**
 * `GET /api/v1/localise/jobs`: the seller's jobs still kept, newest first, each with its progress,
 * so a job is found again without its address (a closed tab, another device).
 */
export async function listJobs(
  deps: Pick<LocaliseDeps, 'db' | 'clock' | 'fileUrlSecret'>,
  userId: number,
): Promise<LocaliseJob[]> {
  const rows = await localise.recentJobs(deps.db, userId, deps.clock.now(), LISTED_JOBS);
  return Promise.all(
    rows.map(async (row) => {
      const tasks = await localise.jobTasks(deps.db, Number(row.id));
      return jobView(
        row,
        row.products,
        tasks.map((task) => taskView(deps, task, row.products)),
      );
    }),
  );
}

/** 暂停: tasks not started wait; one being made finishes (and is charged when it delivers). */
export async function pauseJob(deps: LocaliseDeps, userId: number, jobId: number) {
  await ownJob(deps, userId, jobId);
  await changeJob(deps, QUEUED_TASKS, jobId, {
    refuse: (status) => (status === 'running' ? null : '只有进行中的任务可以暂停'),
    job: 'paused',
    items: { from: ['waiting'], to: 'paused', reason: SELLER_PAUSE },
  });
  return jobDetail(deps, userId, jobId);
}

/** 继续: paused tasks (the seller's pause, or today's quota) go back on the queue. */
export async function resumeJob(deps: LocaliseDeps, userId: number, jobId: number) {
  await ownJob(deps, userId, jobId);
  await changeJob(deps, QUEUED_TASKS, jobId, {
    refuse: (status) => (status === 'cancelled' || status === 'done' ? '任务已经结束，不能继续' : null),
    job: 'running',
    items: { from: ['paused'], to: 'waiting', reason: '' },
  });
  return jobDetail(deps, userId, jobId);
}

/** 取消: tasks not started are cancelled and never charged; finished results stay downloadable. */
export async function cancelJob(deps: LocaliseDeps, userId: number, jobId: number) {
  await ownJob(deps, userId, jobId);
  await changeJob(deps, QUEUED_TASKS, jobId, CANCEL_JOB);
  return jobDetail(deps, userId, jobId);
}
