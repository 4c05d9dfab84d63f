import type { ChannelBalance } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { channelKeys } from './channel-keys';

/** `POST /api/admin/channels/:id/balance` (刷新余额): read now from the provider and kept with the time. */
export const refreshChannelBalance = (id: number) =>
  api.post<ChannelBalance>(`/api/admin/channels/${id}/balance`);

export function useRefreshChannelBalance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: refreshChannelBalance,
    onSuccess: () => client.invalidateQueries({ queryKey: channelKeys.all }),
  });
}
