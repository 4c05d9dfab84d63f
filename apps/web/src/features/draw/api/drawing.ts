import {
  type CreatedImage,
  type CreateImageBody,
  type DeletedResult,
  type DrawnImagePage,
  PAGE_SIZE,
} from '@chuhai/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountInfoKey } from '../../../entities/account/get-account-info';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';

export const drawKeys = {
  gallery: (pageNo?: number) =>
    pageNo ? (['draw', 'gallery', pageNo] as const) : (['draw', 'gallery'] as const),
};

/**
 * `POST /api/v1/createImage/` {prompt, imageSize, count}: no timeout, no toast (the screen shows the
 * error). With `count` the answer carries the whole group.
 */
export const createImage = (body: CreateImageBody) =>
  api.post<CreatedImage>('/api/v1/createImage/', body, { silent: true });

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

/** `GET /api/v1/getImageList`: the user's drawings, newest first. */
export const getImageList = (pageNo: number) =>
  api.get<DrawnImagePage>('/api/v1/getImageList', { pageNo, pageSize: PAGE_SIZE.drawings });

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
