import type { LocaliseDeps } from './deps.ts';
import * as localise from './repository.ts';

/**
 * After a task settles: the job is done when none is left to process, paused when only paused ones
 * are (a seller's pause, or today's quota). A cancelled job stays cancelled.
 */
export async function updateJobStatus(
  deps: Pick<LocaliseDeps, 'db' | 'clock'>,
  jobId: number,
): Promise<void> {
  const job = await localise.jobById(deps.db, jobId);
  if (!job || job.status === 'cancelled') return;
  const tasks = await localise.jobTasks(deps.db, jobId);
  const count = (status: string) => tasks.filter((t) => t.status === status).length;
  if (count('waiting') + count('processing') > 0) return;
  if (count('paused') > 0) await localise.setJobStatus(deps.db, jobId, 'paused', null);
  else await localise.setJobStatus(deps.db, jobId, 'done', deps.clock.now());
}
