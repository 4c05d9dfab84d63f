import type { BatchJobDetail } from '@chuhai/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSpendingFollowsJob } from '../../../entities/account/spending';
import { api } from '../../../lib/api-client';
import { batchKeys } from './batch-keys';

/** `GET /api/v1/batch/jobs/:id`: a job and its images. */
export const getBatchJob = (id: number) => api.get<BatchJobDetail>(`/api/v1/batch/jobs/${id}`);

export const batchJobQueryOptions = (id: number) =>
  queryOptions({
    queryKey: batchKeys.job(id),
    queryFn: () => getBatchJob(id),
    refetchInterval: (query) => (query.state.data?.job.status === 'running' ? 1500 : false),
  });

/**
 * A job and its images, polled every 1.5 s while images are waiting or being processed. Each image
 * done was charged: as images finish and when the job stops, today's uses and the job list are
 * refreshed.
 */
export function useBatchJob(id: number) {
  const client = useQueryClient();
  const query = useQuery(batchJobQueryOptions(id));
  const job = query.data?.job;
  useSpendingFollowsJob(job?.status, job?.counts.done);
  const stopped = job !== undefined && job.status !== 'running';
  useEffect(() => {
    if (stopped) void client.invalidateQueries({ queryKey: batchKeys.list() });
  }, [stopped, client]);
  return query;
}
