import type { BatchJob, BatchSteps } from '@chuhai/contract';
import { uploadForm } from '../../../lib/upload';

/** A file and the path it had inside the dropped folder (the server flattens it into the name). */
export interface PickedFile {
  file: File;
  path: string;
}

/**
 * `POST /api/v1/batch/jobs?startKey=`: steps first, then every file, with upload progress. The key
 * (one per chosen files and steps) makes a repeat of the start answer the job the first one made.
 */
export function createBatchJob(
  steps: BatchSteps,
  files: PickedFile[],
  options: { startKey: string; onProgress: (share: number) => void; signal: AbortSignal },
) {
  const form = new FormData();
  form.append('steps', JSON.stringify(steps));
  for (const { file, path } of files) form.append('files[]', file, path);
  const { startKey, ...upload } = options;
  return uploadForm<BatchJob>(`/api/v1/batch/jobs?startKey=${encodeURIComponent(startKey)}`, form, {
    ...upload,
    silent: true,
  });
}
