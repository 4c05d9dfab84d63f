import { sha256Hex } from './sha256.ts';

/**
 * Request signatures (spec sections 5 and 7, PRODUCT.md "Envelope and codes").
 *
 * These keys ship inside the web bundle, so they are not secrets: the `x-token` check only turns
 * away casual scripted use. Real authentication is the session token.
 */
export const APP_ID = 'chuhai-web';
export const APP_KEY = 'chuhai-2026-x-token';
export const SMS_SIGN_SECRET = 'chuhai-2026-sms-sign';
/** How far a signed `ts` (seconds) may be from the server clock. */
export const SIGN_MAX_SKEW_SECONDS = 300;

/** Header names the web client and the server agree on, said once. */
export const HEADERS = {
  /** The session token (spec section 6); `Authorization: Bearer …` works too. */
  session: 'token',
  /** The request signature (`requestSignature`). */
  signature: 'x-token',
  /** The client's build stamp. */
  buildTime: 'BuildTime',
  /** Set on answers when a newer build is being served (PRODUCT.md: 发现新版本). */
  newBuild: 'x-new-build',
  requestId: 'x-request-id',
} as const;

/** What the `x-token` header hashes: the path with its query, the client's BuildTime and the app key. */
export function requestSignatureText(pathWithQuery: string, buildTime: string): string {
  return `${pathWithQuery}\n${buildTime}\n${APP_KEY}`;
}

/** The `x-token` header: SHA-256 hex of `requestSignatureText` (the server hashes it with node:crypto). */
export function requestSignature(pathWithQuery: string, buildTime: string): string {
  return sha256Hex(requestSignatureText(pathWithQuery, buildTime));
}

/** The `sign` of `/api/v1/code/`: app id, secret, phone and `ts` (seconds). */
export function smsCodeSignature(phone: string, ts: number): string {
  return sha256Hex(`${APP_ID}\n${SMS_SIGN_SECRET}\n${phone}\n${ts}`);
}

/** The `sign` of `/api/v1/editPassword/`: app id, secret, username, `ts` and the SMS code. */
export function editPasswordSignature(username: string, ts: number, code: string): string {
  return sha256Hex(`${APP_ID}\n${SMS_SIGN_SECRET}\n${username}\n${ts}\n${code}`);
}

/** Whether a signed timestamp (seconds) is within the allowed skew of `nowMs`. */
export function isFreshTimestamp(ts: number, nowMs: number): boolean {
  return Number.isFinite(ts) && Math.abs(nowMs / 1000 - ts) <= SIGN_MAX_SKEW_SECONDS;
}
