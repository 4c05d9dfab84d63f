import type { DeletedResult } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/** `POST /api/v1/conversations/:id/delete`: a conversation and every exchange in it. */
export const deleteConversation = (id: number) =>
  api.post<DeletedResult>(`/api/v1/conversations/${id}/delete`);

export function useDeleteConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    // The chat may have shown it, and the history held its exchanges.
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.all }),
  });
}
