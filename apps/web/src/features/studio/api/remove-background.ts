import type { CutoutResult, CutoutStage, CutoutStreamEvents, MarketplacePreset } from '@chuhai/contract';
import { uploadForm, uploadFormWithEvents } from '../../../lib/upload';

/**
 * `POST /api/v1/remove/remove`: the cut-out and the photo's check; with a preset, a white main image
 * too. `onStage` hears each server stage as it starts (抠图, 生成主图, 检查).
 */
export function removeBackground(
  file: File,
  preset: MarketplacePreset | null,
  onProgress: (sentShare: number) => void,
  onStage: (stage: CutoutStage) => void,
) {
  const form = new FormData();
  form.append('upload[]', file, file.name);
  if (preset) form.append('preset', preset);
  return uploadFormWithEvents<CutoutResult>('/api/v1/remove/remove', form, {
    onProgress,
    onEvent: (event, data) => {
      if (event === 'stage') onStage((data as CutoutStreamEvents['stage']).stage);
    },
    silent: true,
  });
}

/**
 * The one-click fix: a compliant main image from the stored cut-out, without uploading again.
 * `allParts` (「这些都是商品」) keeps every part of the cut-out instead of the largest only.
 */
export function fixMainImage(
  cutoutId: number,
  preset: MarketplacePreset,
  options: { allParts?: boolean } = {},
) {
  const form = new FormData();
  form.append('cutoutId', String(cutoutId));
  form.append('preset', preset);
  if (options.allParts) form.append('allParts', '1');
  return uploadForm<CutoutResult>('/api/v1/remove/remove', form, { silent: true });
}
