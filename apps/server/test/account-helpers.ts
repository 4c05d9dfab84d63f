import { type Feature, type SmsCodeType, smsCodeSignature } from '@chuhai/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { App, BuildAppOptions } from '../src/app.ts';
import type { Clock } from '../src/lib/clock.ts';
import { totpCode, totpStep } from '../src/lib/totp.ts';
import { setDailyLimit } from '../src/modules/pricing/repository.ts';
import type { SmsMessage, SmsSender } from '../src/providers/sms/sms-sender.ts';
import { buildTestApp, signedHeaders } from './helpers.ts';

/** A clock the test moves by hand. Starts at 2026-11-22 10:00 China time. */
export class FakeClock implements Clock {
  current = Date.parse('2026-11-22T10:00:00+08:00');
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(iso: string): void {
    this.current = Date.parse(iso);
  }
}

/** An SMS gateway that keeps what it was asked to send, or fails when told to. */
export class RecordingSms implements SmsSender {
  readonly name = 'console' as const;
  readonly sent: SmsMessage[] = [];
  failWith: Error | null = null;
  async send(message: SmsMessage): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.sent.push(message);
  }
  lastCodeFor(phone: string): string {
    const message = this.sent.findLast((m) => m.phone === phone);
    if (!message) throw new Error(`no SMS sent to ${phone}`);
    return message.code;
  }
}

export const PASSWORD = 'Seller2026go';

/** An app on a fresh database with a fake clock and a recording SMS gateway. */
export async function buildAccountApp(env: Record<string, string> = {}, options: BuildAppOptions = {}) {
  const clock = new FakeClock();
  const sms = new RecordingSms();
  const built = await buildTestApp(env, { clock, smsSender: sms, ...options });
  return { ...built, clock, sms };
}

type Headers = Record<string, string>;

/** A signed POST, as the web client sends it. */
export function post(app: App, url: string, body: unknown, headers: Headers = {}, ip = '10.0.0.1') {
  return app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: { ...signedHeaders(url), ...headers },
    remoteAddress: ip,
  });
}

/** A signed GET. */
export function get(app: App, url: string, headers: Headers = {}) {
  return app.inject({ method: 'GET', url, headers: { ...signedHeaders(url), ...headers } });
}

/** Fetches a captcha challenge and solves it, as the browser does before asking for a code. */
export async function solvedCaptcha(app: App): Promise<string> {
  const challenge = (await get(app, '/api/v1/captcha')).json().data;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function requestCode(app: App, clock: Clock, phone: string, type: SmsCodeType, ip?: string) {
  return requestCodeAt(app, { phone, type, ts: Math.floor(clock.now() / 1000) }, ip);
}

/**
 * Asks for a code with the device time `ts` (seconds) and a solved captcha; the sign is made for
 * `signedFor`, the phone itself unless a test forges it. `type` is a number so a test can send a wrong one.
 */
export async function requestCodeAt(
  app: App,
  ask: { phone: string; type: number; ts: number; signedFor?: string },
  ip?: string,
) {
  const { phone, type, ts } = ask;
  const sign = smsCodeSignature(ask.signedFor ?? phone, ts);
  return post(app, '/api/v1/code/', { phone, type, ts, sign, captcha: await solvedCaptcha(app) }, {}, ip);
}

/** Registers a phone through the real calls; returns the session token. */
export async function registerUser(
  ctx: { app: App; clock: Clock; sms: RecordingSms },
  phone: string,
  extra: { inviteCode?: string; password?: string; ip?: string } = {},
): Promise<string> {
  const sent = await requestCode(ctx.app, ctx.clock, phone, 1, extra.ip);
  if (sent.statusCode !== 200) throw new Error(`code: ${sent.body}`);
  const response = await post(ctx.app, '/api/v1/register/', {
    phone,
    code: ctx.sms.lastCodeFor(phone),
    password: extra.password ?? PASSWORD,
    ...(extra.inviteCode ? { inviteCode: extra.inviteCode } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`register: ${response.body}`);
  return response.json().data.token;
}

/** 注销账号 as the seller does it: an SMS code (type 4) to their phone, then the deletion with it; its answer. */
export async function deleteAccount(
  ctx: { app: App; clock: Clock; sms: RecordingSms },
  phone: string,
  token: string,
  ip?: string,
) {
  const sent = await requestCode(ctx.app, ctx.clock, phone, 4, ip);
  if (sent.statusCode !== 200) throw new Error(`code: ${sent.body}`);
  return post(ctx.app, '/api/v1/account/delete', { code: ctx.sms.lastCodeFor(phone) }, auth(token));
}

export function auth(token: string): Headers {
  return { token };
}

/** scrypt at a cost that takes tens of milliseconds, so guesses sent together overlap as in production. */
export const RACE_SCRYPT = '16384,8,1';

/**
 * Sends `count` wrong passwords for a phone and, in the same moment, the right one last, each from
 * its own address as a botnet would; returns the statuses of the guesses and of the right password.
 */
export async function wrongPasswordsAtOnce(ctx: { app: App }, phone: string, count: number) {
  const statuses = await Promise.all(
    Array.from({ length: count + 1 }, (_, i) =>
      post(
        ctx.app,
        '/api/v1/login/',
        { phone, password: i < count ? `Wrong${i}2026go` : PASSWORD },
        {},
        `10.66.${i}.1`,
      ).then((response) => response.statusCode),
    ),
  );
  return { guesses: statuses.slice(0, count), right: statuses[count] };
}

/** Sets a free account's daily limit of one feature, as an operator would in the console. */
export function setFreeLimit(app: App, feature: Feature, limit: number): Promise<void> {
  return setDailyLimit(app.deps.db, 'free', feature, limit, app.deps.clock.now());
}

/**
 * Registers an admin (the phone must be in ADMIN_PHONES) and binds an authenticator; `code()` gives
 * a fresh, unused code, moving the fake clock on a step as an operator would wait for the next one.
 */
export async function adminWithTotp(
  ctx: { app: App; clock: FakeClock; sms: RecordingSms },
  phone: string,
  ip = '10.70.0.1',
): Promise<{ token: string; code: () => string }> {
  const token = await registerUser(ctx, phone, { ip });
  const { secret } = (await post(ctx.app, '/api/admin/totp/setup', {}, auth(token))).json().data;
  const bound = await post(
    ctx.app,
    '/api/admin/totp/confirm',
    { code: totpCode(secret, totpStep(ctx.clock.now())) },
    auth(token),
  );
  if (bound.statusCode !== 200) throw new Error(`totp: ${bound.body}`);
  const code = () => {
    ctx.clock.advance(30_000);
    return totpCode(secret, totpStep(ctx.clock.now()));
  };
  return { token, code };
}
