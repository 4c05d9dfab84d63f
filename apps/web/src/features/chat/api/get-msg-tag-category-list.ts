import type { PromptCategory } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/** `GET /api/v1/getMsgTagCategoryList`: the built-in prompt library by category. */
export const getMsgTagCategoryList = () => api.get<PromptCategory[]>('/api/v1/getMsgTagCategoryList');

export const promptLibraryQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.library(),
    queryFn: getMsgTagCategoryList,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePromptLibrary = () => useQuery(promptLibraryQueryOptions());
