import {
  type BackgroundCategory,
  type BackgroundPage,
  type CutoutResult,
  type CutoutStage,
  type CutoutStreamEvents,
  type DeletedResult,
  type MarketplacePreset,
  PAGE_SIZE,
  type ReplaceResult,
  type StudioImageKind,
  type StudioImagePage,
} from '@chuhai/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountInfoKey } from '../../../entities/account/get-account-info';
import { api } from '../../../lib/api-client';
import { uploadForm, uploadFormWithEvents } from '../../../lib/upload';

type Progress = (sentShare: number) => void;

/**
 * `POST /api/v1/remove/remove`: the cut-out and the photo's check; with a preset, a white main image
 * too. `onStage` hears each server stage as it starts (抠图, 生成主图, 检查).
 */
export function removeBackground(
  file: File,
  preset: MarketplacePreset | null,
  onProgress: Progress,
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

/** The one-click fix: a compliant main image from the stored cut-out, without uploading again. */
export function fixMainImage(cutoutId: number, preset: MarketplacePreset) {
  const form = new FormData();
  form.append('cutoutId', String(cutoutId));
  form.append('preset', preset);
  return uploadForm<CutoutResult>('/api/v1/remove/remove', form, { silent: true });
}

/** `POST /api/v1/remove/mask`: the touched-up mask becomes a new cut-out and main image (free). */
export function saveTouchUp(cutoutId: number, preset: MarketplacePreset, mask: Blob) {
  const form = new FormData();
  form.append('cutoutId', String(cutoutId));
  form.append('preset', preset);
  form.append('file', mask, 'mask.png');
  return uploadForm<CutoutResult>('/api/v1/remove/mask', form, { silent: true });
}

export interface ReplaceRequest {
  files: File[];
  background: { backgroundId: string } | { color: string } | { prompt: string };
  scale: number;
  x: number;
  y: number;
  shadow: boolean;
}

/** `POST /api/mokker/replace` with `upload[]` and the chosen background and placement. */
export function replaceBackground(request: ReplaceRequest, onProgress?: Progress) {
  const form = new FormData();
  for (const file of request.files) form.append('upload[]', file, file.name);
  for (const [name, value] of Object.entries(request.background)) form.append(name, value);
  form.append('scale', String(request.scale));
  form.append('x', String(request.x));
  form.append('y', String(request.y));
  form.append('shadow', request.shadow ? '1' : '0');
  return uploadForm<ReplaceResult>('/api/mokker/replace', form, { onProgress, silent: true });
}

export function useBackgroundCategories() {
  return useQuery({
    queryKey: ['studio', 'categories'],
    queryFn: () => api.get<BackgroundCategory[]>('/api/mokker/category'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useBackgrounds(categoryId: string, pageNo: number) {
  return useQuery({
    queryKey: ['studio', 'backgrounds', categoryId, pageNo],
    queryFn: () =>
      api.get<BackgroundPage>('/api/mokker/backgrounds', {
        categoryId,
        pageNo,
        pageSize: PAGE_SIZE.backgrounds,
      }),
    enabled: categoryId !== '',
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const recentKey = ['studio', 'recent'] as const;

/** `GET /api/v1/studio/images`: the user's results of the last days (最近作品). */
export function useRecentImages(kinds: readonly StudioImageKind[], pageNo: number, enabled: boolean) {
  return useQuery({
    queryKey: [...recentKey, kinds.join(','), pageNo],
    queryFn: () =>
      api.get<StudioImagePage>('/api/v1/studio/images', {
        kinds: kinds.join(','),
        pageNo,
        pageSize: PAGE_SIZE.recentImages,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/v1/studio/deleteImages?ids=` */
export function useDeleteRecentImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) =>
      api.get<DeletedResult>('/api/v1/studio/deleteImages', { ids: ids.join(',') }),
    onSuccess: () => client.invalidateQueries({ queryKey: recentKey }),
  });
}

/** After every run the remaining uses and 最近作品 change: refresh both. */
export function useRefreshAfterRun() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: accountInfoKey }),
      client.invalidateQueries({ queryKey: recentKey }),
    ]);
}
