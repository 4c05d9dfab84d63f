import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a handed-out file link works. Long enough for a gallery page to stay open for a day. */
export const FILE_LINK_TTL_MS = 24 * 3_600_000;

function signature(key: string, expiresAt: number, secret: string): string {
  return createHmac('sha256', secret).update(`${key}\n${expiresAt}`).digest('base64url');
}

/**
 * A link to a stored file, signed so that only the server can make one: the API gives links only to
 * a file's owner, so nobody reaches another user's files (an `<img>` cannot send the session token).
 */
export function signedFileUrl(key: string, secret: string, now: number, ttlMs = FILE_LINK_TTL_MS): string {
  return signedLink(`/files/${key}`, key, secret, now, ttlMs);
}

/**
 * The one way a link is signed: `path` is where it points, `key` what the signature covers (the
 * route that serves `path` checks the same key with `checkFileLink`). File links and 批量处理's ZIP
 * links are both made here.
 */
export function signedLink(path: string, key: string, secret: string, now: number, ttlMs: number): string {
  const expiresAt = now + ttlMs;
  return `${path}?exp=${expiresAt}&sig=${signature(key, expiresAt, secret)}`;
}

const HOUR_MS = 3_600_000;

/**
 * A signed link that stays the same for an hour, and works for at least `ttlMs`: a page polled every
 * second or two gets the same address each time, so the browser keeps the image it already has.
 */
export function steadyFileUrl(key: string, secret: string, now: number, ttlMs = FILE_LINK_TTL_MS): string {
  return signedFileUrl(key, secret, Math.floor(now / HOUR_MS) * HOUR_MS, ttlMs + HOUR_MS);
}

/** Whether a link's signature matches and it has not expired. */
export function checkFileLink(
  key: string,
  exp: string,
  sig: string,
  secret: string,
  now: number,
): 'ok' | 'expired' | 'invalid' {
  const expiresAt = Number(exp);
  if (!Number.isSafeInteger(expiresAt)) return 'invalid';
  const expected = Buffer.from(signature(key, expiresAt, secret));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return expiresAt < now ? 'expired' : 'ok';
}
