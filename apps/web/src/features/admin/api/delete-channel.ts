import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { channelKeys } from './channel-keys';

/** `POST /api/admin/channels/:id/delete`. */
export const deleteChannel = (id: number) => api.post<null>(`/api/admin/channels/${id}/delete`);

export function useDeleteChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteChannel,
    onSuccess: () => client.invalidateQueries({ queryKey: channelKeys.all }),
  });
}
