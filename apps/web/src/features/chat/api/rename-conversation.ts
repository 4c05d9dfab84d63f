import type { Conversation } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/** `POST /api/v1/conversations/:id/rename`: the seller's own name for a conversation. */
export const renameConversation = ({ id, title }: { id: number; title: string }) =>
  api.post<Conversation>(`/api/v1/conversations/${id}/rename`, { title });

export function useRenameConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: renameConversation,
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.conversations() }),
  });
}
