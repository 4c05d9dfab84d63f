import type { BatchJob } from '@chuhai/contract';

/**
 * The colour of a job's progress bar. Red only when nothing came out of it (every image failed): a
 * job where 3 of 100 failed delivered 97, and a red bar told the seller it had failed. The failures
 * are counted in words beside the bar instead. A finished job is green; paused or cancelled, blue.
 */
export function jobProgressStatus(job: Pick<BatchJob, 'status' | 'total' | 'counts'>) {
  if (job.status === 'running') return 'active';
  if (job.total > 0 && job.counts.failed === job.total) return 'exception';
  return job.status === 'done' ? 'success' : 'normal';
}
