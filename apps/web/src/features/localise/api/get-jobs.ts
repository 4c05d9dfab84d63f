import type { LocaliseJob } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { localiseKeys } from './localise-keys';

/** `GET /api/v1/localise/jobs`: the seller's jobs still kept (7 days), newest first. */
export const getLocaliseJobs = () => api.get<LocaliseJob[]>('/api/v1/localise/jobs');

export const localiseJobsQueryOptions = () =>
  queryOptions({ queryKey: localiseKeys.list(), queryFn: getLocaliseJobs });

export function useLocaliseJobs() {
  return useQuery(localiseJobsQueryOptions());
}
