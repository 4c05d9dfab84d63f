import { timingSafeEqual } from 'node:crypto';
import { HEADERS, ResultCode, requestSignatureText } from '@chuhai/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { sha256 } from '../lib/secrets.ts';

/** Calls that others make without our web client: health checks, and payment notifications. */
const UNSIGNED_PATHS = new Set(['/api/users', '/api/ready']);
/** Payment providers call these with their own signatures, checked by each channel. */
export const NOTIFY_PREFIX = '/api/pay/notify/';

function headerValue(request: FastifyRequest, name: string): string {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/**
 * The signatures of URLs signed lately, by URL and build: a page polls the same few URLs, and
 * hashing each one again was a twentieth of a light read. The signature is a public function of
 * the URL and the build (no secret), so keeping it hands nobody anything; a client sending many
 * distinct URLs only starts the map over.
 */
const expectedSignatures = new Map<string, Buffer>();
const MOST_SIGNATURES = 2_000;

function expectedSignature(url: string, buildTime: string): Buffer {
  const key = `${buildTime}\n${url}`;
  let expected = expectedSignatures.get(key);
  if (!expected) {
    if (expectedSignatures.size >= MOST_SIGNATURES) expectedSignatures.clear();
    expected = Buffer.from(sha256(requestSignatureText(url, buildTime)));
    expectedSignatures.set(key, expected);
  }
  return expected;
}

function signedCorrectly(token: string, url: string, buildTime: string): boolean {
  const expected = expectedSignature(url, buildTime);
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Checks `x-token` on every API call (a guard against casual scripted use, not a security boundary)
 * and tells clients built at another time that a new build is being served.
 */
export const requestSignaturePlugin = fp<{ required: boolean; currentBuildTime: string }>(
  async (app, { required, currentBuildTime }) => {
    // A plain function hook, not async: on every API call, and a promise per hook is measurable.
    const check = (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.url;
      if (!url.startsWith('/api/')) return;
      const pathOnly = url.split('?', 1)[0] ?? url;
      if (UNSIGNED_PATHS.has(pathOnly) || pathOnly.startsWith(NOTIFY_PREFIX)) return;

      const buildTime = headerValue(request, HEADERS.buildTime);
      // 'dev' means no build is served (API only, or Vite's dev server): nothing newer to offer.
      if (buildTime && currentBuildTime !== 'dev' && buildTime !== currentBuildTime) {
        reply.header(HEADERS.newBuild, currentBuildTime);
      }
      if (!required) return;

      const token = headerValue(request, HEADERS.signature);
      if (!token || !buildTime || !signedCorrectly(token, url, buildTime)) {
        throw new AppError(ResultCode.badRequest, '请求签名无效，请刷新页面后重试');
      }
    };
    app.addHook('onRequest', (request, reply, done) => {
      try {
        check(request, reply);
        done();
      } catch (error) {
        done(error as Error);
      }
    });
  },
  { name: 'request-signature' },
);
