import type { DeletedResult } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { drawKeys } from './draw-keys';

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
