import type { ReplaceResult } from '@chuhai/contract';
import { uploadForm } from '../../../lib/upload';

export interface ReplaceRequest {
  files: File[];
  background: { backgroundId: string } | { color: string } | { prompt: string };
  scale: number;
  x: number;
  y: number;
  shadow: boolean;
}

/** `POST /api/mokker/replace` with `upload[]` and the chosen background and placement. */
export function replaceBackground(request: ReplaceRequest, onProgress?: (sentShare: number) => void) {
  const form = new FormData();
  for (const file of request.files) form.append('upload[]', file, file.name);
  for (const [name, value] of Object.entries(request.background)) form.append(name, value);
  form.append('scale', String(request.scale));
  form.append('x', String(request.x));
  form.append('y', String(request.y));
  form.append('shadow', request.shadow ? '1' : '0');
  return uploadForm<ReplaceResult>('/api/mokker/replace', form, { onProgress, silent: true });
}
