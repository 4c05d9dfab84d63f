import { type QueuedJobItems, resumeAfterMidnight as resumeQuotaPaused } from '../../jobs/actions.ts';
import { deleteJobFiles } from '../../jobs/files.ts';
import { sweepAfterRestart, sweepStale } from '../../jobs/stale-sweeps.ts';
import { QUEUES } from '../../queue/job-queue.ts';
import type { LocaliseDeps } from './deps.ts';
import * as localise from './repository.ts';
import { sharedFilesOfJob } from './shared-repository.ts';
import { SELLER_PAUSE } from './task-result.ts';

/** 一键出海's product × site tasks on their queue, as the jobs layer moves, sweeps and sends them. */
export const QUEUED_TASKS: QueuedJobItems & Parameters<typeof sweepStale>[1] = {
  tables: localise.LOCALISE_TABLES,
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
export const resumeAfterMidnight = (deps: LocaliseDeps) =>
  resumeQuotaPaused(deps, QUEUED_TASKS, (db, paused) => localise.quotaPausedBefore(db, SELLER_PAUSE, paused));

/**
 * Jobs past their 7 days, with every file: each site's, and the results its sites shared. The shared
 * files are read before the job goes and deleted after: a run still making one then either listed
 * its files already (so they are found here) or finds its row gone and deletes them itself.
 */
export async function purgeExpiredJobs(deps: LocaliseDeps): Promise<number> {
  const jobs = await localise.expiredJobs(deps.db, deps.clock.now(), 20);
  for (const job of jobs) {
    const tasks = await localise.jobTasks(deps.db, Number(job.id));
    await deleteJobFiles(
      deps,
      tasks.flatMap((t) => t.result.files.map((f) => f.key)),
    );
    const shared = await sharedFilesOfJob(deps.db, Number(job.id));
    await localise.deleteJob(deps.db, Number(job.id));
    await deleteJobFiles(deps, shared);
  }
  return jobs.length;
}
