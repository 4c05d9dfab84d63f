import type {
  CreateImageBody,
  DeletedResult,
  DrawConfig,
  DrawnImage,
  DrawnImagePage,
} from '@chuhai/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { accountInfoKey } from '../../auth/api/get-account-info';

export const drawKeys = {
  config: ['draw', 'config'] as const,
  gallery: (pageNo?: number) =>
    pageNo ? (['draw', 'gallery', pageNo] as const) : (['draw', 'gallery'] as const),
};

/** `GET /api/v1/getDrawConfig`: whether a text-to-image provider is configured. */
export const getDrawConfig = () => api.get<DrawConfig>('/api/v1/getDrawConfig');
export const useDrawConfig = () =>
  useQuery(queryOptions({ queryKey: drawKeys.config, queryFn: getDrawConfig, staleTime: 300_000 }));

/** `POST /api/v1/createImage/` {prompt, imageSize}: no timeout, no toast (the screen shows the error). */
export const createImage = (body: CreateImageBody) => api.post<DrawnImage>('/api/v1/createImage/', body);

export function useCreateImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createImage,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: drawKeys.gallery() });
      void client.invalidateQueries({ queryKey: accountInfoKey });
    },
  });
}

/** `GET /api/v1/getImageList`: the user's drawings, 12 a page. */
export const GALLERY_PAGE_SIZE = 12;
export const getImageList = (pageNo: number) =>
  api.get<DrawnImagePage>('/api/v1/getImageList', { pageNo, pageSize: GALLERY_PAGE_SIZE });

export function useImageList(pageNo: number) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: drawKeys.gallery(pageNo),
    queryFn: () => getImageList(pageNo),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/v1/deleteImage?ids=` */
export const deleteImage = (ids: readonly number[]) =>
  api.get<DeletedResult>('/api/v1/deleteImage', { ids: ids.join(',') });

export function useDeleteImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteImage,
    onSuccess: () => client.invalidateQueries({ queryKey: drawKeys.gallery() }),
  });
}
