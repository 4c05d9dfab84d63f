import type { RedeemBatchPage } from '@chuhai/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** `GET /api/admin/redeem-batches?pageNo=` */
export const getRedeemBatches = (pageNo: number) =>
  api.get<RedeemBatchPage>('/api/admin/redeem-batches', { pageNo });

export const redeemBatchesQueryOptions = (pageNo: number) =>
  queryOptions({
    queryKey: adminKeys.batches(pageNo),
    queryFn: () => getRedeemBatches(pageNo),
    placeholderData: keepPreviousData,
  });

export const useRedeemBatches = (pageNo: number) => useQuery(redeemBatchesQueryOptions(pageNo));
