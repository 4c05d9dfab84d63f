import type { CutoutResult, MarketplacePreset } from '@chuhai/contract';
import { uploadForm } from '../../../lib/upload';

/** `POST /api/v1/remove/mask`: the touched-up mask becomes a new cut-out and main image (free). */
export function saveTouchUp(cutoutId: number, preset: MarketplacePreset, mask: Blob) {
  const form = new FormData();
  form.append('cutoutId', String(cutoutId));
  form.append('preset', preset);
  form.append('file', mask, 'mask.png');
  return uploadForm<CutoutResult>('/api/v1/remove/mask', form, { silent: true });
}
