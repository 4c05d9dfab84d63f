import type { LocaliseJobDetail } from '@chuhai/contract';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountInfoKey } from '../../../entities/account/get-account-info';
import { api } from '../../../lib/api-client';
import { localiseKeys } from './localise-keys';

/** `GET /api/v1/localise/:id`: the job, its progress and every product × site. */
export const getLocaliseJob = (id: number) =>
  api.get<LocaliseJobDetail>(`/api/v1/localise/${id}`, undefined, { silent: true });

/** How often a running job is asked again. */
export const POLL_MS = 1500;

/** A job that has stopped running refreshes the remaining uses (each delivered output was charged). */
export const localiseJobQueryOptions = (id: number, client: QueryClient) =>
  queryOptions({
    queryKey: localiseKeys.job(id),
    queryFn: async () => {
      const detail = await getLocaliseJob(id);
      if (detail.job.status !== 'running') {
        void client.invalidateQueries({ queryKey: accountInfoKey });
        void client.invalidateQueries({ queryKey: localiseKeys.list() });
      }
      return detail;
    },
    refetchInterval: (query) => (query.state.data?.job.status === 'running' ? POLL_MS : false),
  });

/** A job, polled every 1.5 s while it runs. */
export function useLocaliseJob(id: number) {
  const client = useQueryClient();
  return useQuery(localiseJobQueryOptions(id, client));
}
