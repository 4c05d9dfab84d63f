import type { LocaliseJobDetail } from '@chuhai/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSpendingFollowsJob } from '../../../entities/account/spending';
import { api } from '../../../lib/api-client';
import { localiseKeys } from './localise-keys';

/** `GET /api/v1/localise/:id`: the job, its progress and every product × site. */
export const getLocaliseJob = (id: number) =>
  api.get<LocaliseJobDetail>(`/api/v1/localise/${id}`, undefined, { silent: true });

/** How often a running job is asked again. */
export const POLL_MS = 1500;

export const localiseJobQueryOptions = (id: number) =>
  queryOptions({
    queryKey: localiseKeys.job(id),
    queryFn: () => getLocaliseJob(id),
    refetchInterval: (query) => (query.state.data?.job.status === 'running' ? POLL_MS : false),
  });

/**
 * A job, polled every 1.5 s while it runs. Each delivered output was charged: as tasks finish and
 * when the job stops, today's uses and the job list are refreshed.
 */
export function useLocaliseJob(id: number) {
  const client = useQueryClient();
  const query = useQuery(localiseJobQueryOptions(id));
  const job = query.data?.job;
  useSpendingFollowsJob(job?.status, job?.counts.done);
  const stopped = job !== undefined && job.status !== 'running';
  useEffect(() => {
    if (stopped) void client.invalidateQueries({ queryKey: localiseKeys.list() });
  }, [stopped, client]);
  return query;
}
