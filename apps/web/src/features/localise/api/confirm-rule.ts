import type { LocaliseConfirmBody, LocaliseJobDetail } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { localiseKeys } from './localise-keys';

/** `POST /api/v1/localise/:id/tasks/:taskId/confirm`: 「我已核对」 on an unsure check; answers the job. */
export const confirmRule = ({
  jobId,
  taskId,
  ...body
}: { jobId: number; taskId: number } & LocaliseConfirmBody) =>
  api.post<LocaliseJobDetail>(`/api/v1/localise/${jobId}/tasks/${taskId}/confirm`, body);

export function useConfirmRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmRule,
    onSuccess: (detail) => client.setQueryData(localiseKeys.job(detail.job.id), detail),
  });
}
