import type { BatchJob, BatchSteps } from '@chuhai/contract';
import { uploadForm } from '../../../lib/upload';

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
