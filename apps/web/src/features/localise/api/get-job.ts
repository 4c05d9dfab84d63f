import type { LocaliseJobDetail } from '@chuhai/contract';
import { type JobRoutes, jobDetailQueryOptions } from '../../../entities/job/job-routes';
import { useJob } from '../../../entities/job/use-job';
import { localiseKeys } from './localise-keys';

/**
 * 一键出海's jobs as the job kit reaches them: `GET /api/v1/localise/:id` (the job, its progress and
 * every product × site), `POST …/:id/pause|resume|cancel`, `GET …/:id/download` (the results ZIP).
 */
export const LOCALISE_JOBS: JobRoutes = {
  base: '/api/v1/localise',
  jobKey: localiseKeys.job,
  listKey: localiseKeys.list(),
};

/** The form watches the job it started through the same query (whether it still runs). */
export const localiseJobQueryOptions = (id: number) =>
  jobDetailQueryOptions<LocaliseJobDetail>(LOCALISE_JOBS, id);

/** A job, polled while it runs; today's uses and the job list follow it. */
export const useLocaliseJob = (id: number) => useJob<LocaliseJobDetail>(LOCALISE_JOBS, id);
