import type { ProductTextChoice, TranslateResult } from '@chuhai/contract';
import { uploadForm } from '../../../lib/upload';

/**
 * `POST /api/v1/translate/image`: one image into `target`, keeping `keep` words as they are, and
 * the text printed on the product unless `productText` is `translate`.
 */
export function translateImage(
  file: File,
  options: { target: string; keep: string; productText: ProductTextChoice },
  onProgress?: (share: number) => void,
) {
  const form = new FormData();
  form.append('target', options.target);
  if (options.keep.trim()) form.append('keep', options.keep.trim());
  form.append('productText', options.productText);
  form.append('file', file);
  return uploadForm<TranslateResult>('/api/v1/translate/image', form, { onProgress, silent: true });
}
