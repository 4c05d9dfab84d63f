import type { BatchJob } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { batchKeys } from './batch-keys';

/** `POST /api/v1/batch/jobs/:id/resume` */
export const resumeJob = (id: number) => api.post<BatchJob>(`/api/v1/batch/jobs/${id}/resume`, {});

export function useResumeJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resumeJob,
    onSuccess: (_, id) => {
      void client.invalidateQueries({ queryKey: batchKeys.job(id) });
      void client.invalidateQueries({ queryKey: batchKeys.list() });
    },
  });
}
