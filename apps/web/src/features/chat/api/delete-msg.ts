import type { DeletedResult } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/** `GET /api/v1/deleteMsg?ids=1,2`: deletes the caller's exchanges. */
export const deleteMsg = (ids: readonly number[]) =>
  api.get<DeletedResult>('/api/v1/deleteMsg', { ids: ids.join(',') });

export function useDeleteMsg() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteMsg,
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.all }),
  });
}
