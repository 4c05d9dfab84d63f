import type { BackgroundPage } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { batchKeys } from './batch-keys';

/** `GET /api/mokker/backgrounds`: the background library's designs (the same for everyone). */
export const getBackgroundDesigns = () =>
  api.get<BackgroundPage>('/api/mokker/backgrounds', { pageNo: 1, pageSize: 100 });

/** Loaded when the seller picks 背景库. */
export const backgroundDesignsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: batchKeys.designs,
    queryFn: getBackgroundDesigns,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useBackgroundDesigns = (enabled: boolean) => useQuery(backgroundDesignsQueryOptions(enabled));
