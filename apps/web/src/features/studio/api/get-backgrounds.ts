import { type BackgroundPage, PAGE_SIZE } from '@chuhai/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studioKeys } from './studio-keys';

/** `GET /api/mokker/backgrounds`: one page of a category's backgrounds. */
export const getBackgrounds = (categoryId: string, pageNo: number) =>
  api.get<BackgroundPage>('/api/mokker/backgrounds', {
    categoryId,
    pageNo,
    pageSize: PAGE_SIZE.backgrounds,
  });

/** No category yet (`''`): nothing is asked. */
export const backgroundsQueryOptions = (categoryId: string, pageNo: number) =>
  queryOptions({
    queryKey: studioKeys.backgrounds(categoryId, pageNo),
    queryFn: () => getBackgrounds(categoryId, pageNo),
    enabled: categoryId !== '',
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useBackgrounds = (categoryId: string, pageNo: number) =>
  useQuery(backgroundsQueryOptions(categoryId, pageNo));

/**
 * A library design's thumbnail (the `thumbUrl` the list gives, public and cached for a day), for
 * the 换背景 preview of a design chosen before its page of the list was loaded (the example's).
 */
export const backgroundThumbUrl = (id: string) => `/backgrounds/${encodeURIComponent(id)}.webp`;
