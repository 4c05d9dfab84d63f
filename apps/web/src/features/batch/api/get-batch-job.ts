import type { BatchJobDetail } from '@chuhai/contract';
import type { JobRoutes } from '../../../entities/job/job-routes';
import { useJob } from '../../../entities/job/use-job';
import { batchKeys } from './batch-keys';

/**
 * 批量处理's jobs as the job kit reaches them: `GET /api/v1/batch/jobs/:id` (a job and its images),
 * `POST …/:id/cancel|resume`, `GET …/:id/download` (the results ZIP).
 */
export const BATCH_JOBS: JobRoutes = {
  base: '/api/v1/batch/jobs',
  jobKey: batchKeys.job,
  listKey: batchKeys.list(),
};

/** A job and its images, polled while images wait or are processed; today's uses follow it. */
export const useBatchJob = (id: number) => useJob<BatchJobDetail>(BATCH_JOBS, id);
