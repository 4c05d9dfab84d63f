import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { totpCode, totpStep } from '../src/lib/totp.ts';
import { auth, buildAccountApp, get, post, registerUser } from './account-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;
const FIRST = '13700003001';
const SECOND = '13700003002';

/** An authenticator as the operator's phone holds it: a fresh code each step (the clock moves on). */
function authenticator(ctx: Ctx, secret: string) {
  return () => {
    ctx.clock.advance(30_000);
    return totpCode(secret, totpStep(ctx.clock.now()));
  };
}

async function bind(ctx: Ctx, token: string, currentCode?: string) {
  const setup = await post(
    ctx.app,
    '/api/admin/totp/setup',
    currentCode ? { code: currentCode } : {},
    auth(token),
  );
  if (setup.statusCode !== 200) return { setup, code: null };
  const code = authenticator(ctx, setup.json().data.secret);
  const confirmed = await post(ctx.app, '/api/admin/totp/confirm', { code: code() }, auth(token));
  assert.equal(confirmed.statusCode, 200, confirmed.body);
  return { setup, code };
}

async function auditActions(ctx: Ctx, token: string): Promise<string[]> {
  const page = (await get(ctx.app, '/api/admin/audit?pageSize=50', auth(token))).json().data;
  return page.list.map((row: { action: string }) => row.action);
}

/** Two-factor that a stolen admin session alone cannot replace, guess or go around. */
describe('运营后台: two-factor', () => {
  let ctx: Ctx;
  let first: string;
  let second: string;
  let firstCode: () => string;
  let secondCode: () => string;
  let sellerId: number;
  before(async () => {
    ctx = await buildAccountApp({ ADMIN_PHONES: `${FIRST},${SECOND}` });
    first = await registerUser(ctx, FIRST, { ip: '10.80.0.1' });
    second = await registerUser(ctx, SECOND, { ip: '10.80.0.2' });
    await registerUser(ctx, '13700003003', { ip: '10.80.0.3' });
    sellerId = (await get(ctx.app, '/api/admin/users?keyword=13700003003', auth(first))).json().data.list[0]
      .id;
    firstCode = (await bind(ctx, first)).code as () => string;
    secondCode = (await bind(ctx, second)).code as () => string;
  });
  after(() => ctx.close());

  it('a bound authenticator is replaced only with a code from it', async () => {
    const bare = await post(ctx.app, '/api/admin/totp/setup', {}, auth(first));
    assert.equal(bare.statusCode, 403);
    assert.match(bare.json().msg, /重新绑定要先输入当前验证器/);
    const wrong = await post(ctx.app, '/api/admin/totp/setup', { code: '000000' }, auth(first));
    assert.equal(wrong.statusCode, 400);
    // The thief's confirm has no pending secret to bind.
    assert.equal(
      (await post(ctx.app, '/api/admin/totp/confirm', { code: '123456' }, auth(first))).statusCode,
      400,
    );

    const rebound = await bind(ctx, first, firstCode());
    assert.equal(rebound.setup.statusCode, 200);
    firstCode = rebound.code as () => string;
    const grant = await post(
      ctx.app,
      `/api/admin/users/${sellerId}/vip`,
      { days: 1, reason: '新验证器', totp: firstCode() },
      auth(first),
    );
    assert.equal(grant.statusCode, 200, 'the new authenticator works');
    assert.ok((await auditActions(ctx, first)).filter((a) => a === 'totp.bind').length >= 3);
  });

  it('the fifth wrong code locks money actions for 15 minutes, even the right code, and is audited', async () => {
    const grant = (totp: string) =>
      post(ctx.app, `/api/admin/users/${sellerId}/vip`, { days: 1, reason: '试一试', totp }, auth(second));
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await grant(String(100000 + i))).statusCode);
    assert.deepEqual(statuses.slice(0, 4), [400, 400, 400, 400]);
    assert.deepEqual(statuses.slice(4), Array(26).fill(429));
    const right = await grant(secondCode());
    assert.equal(right.statusCode, 429);
    assert.match(right.json().msg, /已锁定/);
    assert.ok(right.json().data.retryAfter > 14 * 60);
    // Rebinding is a two-factor action too: the lock holds it back.
    assert.equal(
      (await post(ctx.app, '/api/admin/totp/setup', { code: secondCode() }, auth(second))).statusCode,
      429,
    );
    assert.ok((await auditActions(ctx, second)).includes('totp.lock'));

    ctx.clock.advance(15 * 60_000);
    assert.equal((await grant(secondCode())).statusCode, 200, 'the lock ends after 15 minutes');
  });

  it('a lost authenticator is reset by another admin with their own code, audited; never by oneself', async () => {
    const self = await post(
      ctx.app,
      `/api/admin/users/${await idOf(FIRST)}/totp-reset`,
      { totp: firstCode() },
      auth(first),
    );
    assert.equal(self.statusCode, 400);
    const noCode = await post(
      ctx.app,
      `/api/admin/users/${await idOf(SECOND)}/totp-reset`,
      { totp: '000000' },
      auth(first),
    );
    assert.equal(noCode.statusCode, 400);
    const reset = await post(
      ctx.app,
      `/api/admin/users/${await idOf(SECOND)}/totp-reset`,
      { totp: firstCode() },
      auth(first),
    );
    assert.equal(reset.statusCode, 200, reset.body);
    assert.equal((await get(ctx.app, '/api/admin/me', auth(second))).json().data.totpBound, false);
    assert.ok((await auditActions(ctx, first)).includes('totp.reset'));
    // The reset operator binds a new authenticator as the first time, without a code.
    const fresh = await bind(ctx, second);
    assert.equal(fresh.setup.statusCode, 200);
  });

  async function idOf(phone: string): Promise<number> {
    return (await get(ctx.app, `/api/admin/users?keyword=${phone}`, auth(first))).json().data.list[0].id;
  }
});
