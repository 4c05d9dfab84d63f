import type { ChannelSaveBody } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { channelKeys } from './channel-keys';

/**
 * `POST /api/admin/channels` (新增) or `/api/admin/channels/:id` (编辑; empty keys keep the stored
 * ones), with the admin's two-factor code.
 */
export const saveChannel = ({ id, input }: { id: number | null; input: ChannelSaveBody }) =>
  api.post<number>(id === null ? '/api/admin/channels' : `/api/admin/channels/${id}`, input);

export function useSaveChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveChannel,
    onSuccess: () => client.invalidateQueries({ queryKey: channelKeys.all }),
  });
}
