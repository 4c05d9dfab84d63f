import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ok } from './render';

/** A real, cheap captcha challenge for the fake `/api/v1/captcha` (the screens solve it for real). */
export async function cheapChallenge() {
  const challenge = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 1,
    counter: 3,
    deriveKey,
    hmacSignatureSecret: 'web-test',
  });
  return { '/api/v1/captcha': () => ok(challenge) };
}
