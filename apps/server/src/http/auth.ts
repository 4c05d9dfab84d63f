import { HEADERS, ResultCode } from '@chuhai/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';

/** Who is calling, once the token checked out. */
export interface SessionUser {
  userId: number;
  sessionId: number;
}

/**
 * What the auth scopes need from the account module, handed in by `app.ts` so this shared layer
 * never imports a feature module.
 */
export interface Sessions {
  /** The live session of a token: 400001 without one, 400002 unknown or revoked, 400003 expired. */
  authenticate(token: string | undefined, now: number): Promise<SessionUser>;
  /** The caller at once when the session is at hand and live with nothing to write, else null. */
  kept(token: string | undefined, now: number): SessionUser | null;
  /** The account's role and phone, or null when it is gone. */
  account(userId: number): Promise<{ role: 'user' | 'support' | 'admin'; phone: string } | null>;
}

/**
 * The operators' authenticator codes, handed in by `app.ts` from the account module (the codes are
 * stored on the account): `spend` accepts a fresh code of the operator's bound authenticator once,
 * or throws in Chinese (none bound, wrong, reused, locked after too many wrong codes).
 */
export interface TwoFactor {
  spend(staff: StaffUser, code: string, ip: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
    sessions: Sessions;
    twoFactor: TwoFactor;
    /** preHandler: resolves the session when a token came, and ignores a missing or bad one. */
    optionalUser: preHandlerAsyncHookHandler;
    /** Every route in the operator scope, so a test can walk them all. */
    staffRouteList: { method: string; url: string }[];
  }
  interface FastifyRequest {
    /** The caller when a live session came with the request, else null. */
    account: SessionUser | null;
    /** The signed-in caller: only inside `signedInScope`, where a request without one never arrives. */
    readonly user: SessionUser;
    /** The operator: only inside `staffScope`. */
    staff: StaffUser | null;
  }
}

/** An operator on the console: 客服 (`support`) reads; `admin` also changes things. */
export interface StaffUser extends SessionUser {
  role: 'support' | 'admin';
  phone: string;
}

/** The session token: the `token` header (spec section 6), or `Authorization: Bearer …`. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[HEADERS.session];
  const token = Array.isArray(header) ? header[0] : header;
  if (token) return token.trim();
  const authorization = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization);
  return bearer?.[1];
}

export const authPlugin = fp<{ clock: Clock; sessions: Sessions; twoFactor: TwoFactor }>(
  async (app, { clock, sessions, twoFactor }) => {
    app.decorate('clock', clock);
    app.decorate('sessions', sessions);
    app.decorate('twoFactor', twoFactor);
    app.decorateRequest('account', null);
    app.decorateRequest('staff', null);
    app.decorate('staffRouteList', []);
    app.decorateRequest('user', {
      getter(this: FastifyRequest) {
        if (!this.account) throw new Error('request.user read outside the signed-in scope');
        return this.account;
      },
    });
    app.decorate('optionalUser', async (request: FastifyRequest) => {
      const token = sessionTokenOf(request);
      if (!token) return;
      try {
        request.account = await sessions.authenticate(token, clock.now());
      } catch {
        request.account = null;
      }
    });
  },
  { name: 'auth' },
);

/** Route plugins put in a scope, each handed what the scope is handed (the app hands `{ deps }`). */
type ScopedRoutes<Options extends object> = FastifyPluginAsyncTypebox<Options>;

/**
 * The signed-in scope: every route the given plugins register answers 400001/2/3 unless a live
 * session token came with it, and reads its caller as `request.user`. The check runs after the
 * request is parsed and validated, as a preHandler.
 */
export function signedInScope<Options extends object>(
  routes: ScopedRoutes<Options>[],
): ScopedRoutes<Options> {
  return async (scope, options) => {
    // A plain hook: most requests come with a session read in the last second, answered without a
    // promise; the others (and every refusal) take `authenticate`.
    scope.addHook('preHandler', (request, _reply, done) => {
      const token = sessionTokenOf(request);
      const now = scope.clock.now();
      const kept = scope.sessions.kept(token, now);
      if (kept) {
        request.account = kept;
        done();
        return;
      }
      scope.sessions.authenticate(token, now).then((account) => {
        request.account = account;
        done();
      }, done);
    });
    for (const plugin of routes) await scope.register(plugin, options);
  };
}

/**
 * The operator scope (`/api/admin/*`): a live session whose account is 客服 or admin, checked on the
 * server for every route inside; anyone else gets 403 with nothing more said. Each route reads its
 * operator as `request.staff`; money actions check `admin` and a fresh two-factor code on top.
 */
export function staffScope<Options extends object>(routes: ScopedRoutes<Options>[]): ScopedRoutes<Options> {
  return async (scope, options) => {
    scope.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD') scope.staffRouteList.push({ method, url: route.url });
    });
    // On request, before the body is read: an outsider learns nothing, not even what a body should hold.
    scope.addHook('onRequest', async (request) => {
      const session = await scope.sessions.authenticate(sessionTokenOf(request), scope.clock.now());
      const user = await scope.sessions.account(session.userId);
      if (!user || (user.role !== 'admin' && user.role !== 'support'))
        throw new AppError(ResultCode.forbidden, '没有权限访问运营后台');
      request.account = session;
      request.staff = { ...session, role: user.role, phone: user.phone };
    });
    for (const plugin of routes) await scope.register(plugin, options);
  };
}

/** The operator of a request inside `staffScope`, where it is never null. */
export function staffOf(request: FastifyRequest): StaffUser {
  if (!request.staff) throw new Error('request.staff read outside the operator scope');
  return request.staff;
}

/** Changes on the console: 客服 reads, only an admin changes (money actions add a code on top). */
export function requireAdmin(staff: StaffUser): void {
  if (staff.role !== 'admin') throw new AppError(ResultCode.forbidden, '只有管理员可以进行这项操作');
}

/**
 * Every money action (and every change to what sellers pay or get): an admin, with a fresh code
 * from the bound authenticator. A code is accepted once (its 30-second step is recorded), so a code
 * seen over a shoulder cannot be replayed; wrong codes lock these actions for a while.
 */
export async function requireMoneyAuth(request: FastifyRequest, code: string): Promise<void> {
  const staff = staffOf(request);
  requireAdmin(staff);
  await request.server.twoFactor.spend(staff, code, request.ip);
}

/** Who did it and from where: what an audited change records. */
export function actorOf(request: FastifyRequest): { userId: number; ip: string } {
  return { userId: staffOf(request).userId, ip: request.ip };
}
