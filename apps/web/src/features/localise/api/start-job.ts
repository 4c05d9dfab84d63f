import type { LocaliseBody, LocaliseJobDetail } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateSpending } from '../../../entities/account/spending';
import { api } from '../../../lib/api-client';
import { localiseKeys } from './localise-keys';

/** `POST /api/v1/localise`: starts the job; its first detail goes straight into the cache. */
export const startJob = (body: LocaliseBody) =>
  api.post<LocaliseJobDetail>('/api/v1/localise', body, { silent: true });

export function useStartJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startJob,
    onSuccess: (detail) => {
      client.setQueryData(localiseKeys.job(detail.job.id), detail);
      void invalidateSpending(client);
      void client.invalidateQueries({ queryKey: localiseKeys.list() });
    },
  });
}
