import type { ReplaceResult } from '@chuhai/contract';
import { uploadForm } from '../../../lib/upload';

export interface ReplaceRequest {
  /** Photos to cut out now. */
  files: File[];
  /** Cut-outs the seller already has (brushed or not): used as they are, after the files. */
  cutoutIds?: number[];
  background: { backgroundId: string } | { color: string } | { prompt: string };
  scale: number;
  x: number;
  y: number;
  shadow: boolean;
}

/**
 * `POST /api/mokker/replace` with `upload[]`, `cutoutIds` and the chosen background and placement.
 * The results come in that order: the uploads', then the cut-outs'.
 */
export function replaceBackground(request: ReplaceRequest, onProgress?: (sentShare: number) => void) {
  const form = new FormData();
  for (const file of request.files) form.append('upload[]', file, file.name);
  if (request.cutoutIds?.length) form.append('cutoutIds', request.cutoutIds.join(','));
  for (const [name, value] of Object.entries(request.background)) form.append(name, value);
  form.append('scale', String(request.scale));
  form.append('x', String(request.x));
  form.append('y', String(request.y));
  form.append('shadow', request.shadow ? '1' : '0');
  return uploadForm<ReplaceResult>('/api/mokker/replace', form, { onProgress, silent: true });
}
