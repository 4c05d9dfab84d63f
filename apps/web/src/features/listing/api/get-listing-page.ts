import { type ListingPage, PAGE_SIZE } from '@chuhai/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { listingKeys } from './listing-keys';

/** `GET /api/v1/listing/list`: the user's saved listings (历史记录). */
export const getListingPage = (pageNo: number) =>
  api.get<ListingPage>('/api/v1/listing/list', { pageNo, pageSize: PAGE_SIZE.listings });

export const listingPageQueryOptions = (pageNo: number, token: string | null) =>
  queryOptions({
    queryKey: listingKeys.page(pageNo),
    queryFn: () => getListingPage(pageNo),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export function useListingPage(pageNo: number) {
  const token = useAuthStore((s) => s.token);
  return useQuery(listingPageQueryOptions(pageNo, token));
}
