import { type SendCodeResult, type SmsCodeType, smsCodeSignature } from '@chuhai/contract';
import { api } from '../../../lib/api-client';

/** `POST /api/v1/code/`: signs the phone with the current second and asks for a code. */
export function sendCode(phone: string, type: SmsCodeType): Promise<SendCodeResult> {
  const ts = Math.floor(Date.now() / 1000);
  return api.post<SendCodeResult>('/api/v1/code/', { phone, type, ts, sign: smsCodeSignature(phone, ts) });
}
