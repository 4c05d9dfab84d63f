import type { BackgroundPage, BatchJob, BatchJobDetail, BatchSteps } from '@chuhai/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountInfoKey } from '../../../entities/account/get-account-info';
import { api } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/upload';
import { useAuthStore } from '../../../stores/auth-store';

export const batchKeys = {
  all: ['batch'] as const,
  list: () => ['batch', 'list'] as const,
  job: (id: number) => ['batch', 'job', id] as const,
};

/** A file and the path it had inside the dropped folder (the server flattens it into the name). */
export interface PickedFile {
  file: File;
  path: string;
}

/** `POST /api/v1/batch/jobs`: steps first, then every file, with upload progress. */
export function createBatchJob(
  steps: BatchSteps,
  files: PickedFile[],
  options: { onProgress: (share: number) => void; signal: AbortSignal },
) {
  const form = new FormData();
  form.append('steps', JSON.stringify(steps));
  for (const { file, path } of files) form.append('files[]', file, path);
  return uploadForm<BatchJob>('/api/v1/batch/jobs', form, { ...options, silent: true });
}

export function useBatchJobs() {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: batchKeys.list(),
    queryFn: () => api.get<BatchJob[]>('/api/v1/batch/jobs'),
    enabled: Boolean(token),
  });
}

/** A job and its images, polled every 1.5 s while images are waiting or being processed. */
export function useBatchJob(id: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: batchKeys.job(id),
    queryFn: async () => {
      const detail = await api.get<BatchJobDetail>(`/api/v1/batch/jobs/${id}`);
      if (detail.job.status !== 'running') {
        void client.invalidateQueries({ queryKey: accountInfoKey });
        void client.invalidateQueries({ queryKey: batchKeys.list() });
      }
      return detail;
    },
    refetchInterval: (query) => (query.state.data?.job.status === 'running' ? 1500 : false),
  });
}

function useJobAction(action: 'cancel' | 'resume') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<BatchJob>(`/api/v1/batch/jobs/${id}/${action}`, {}),
    onSuccess: (_, id) => {
      void client.invalidateQueries({ queryKey: batchKeys.job(id) });
      void client.invalidateQueries({ queryKey: batchKeys.list() });
    },
  });
}

export const useCancelJob = () => useJobAction('cancel');
export const useResumeJob = () => useJobAction('resume');

/** A signed link to the results ZIP, good for an hour. */
export const downloadLink = (id: number) => api.get<{ url: string }>(`/api/v1/batch/jobs/${id}/download`);

/** The background library's designs (the same for everyone), loaded when the seller picks 背景库. */
export function useBackgroundDesigns(enabled: boolean) {
  return useQuery({
    queryKey: ['batch', 'designs'],
    queryFn: () => api.get<BackgroundPage>('/api/mokker/backgrounds', { pageNo: 1, pageSize: 100 }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
