import type { BackgroundCategory } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studioKeys } from './studio-keys';

/** `GET /api/mokker/category`: the background library's categories. */
export const getBackgroundCategories = () => api.get<BackgroundCategory[]>('/api/mokker/category');

export const backgroundCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: studioKeys.categories,
    queryFn: getBackgroundCategories,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useBackgroundCategories = () => useQuery(backgroundCategoriesQueryOptions());
