import { QUEUES } from '../../queue/job-queue.ts';
import type { LocaliseDeps } from './deps.ts';
import * as localise from './repository.ts';
import { readResult } from './task-result.ts';
import { deleteFiles } from './worker.ts';

/** How long a task may stay `processing` without a stage change before its worker is taken to be dead. */
export const TASK_LEASE_MS = 5 * 60_000;

/**
 * At start on SQLite: only one node uses an embedded database, so a task left `processing` was this
 * node's own before it was killed. It goes back on the queue at once instead of waiting out the lease.
 */
export async function requeueAfterRestart(deps: LocaliseDeps): Promise<number> {
  if (deps.queue.kind !== 'table') return 0;
  const now = deps.clock.now();
  const ids = await localise.staleTasks(deps.db, now + 1, now, 10_000, ['processing']);
  for (const taskId of ids) await deps.queue.send(QUEUES.localiseTask, { taskId });
  return ids.length;
}

/** Hands out again what dead workers left behind (periodic, every node; safe to race). */
export async function requeueStale(deps: LocaliseDeps): Promise<number> {
  const now = deps.clock.now();
  const ids = await localise.staleTasks(deps.db, now - TASK_LEASE_MS, now, 200);
  for (const taskId of ids) await deps.queue.send(QUEUES.localiseTask, { taskId });
  return ids.length;
}

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
