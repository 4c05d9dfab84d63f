import type { LocalisePhoto } from '@chuhai/contract';
import { uploadForm } from '../../../lib/upload';

/** `POST /api/v1/localise/photos`: one photo of the product (kept 7 days), by id for the job. */
export function uploadLocalisePhoto(file: File, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadForm<LocalisePhoto>('/api/v1/localise/photos', form, { signal, silent: true });
}
