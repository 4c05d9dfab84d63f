import type { NewRedeemBatch, RedeemBatchBody } from '@chuhai/contract';
import { api } from '../../../lib/api-client';
import { useSettingsMutation } from './admin-mutation';

/** `POST /api/admin/redeem-batches`: a new batch of redeem codes. */
export const createBatch = (body: RedeemBatchBody) =>
  api.post<NewRedeemBatch>('/api/admin/redeem-batches', body);

export const useCreateBatch = () => useSettingsMutation(createBatch);
