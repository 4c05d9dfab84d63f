import type { CutoutResult, MarketplacePreset } from '@chuhai/contract';
import { uploadForm } from '../../../lib/upload';

/**
 * `POST /api/v1/remove/mask`: the touched-up mask becomes a new cut-out and, unless `makeMain` is
 * false (换背景 needs only the cut-out), a main image in `preset` (free).
 */
export function saveTouchUp(cutoutId: number, preset: MarketplacePreset, mask: Blob, makeMain = true) {
  const form = new FormData();
  form.append('cutoutId', String(cutoutId));
  form.append('preset', preset);
  if (!makeMain) form.append('main', '0');
  form.append('file', mask, 'mask.png');
  return uploadForm<CutoutResult>('/api/v1/remove/mask', form, { silent: true });
}
