import { type DrawnImagePage, PAGE_SIZE } from '@chuhai/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { drawKeys } from './draw-keys';

/** `GET /api/v1/getImageList`: the user's drawings, newest first. */
export const getImageList = (pageNo: number) =>
  api.get<DrawnImagePage>('/api/v1/getImageList', { pageNo, pageSize: PAGE_SIZE.drawings });

export const imageListQueryOptions = (pageNo: number, token: string | null) =>
  queryOptions({
    queryKey: drawKeys.gallery(pageNo),
    queryFn: () => getImageList(pageNo),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export function useImageList(pageNo: number) {
  const token = useAuthStore((s) => s.token);
  return useQuery(imageListQueryOptions(pageNo, token));
}
