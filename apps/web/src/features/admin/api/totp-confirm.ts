import { api } from '../../../lib/api-client';
import { useAdminMutation } from './admin-mutation';

/** `POST /api/admin/totp/confirm` */
export const totpConfirm = (code: string) => api.post<null>('/api/admin/totp/confirm', { code });

export const useTotpConfirm = () => useAdminMutation(totpConfirm);
