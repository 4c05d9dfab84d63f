import { randomBytes } from 'node:crypto';
import { ResultCode, SESSION_LIMITS } from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Sessions, SessionUser } from '../../http/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/secrets.ts';
import type { ClientInfo } from './repository.ts';
import * as accounts from './repository.ts';
import { keepSession, keptSession, type SessionRow } from './session-cache.ts';

export type { SessionUser };

/** Starts a session: a random token for the client; only its hash is stored. */
export async function createSession(db: Kysely<Database>, userId: number, now: number, client: ClientInfo) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + SESSION_LIMITS.lifetimeMs;
  const sessionId = await accounts.insertSession(db, {
    userId,
    tokenHash: sha256(token),
    now,
    expiresAt,
    client,
  });
  return { token, expiresAt, sessionId };
}

/**
 * Resolves a token to its user: 400001 when there is none, 400002 when it is unknown or revoked,
 * 400003 when it expired. A live session slides forward (written at most every few minutes), but
 * never past SESSION_LIMITS.absoluteMs after sign-in.
 */
export async function authenticate(
  db: Kysely<Database>,
  token: string | undefined,
  now: number,
): Promise<SessionUser> {
  if (!token) throw new AppError(ResultCode.tokenMissing, '请先登录');
  let session: SessionRow | null = keptSession(token);
  if (!session) {
    const read = await accounts.findSessionByTokenHash(db, sha256(token));
    if (!read || read.revoked_at !== null) {
      throw new AppError(
        ResultCode.tokenInvalid,
        '登录状态已失效（可能已在别处退出或修改了密码），请重新登录',
      );
    }
    session = read;
    keepSession(token, session);
  }
  const state = stateAt(session, now);
  if (state === 'expired') throw new AppError(ResultCode.tokenExpired, '登录已过期，请重新登录');
  if (state === 'due-to-slide') {
    const expiresAt = Math.min(
      now + SESSION_LIMITS.lifetimeMs,
      session.created_at + SESSION_LIMITS.absoluteMs,
    );
    await accounts.touchSession(db, session.id, now, expiresAt);
    keepSession(token, { ...session, last_seen_at: now, expires_at: expiresAt });
  }
  return { userId: session.user_id, sessionId: session.id };
}

/** A live session as of `now`: expired, live but due to slide forward (a write), or just live. */
function stateAt(session: SessionRow, now: number): 'expired' | 'due-to-slide' | 'live' {
  if (session.expires_at <= now || session.created_at + SESSION_LIMITS.absoluteMs <= now) return 'expired';
  return now - session.last_seen_at >= SESSION_LIMITS.touchEveryMs ? 'due-to-slide' : 'live';
}

/**
 * The caller of a token whose session was read in the last second and needs nothing written now,
 * without a promise; null sends the request the full way (`authenticate`), which also answers
 * every refusal. Most signed-in requests end here.
 */
export function keptUser(token: string | undefined, now: number): SessionUser | null {
  const session = token ? keptSession(token) : null;
  if (!session || stateAt(session, now) !== 'live') return null;
  return { userId: session.user_id, sessionId: session.id };
}

/** The auth scopes' view of accounts (`http/auth.ts`), over this database. */
export function accountSessions(db: Kysely<Database>): Sessions {
  return {
    authenticate: (token, now) => authenticate(db, token, now),
    kept: keptUser,
    account: async (userId) => (await accounts.findUserById(db, userId)) ?? null,
  };
}
