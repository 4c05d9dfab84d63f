import type { FastifyRequest } from 'fastify';

/** Query parameters that carry secrets: file link signatures, SMS and request signatures, tokens. */
const SECRET_PARAMS = new Set(['sig', 'sign', 'token', 'x-token', 'password', 'code']);

/**
 * A query with a secret parameter's name in it, as written (not percent-encoded). Most logged URLs
 * carry none, and splitting and decoding every query was a fortieth of a light read.
 */
const PLAIN_SECRET_NAME = /(?:^|&)(?:sig|sign|token|x-token|password|code)(?:[=&]|$)/i;

/** The URL with every secret query value replaced by `***`, for the request log. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  // Without a percent sign every name reads as written, so the pattern alone tells.
  if (!url.includes('%', mark) && !PLAIN_SECRET_NAME.test(url.slice(mark + 1))) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const name = decodeURIComponent(pair.split('=', 1)[0] ?? '').toLowerCase();
      return SECRET_PARAMS.has(name) ? `${pair.split('=', 1)[0]}=***` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

/**
 * What the request log keeps of a request: no headers (the session token travels in one) and no
 * secret query values, so a leaked log hands nobody a working link or session.
 */
export function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
