import type { DeletedResult } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studioKeys } from './studio-keys';

/** `GET /api/v1/studio/deleteImages?ids=` */
export const deleteRecentImages = (ids: readonly number[]) =>
  api.get<DeletedResult>('/api/v1/studio/deleteImages', { ids: ids.join(',') });

export function useDeleteRecentImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteRecentImages,
    onSuccess: () => client.invalidateQueries({ queryKey: studioKeys.recent }),
  });
}
