import type { Conversation } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/**
 * `POST /api/v1/conversations/:id/open`: makes a past conversation the current one, so the chat
 * shows it and the next question continues it.
 */
export const openConversation = (id: number) => api.post<Conversation>(`/api/v1/conversations/${id}/open`);

/**
 * `onOpened` runs as soon as the server has made the conversation current, before the new one is
 * loaded: what belonged to the old one must be gone before the new one is on screen. Once it is
 * shown a seller can ask at once, and clearing after the conversation list had also reloaded threw
 * away the answer just asked for (its stream went on, but nothing was left to show it in).
 */
export function useOpenConversation(onOpened?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: openConversation,
    onSuccess: async () => {
      onOpened?.();
      // Reset, not just refetch: the old conversation must not stay on screen while the new one loads.
      await client.resetQueries({ queryKey: chatKeys.conversation() });
      await client.invalidateQueries({ queryKey: chatKeys.conversations() });
    },
  });
}
