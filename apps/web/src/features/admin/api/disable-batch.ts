import { api } from '../../../lib/api-client';
import { useSettingsMutation } from './admin-mutation';

/** `POST /api/admin/redeem-batches/:id/disable` */
export const disableBatch = ({ id, disabled }: { id: number; disabled: boolean }) =>
  api.post<null>(`/api/admin/redeem-batches/${id}/disable`, { disabled });

export const useDisableBatch = () => useSettingsMutation(disableBatch);
