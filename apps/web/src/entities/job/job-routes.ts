import type { JobItemStatus, JobStatus } from '@chuhai/contract';
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** What the kit reads of a job; 批量处理's and 一键出海's jobs both have it. */
export interface JobSummary {
  id: number;
  status: JobStatus;
  total: number;
  /** Items by status; a status with none may be left out. */
  counts: Partial<Record<JobItemStatus, number>>;
}

export type JobAction = 'pause' | 'resume' | 'cancel';

/** How often a running job is asked again. */
export const JOB_POLL_MS = 1500;

/**
 * One kind of job as the web reaches it. The server registers the same routes for every job of
 * items: `GET base/:id`, `POST base/:id/pause|resume|cancel`, `GET base/:id/download`. The keys
 * are the feature's, so its other queries sit beside them.
 */
export interface JobRoutes {
  base: string;
  jobKey: (id: number) => QueryKey;
  listKey: QueryKey;
  /** Only tests ask for another interval. */
  pollMs?: number;
}

/**
 * A job's detail, asked again every 1.5 s while it runs and not after. Silent: the screen says
 * itself when a job is gone, and a poll that fails once must not toast every 1.5 s.
 */
export function jobDetailQueryOptions<Detail extends { job: JobSummary }>(routes: JobRoutes, id: number) {
  return queryOptions({
    queryKey: routes.jobKey(id),
    queryFn: () => api.get<Detail>(`${routes.base}/${id}`, undefined, { silent: true }),
    refetchInterval: (query) =>
      (query.state.data as Detail | undefined)?.job.status === 'running'
        ? (routes.pollMs ?? JOB_POLL_MS)
        : false,
  });
}

/** `POST base/:id/<action>`. */
export const actOnJob = (routes: JobRoutes, id: number, action: JobAction) =>
  api.post<unknown>(`${routes.base}/${id}/${action}`, {});

/** `GET base/:id/download`: a signed link to the results ZIP, good for an hour ('' while nothing is done). */
export const jobDownloadLink = (routes: JobRoutes, id: number) =>
  api.get<{ url: string }>(`${routes.base}/${id}/download`);
