import { type ConversationPage, PAGE_SIZE } from '@chuhai/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { chatKeys } from './chat-keys';

/** `GET /api/v1/conversations`: the user's conversations, latest question first, searched by keyword. */
export const getConversations = (pageNo: number, keyword: string) =>
  api.get<ConversationPage>('/api/v1/conversations', {
    pageNo,
    pageSize: PAGE_SIZE.conversations,
    keyword: keyword || undefined,
  });

/** Pages load one after another (加载更多); a new keyword starts again from the first. */
export const conversationsQueryOptions = (keyword: string, token: string | null) =>
  infiniteQueryOptions({
    queryKey: chatKeys.conversations(keyword),
    queryFn: ({ pageParam }) => getConversations(pageParam, keyword),
    initialPageParam: 1,
    getNextPageParam: (last: ConversationPage) =>
      last.pageNo * last.pageSize < last.total ? last.pageNo + 1 : undefined,
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export function useConversations(keyword: string) {
  const token = useAuthStore((s) => s.token);
  return useInfiniteQuery(conversationsQueryOptions(keyword.trim(), token));
}
