import type { TotpSetup } from '@chuhai/contract';
import { api } from '../../../lib/api-client';
import { useAdminMutation } from './admin-mutation';

/** `POST /api/admin/totp/setup`: starts binding; replacing a bound authenticator sends a code from it. */
export const totpSetup = (currentCode: string | undefined) =>
  api.post<TotpSetup>('/api/admin/totp/setup', currentCode ? { code: currentCode } : {});

export const useTotpSetup = () => useAdminMutation(totpSetup);
