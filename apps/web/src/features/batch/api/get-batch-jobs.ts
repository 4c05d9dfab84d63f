import type { BatchJob } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { batchKeys } from './batch-keys';

/** `GET /api/v1/batch/jobs`: the user's batch jobs. */
export const getBatchJobs = () => api.get<BatchJob[]>('/api/v1/batch/jobs');

export const batchJobsQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: batchKeys.list(), queryFn: getBatchJobs, enabled: Boolean(token) });

export function useBatchJobs() {
  const token = useAuthStore((s) => s.token);
  return useQuery(batchJobsQueryOptions(token));
}
