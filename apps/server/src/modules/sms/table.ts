import type { Generated } from 'kysely';

/** One sent SMS code. Only the hash is kept; a newer code of the same phone and type replaces it. */
export interface SmsCodeTable {
  id: Generated<number>;
  phone: string;
  /** 1 register, 2 login, 3 reset password. */
  type: number;
  code_hash: string;
  /** Who asked for it: the per-IP send limit counts these rows. */
  ip: string;
  wrong_tries: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A captcha challenge already used for a send; kept until it would have expired anyway. */
export interface UsedCaptchaTable {
  signature: string;
  expires_at: number;
}

export interface SmsTables {
  sms_codes: SmsCodeTable;
  used_captchas: UsedCaptchaTable;
}
