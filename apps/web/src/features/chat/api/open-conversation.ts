import type { Conversation } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/**
 * `POST /api/v1/conversations/:id/open`: makes a past conversation the current one, so the chat
 * shows it and the next question continues it.
 */
export const openConversation = (id: number) => api.post<Conversation>(`/api/v1/conversations/${id}/open`);

export function useOpenConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: openConversation,
    onSuccess: async () => {
      // Reset, not just refetch: the old conversation must not stay on screen while the new one loads.
      await client.resetQueries({ queryKey: chatKeys.conversation() });
      await client.invalidateQueries({ queryKey: chatKeys.conversations() });
    },
  });
}
