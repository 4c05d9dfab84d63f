import { type ChatMessage, type MessagePage, PAGE_SIZE } from '@chuhai/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { chatKeys } from './chat-keys';

/** `GET /api/v1/getMsgList`: the newest exchanges of the current conversation, oldest first. */
export const getMsgList = () => api.get<MessagePage>('/api/v1/getMsgList', { pageSize: PAGE_SIZE.messages });

export const msgListQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: chatKeys.conversation(), queryFn: getMsgList, enabled: Boolean(token) });

export function useMsgList() {
  const token = useAuthStore((s) => s.token);
  return useQuery(msgListQueryOptions(token));
}

/** Puts a finished exchange into the cached conversation (replacing the one it regenerated). */
export function addToConversation(client: QueryClient, message: ChatMessage, replaces: number | null): void {
  client.setQueryData<MessagePage>(chatKeys.conversation(), (page) => {
    const list = (page?.list ?? []).filter((m) => m.id !== replaces && m.id !== message.id);
    return {
      list: [...list, message],
      total: (page?.total ?? 0) + (replaces ? 0 : 1),
      pageNo: 1,
      pageSize: page?.pageSize ?? PAGE_SIZE.messages,
    };
  });
}
