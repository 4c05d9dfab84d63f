import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../lib/clock.ts';
import { authenticate, type SessionUser } from '../modules/account/session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
    /** preHandler: rejects the call with 400001/2/3 unless a live session token came with it. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: resolves the session when a token came, and ignores a missing or bad one. */
    optionalUser: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** The signed-in caller, set by `requireUser` or `optionalUser`. */
    account: SessionUser | null;
  }
}

/** The session token: the `token` header (spec section 6), or `Authorization: Bearer …`. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  if (token) return token.trim();
  const authorization = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization);
  return bearer?.[1];
}

/** The caller of a route behind `requireUser`. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.account) throw new Error('route is missing the requireUser preHandler');
  return request.account;
}

export const authPlugin = fp<{ clock: Clock }>(
  async (app, { clock }) => {
    app.decorate('clock', clock);
    app.decorateRequest('account', null);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      request.account = await authenticate(app.db, sessionTokenOf(request), clock.now());
    });
    app.decorate('optionalUser', async (request: FastifyRequest) => {
      const token = sessionTokenOf(request);
      if (!token) return;
      try {
        request.account = await authenticate(app.db, token, clock.now());
      } catch {
        request.account = null;
      }
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
