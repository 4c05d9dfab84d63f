import { chinaDayStart } from '@chuhai/contract';
import { QUEUES } from '../../queue/job-queue.ts';
import { type QueuedItems, sweepAfterRestart, sweepStale } from '../../queue/stale-items.ts';
import type { LocaliseDeps } from './deps.ts';
import * as localise from './repository.ts';
import { sharedFilesOfJob } from './shared-repository.ts';
import { readResult, SELLER_PAUSE } from './task-result.ts';
import { deleteFiles } from './worker.ts';

/** 一键出海's product × site tasks on their queue, for the sweeps that hand out what a dead worker left. */
const QUEUED_TASKS: QueuedItems = {
  queue: QUEUES.localiseTask,
  requeue: localise.staleTasks,
  message: (taskId) => ({ taskId }),
};

/** At start on SQLite: tasks this node left `processing` when it was killed go on at once. */
export const requeueAfterRestart = (deps: LocaliseDeps) => sweepAfterRestart(deps, QUEUED_TASKS);

/** Hands out again what dead workers left behind (periodic, every node; safe to race). */
export const requeueStale = (deps: LocaliseDeps) => sweepStale(deps, QUEUED_TASKS);

/**
 * After 00:00 China time, tasks paused at yesterday's quota go on by themselves, as 批量处理's images
 * do (if today's uses do not cover them either, they pause again with today's date). A job the seller
 * paused stays paused until they press 继续. Periodic, every node; safe to race (the unpause is
 * conditional, and a task is claimed before it is worked).
 */
export async function resumeAfterMidnight(deps: LocaliseDeps): Promise<number> {
  const now = deps.clock.now();
  const paused = await localise.quotaPausedBefore(deps.db, chinaDayStart(now), SELLER_PAUSE, 500);
  const ids = await localise.unpause(
    deps.db,
    paused.map((p) => Number(p.id)),
    now,
  );
  const jobs = new Set(paused.filter((p) => ids.includes(Number(p.id))).map((p) => Number(p.job_id)));
  for (const jobId of jobs) {
    const job = await localise.jobById(deps.db, jobId);
    if (job?.status === 'paused') await localise.setJobStatus(deps.db, jobId, 'running', null);
  }
  for (const taskId of ids) await deps.queue.send(QUEUED_TASKS.queue, QUEUED_TASKS.message(taskId));
  return ids.length;
}

/**
 * Jobs past their 7 days, with every file: each site's, and the results its sites shared. The shared
 * files are read before the job goes and deleted after: a run still making one then either listed
 * its files already (so they are found here) or finds its row gone and deletes them itself.
 */
export async function purgeExpiredJobs(deps: LocaliseDeps): Promise<number> {
  const jobs = await localise.expiredJobs(deps.db, deps.clock.now(), 20);
  for (const job of jobs) {
    const tasks = await localise.jobTasks(deps.db, Number(job.id));
    await deleteFiles(
      deps,
      tasks.flatMap((t) => readResult(t.result).files.map((f) => f.key)),
    );
    const shared = await sharedFilesOfJob(deps.db, Number(job.id));
    await localise.deleteJob(deps.db, Number(job.id));
    await deleteFiles(deps, shared);
  }
  return jobs.length;
}
