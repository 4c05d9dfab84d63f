import type { TranslateResult } from '@chuhai/contract';
import { uploadForm } from '../../../lib/upload';

/** `POST /api/v1/translate/image`: one image into `target`, keeping `keep` words as they are. */
export function translateImage(
  file: File,
  target: string,
  keep: string,
  onProgress?: (share: number) => void,
) {
  const form = new FormData();
  form.append('target', target);
  if (keep.trim()) form.append('keep', keep.trim());
  form.append('file', file);
  return uploadForm<TranslateResult>('/api/v1/translate/image', form, { onProgress, silent: true });
}
