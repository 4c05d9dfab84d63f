import { type CaptchaChallenge, ResultCode } from '@chuhai/contract';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import * as codes from './repository.ts';

/**
 * The proof-of-work before an SMS is sent (ALTCHA v2, self-hosted: nothing loads from another
 * host). The browser spends about a second of work per code, which makes sending thousands of
 * texts from a script expensive; each solved challenge buys one send, within 10 minutes.
 */
export type CaptchaDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

const ALGORITHM = 'PBKDF2/SHA-256';
const VALID_MS = 10 * 60_000;

/** `GET /api/v1/captcha`: a fresh challenge, signed so the server need not remember it. */
export async function newChallenge(deps: CaptchaDeps): Promise<CaptchaChallenge> {
  const guard = deps.config.smsGuard;
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: guard.captchaCost,
    counter: randomInt(guard.captchaCounter.min, guard.captchaCounter.max),
    deriveKey,
    // The expiry rides in the signed data and is checked against the app's clock (tests move it).
    data: { expiresAt: deps.clock.now() + VALID_MS },
    hmacSignatureSecret: guard.captchaSecret,
  });
  return { parameters: { ...challenge.parameters }, signature: challenge.signature };
}

const refused = () => new AppError(ResultCode.badRequest, '人机验证未通过或已过期，请重新点击「获取验证码」');

/** Checks a solved challenge and spends it; 400 for a forged, expired or reused one. */
export async function spendSolvedChallenge(deps: CaptchaDeps, encoded: string): Promise<void> {
  let payload: { challenge?: unknown; solution?: unknown };
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
  } catch {
    throw refused();
  }
  const challenge = payload?.challenge as Parameters<typeof verifySolution>[0]['challenge'] | undefined;
  const solution = payload?.solution as Parameters<typeof verifySolution>[0]['solution'] | undefined;
  if (!challenge?.parameters || !challenge.signature || typeof solution?.counter !== 'number')
    throw refused();
  if (
    challenge.parameters.algorithm !== ALGORITHM ||
    challenge.parameters.cost !== deps.config.smsGuard.captchaCost
  )
    throw refused();
  const result = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: deps.config.smsGuard.captchaSecret,
  }).catch(() => null);
  if (!result?.verified) throw refused();
  const expiresAt = Number(challenge.parameters.data?.expiresAt);
  if (!Number.isSafeInteger(expiresAt) || expiresAt <= deps.clock.now()) throw refused();
  if (!(await codes.spendCaptcha(deps.db, challenge.signature, expiresAt))) throw refused();
}
