import type { ChatConfig } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/**
 * `GET /api/v1/getChatConfig`: whether a model is configured, and whether the advanced one exists.
 * AI 问答 and the Listing 工作台 both write with it.
 */
export const getChatConfig = () => api.get<ChatConfig>('/api/v1/getChatConfig');

export const chatConfigQueryOptions = () =>
  queryOptions({ queryKey: ['chat', 'config'], queryFn: getChatConfig, staleTime: 300_000 });

export const useChatConfig = () => useQuery(chatConfigQueryOptions());
