import {
  type CaptchaChallenge,
  type SendCodeResult,
  type SmsCodeType,
  smsCodeSignature,
} from '@chuhai/contract';
import { ApiError, api } from '../../lib/api-client';

/**
 * The proof-of-work the server asks for before it sends a text (`GET /api/v1/captcha`), solved
 * here with Web Crypto: about a second of work, nothing loaded from another host. The solver is
 * loaded on first use, so pages without a code button never download it.
 */
export async function solveCaptcha(signal?: AbortSignal): Promise<string> {
  const challenge = await api.get<CaptchaChallenge>('/api/v1/captcha');
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/pbkdf2'),
  ]);
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const solution = await solveChallenge({
    challenge: challenge as unknown as Parameters<typeof solveChallenge>[0]['challenge'],
    deriveKey,
    controller,
  });
  if (!solution) throw new ApiError(0, '人机验证没有完成，请重试', null, '人机验证没有完成，请重试');
  return btoa(JSON.stringify({ challenge, solution }));
}

/** `POST /api/v1/code/`: proves the work, signs the phone with the current second and asks for a code. */
export async function sendCode(phone: string, type: SmsCodeType): Promise<SendCodeResult> {
  const captcha = await solveCaptcha();
  const ts = Math.floor(Date.now() / 1000);
  return api.post<SendCodeResult>('/api/v1/code/', {
    phone,
    type,
    ts,
    sign: smsCodeSignature(phone, ts),
    captcha,
  });
}
