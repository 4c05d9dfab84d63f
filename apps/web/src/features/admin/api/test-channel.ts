import type { ChannelTestResult } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { channelKeys } from './channel-keys';

/** `POST /api/admin/channels/:id/test`: one small real call; on a cooling channel it is the trial. */
export const testChannel = (id: number) => api.post<ChannelTestResult>(`/api/admin/channels/${id}/test`);

export function useTestChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: testChannel,
    // The test may restore or cool the channel: its state is read again.
    onSettled: () => client.invalidateQueries({ queryKey: channelKeys.all }),
  });
}
