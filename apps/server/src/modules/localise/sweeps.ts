import { QUEUES } from '../../queue/job-queue.ts';
import { type QueuedItems, sweepAfterRestart, sweepStale } from '../../queue/stale-items.ts';
import type { LocaliseDeps } from './deps.ts';
import * as localise from './repository.ts';
import { readResult } from './task-result.ts';
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

/** Jobs past their 7 days, with every file. */
export async function purgeExpiredJobs(deps: LocaliseDeps): Promise<number> {
  const jobs = await localise.expiredJobs(deps.db, deps.clock.now(), 20);
  for (const job of jobs) {
    const tasks = await localise.jobTasks(deps.db, Number(job.id));
    await deleteFiles(
      deps,
      tasks.flatMap((t) => readResult(t.result).files.map((f) => f.key)),
    );
    await localise.deleteJob(deps.db, Number(job.id));
  }
  return jobs.length;
}
