import { PAGE_SIZE, type StudioImageKind, type StudioImagePage } from '@chuhai/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studioKeys } from './studio-keys';

/** `GET /api/v1/studio/images`: the user's results of the last days (最近作品). */
export const getRecentImages = (kinds: readonly StudioImageKind[], pageNo: number) =>
  api.get<StudioImagePage>('/api/v1/studio/images', {
    kinds: kinds.join(','),
    pageNo,
    pageSize: PAGE_SIZE.recentImages,
  });

export const recentImagesQueryOptions = (
  kinds: readonly StudioImageKind[],
  pageNo: number,
  enabled: boolean,
) =>
  queryOptions({
    queryKey: studioKeys.recentPage(kinds, pageNo),
    queryFn: () => getRecentImages(kinds, pageNo),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useRecentImages = (kinds: readonly StudioImageKind[], pageNo: number, enabled: boolean) =>
  useQuery(recentImagesQueryOptions(kinds, pageNo, enabled));
