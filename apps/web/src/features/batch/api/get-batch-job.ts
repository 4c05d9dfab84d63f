import type { BatchJobDetail } from '@chuhai/contract';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountInfoKey } from '../../../entities/account/get-account-info';
import { api } from '../../../lib/api-client';
import { batchKeys } from './batch-keys';

/** `GET /api/v1/batch/jobs/:id`: a job and its images. */
export const getBatchJob = (id: number) => api.get<BatchJobDetail>(`/api/v1/batch/jobs/${id}`);

/** A job that has stopped running refreshes the remaining uses and the job list. */
export const batchJobQueryOptions = (id: number, client: QueryClient) =>
  queryOptions({
    queryKey: batchKeys.job(id),
    queryFn: async () => {
      const detail = await getBatchJob(id);
      if (detail.job.status !== 'running') {
        void client.invalidateQueries({ queryKey: accountInfoKey });
        void client.invalidateQueries({ queryKey: batchKeys.list() });
      }
      return detail;
    },
    refetchInterval: (query) => (query.state.data?.job.status === 'running' ? 1500 : false),
  });

/** A job and its images, polled every 1.5 s while images are waiting or being processed. */
export function useBatchJob(id: number) {
  const client = useQueryClient();
  return useQuery(batchJobQueryOptions(id, client));
}
