import { api } from '../../../lib/api-client';
import { useAdminMutation } from './admin-mutation';

export interface SetDisabledBody {
  disabled: boolean;
  reason: string;
}

/** `POST /api/admin/users/:id/disable` */
export const setDisabled = (userId: number, body: SetDisabledBody) =>
  api.post<null>(`/api/admin/users/${userId}/disable`, body);

export const useSetDisabled = (userId: number) =>
  useAdminMutation((body: SetDisabledBody) => setDisabled(userId, body));
