import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt, stored as `scrypt$N$r$p$salt$hash` so the cost can be raised
 * later: a login with an older cost rewrites the hash at the current one (`needsRehash`).
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's scrypt settings (Password Storage Cheat Sheet, 2025): N=2^17 r=8 p=1, or an equal-work
 * variant. N=2^15 r=8 p=3 costs the same time with 32 MiB per hash instead of 128 MiB, which keeps
 * a burst of logins on a 2-core node from eating the memory.
 */
export const OWASP_SCRYPT: ScryptCost = { N: 2 ** 15, r: 8, p: 3 };
/** Tests register hundreds of users; there the cost only needs to exercise the code. */
export const TEST_SCRYPT: ScryptCost = { N: 2 ** 14, r: 8, p: 1 };

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 256 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches `stored`; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether a stored hash was made at another cost than the current one. */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const [, n, r, p] = stored.split('$');
  return Number(n) !== cost.N || Number(r) !== cost.r || Number(p) !== cost.p;
}

/**
 * A hash that matches no password, checked when the phone is unknown so the answer takes as long
 * as for a known phone with a wrong password.
 */
export function unknownUserHash(cost: ScryptCost): string {
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEY_LENGTH).toString('base64url')}`;
}
