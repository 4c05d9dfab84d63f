import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { channelKeys } from './channel-keys';

/** `POST /api/admin/channels/:id/enabled`: 停用 / 启用, no two-factor code (see the contract). */
export const setChannelEnabled = ({ id, enabled }: { id: number; enabled: boolean }) =>
  api.post<null>(`/api/admin/channels/${id}/enabled`, { enabled });

export function useSetChannelEnabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setChannelEnabled,
    onSuccess: () => client.invalidateQueries({ queryKey: channelKeys.all }),
  });
}
