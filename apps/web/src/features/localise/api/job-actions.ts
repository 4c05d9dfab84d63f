import type { LocaliseJobDetail } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { localiseKeys } from './localise-keys';

export type JobAction = 'pause' | 'resume' | 'cancel';

/** `POST /api/v1/localise/:id/pause|resume|cancel`: answers the job as it is now. */
export const actOnJob = ({ id, action }: { id: number; action: JobAction }) =>
  api.post<LocaliseJobDetail>(`/api/v1/localise/${id}/${action}`, {});

export function useJobAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: actOnJob,
    onSuccess: (detail) => client.setQueryData(localiseKeys.job(detail.job.id), detail),
  });
}
