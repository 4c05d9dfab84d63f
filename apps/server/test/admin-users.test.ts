import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAY_IN_MS } from '@chuhai/contract';
import { totpCode, totpStep } from '../src/lib/totp.ts';
import { refundUse, takeUse } from '../src/modules/entitlement/service.ts';
import { auth, buildAccountApp, get, PASSWORD, post, registerUser } from './account-helpers.ts';
import { signedHeaders } from './helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;
const ADMIN = '13700000001';

/** Every `/api/admin/*` route the app serves, as [method, url with sample params]. */
function adminRoutes(ctx: Ctx): [string, string][] {
  return ctx.app.staffRouteList.map((route) => [
    route.method,
    route.url.replace(':id', '1').replace(':orderNo', 'CH1'),
  ]);
}

describe('运营后台: roles, two-factor, users, audit', () => {
  let ctx: Ctx;
  let admin: string;
  let seller: string;
  let sellerId: number;
  let secret: string;
  const code = (offsetSteps = 0) => totpCode(secret, totpStep(ctx.clock.now()) + offsetSteps);
  before(async () => {
    ctx = await buildAccountApp({ ADMIN_PHONES: ADMIN });
    admin = await registerUser(ctx, ADMIN, { ip: '10.50.0.1' });
    seller = await registerUser(ctx, '13700000002', { ip: '10.50.0.2' });
    sellerId = (await get(ctx.app, '/api/admin/users?keyword=13700000002', auth(admin))).json().data.list[0]
      .id;
  });
  after(() => ctx.close());

  it('answers 403 to a seller and 401 to a visitor on every admin route', async () => {
    const routes = adminRoutes(ctx);
    assert.ok(routes.length >= 9, JSON.stringify(routes));
    for (const [method, url] of routes) {
      const asSeller = await ctx.app.inject({
        method: method as 'GET',
        url,
        headers: { ...auth(seller), ...signedHeaders(url) },
      });
      assert.equal(asSeller.statusCode, 403, `${method} ${url}`);
      assert.equal(asSeller.json().data, null, 'nothing leaks');
      const anonymous = await ctx.app.inject({ method: method as 'GET', url, headers: signedHeaders(url) });
      assert.equal(anonymous.statusCode, 401, `${method} ${url}`);
    }
  });

  it('ADMIN_PHONES makes the first admin; money needs a bound authenticator and a fresh code', async () => {
    assert.deepEqual((await get(ctx.app, '/api/admin/me', auth(admin))).json().data.role, 'admin');
    const noTotp = await post(
      ctx.app,
      `/api/admin/users/${sellerId}/vip`,
      { days: 30, reason: '补偿', totp: '123456' },
      auth(admin),
    );
    assert.equal(noTotp.statusCode, 403);
    assert.match(noTotp.json().msg, /绑定验证器/);

    const setup = (await post(ctx.app, '/api/admin/totp/setup', {}, auth(admin))).json().data;
    assert.match(setup.otpauthUri, /^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    secret = setup.secret;
    assert.equal(
      (await post(ctx.app, '/api/admin/totp/confirm', { code: '000000' }, auth(admin))).statusCode,
      400,
    );
    assert.equal(
      (await post(ctx.app, '/api/admin/totp/confirm', { code: code() }, auth(admin))).statusCode,
      200,
    );
    assert.equal((await get(ctx.app, '/api/admin/me', auth(admin))).json().data.totpBound, true);

    ctx.clock.advance(30_000);
    const now = ctx.clock.now();
    const granted = await post(
      ctx.app,
      `/api/admin/users/${sellerId}/vip`,
      { days: 30, reason: '活动补偿', totp: code() },
      auth(admin),
    );
    assert.equal(granted.statusCode, 200, granted.body);
    assert.equal(granted.json().data.vipEndAt, now + 30 * DAY_IN_MS);
    const replay = await post(
      ctx.app,
      `/api/admin/users/${sellerId}/vip`,
      { days: 30, reason: '再来一次', totp: code() },
      auth(admin),
    );
    assert.match(replay.json().msg, /已经用过/, 'a code works once');

    ctx.clock.advance(30_000);
    const taken = await post(
      ctx.app,
      `/api/admin/users/${sellerId}/vip`,
      { days: -10, reason: '误操作更正', totp: code() },
      auth(admin),
    );
    assert.equal(taken.json().data.vipEndAt, now + 20 * DAY_IN_MS);
    const detail = (await get(ctx.app, `/api/admin/users/${sellerId}`, auth(admin))).json().data;
    assert.equal(detail.vip[0].levelEndAt, now + 20 * DAY_IN_MS);
    assert.equal(detail.user.phone, '13700000002');
    // One use, then one given back after a provider failure: both lines in the ledger, newest first.
    const ticket = await takeUse(ctx.app.deps, sellerId, 'chat');
    await refundUse(ctx.app.deps, ticket);
    const withLedger = (await get(ctx.app, `/api/admin/users/${sellerId}`, auth(admin))).json().data;
    assert.deepEqual(
      withLedger.ledger.map((e: { feature: string; delta: number }) => [e.feature, e.delta]),
      [
        ['chat', -1],
        ['chat', 1],
      ],
    );
    const adminInvite = (await get(ctx.app, '/api/v1/info', auth(admin))).json().data.inviteCode;
    await registerUser(ctx, '13700000009', { ip: '10.50.0.9', inviteCode: adminInvite });
    const adminId = (await get(ctx.app, '/api/admin/me', auth(admin))).json().data.userId;
    const inviter = (await get(ctx.app, `/api/admin/users/${adminId}`, auth(admin))).json().data;
    assert.deepEqual(
      inviter.invitations.map((i: { phone: string; eventName: string; rewardDays: number }) => [
        i.phone,
        i.eventName,
        i.rewardDays,
      ]),
      [['137****0009', '好友注册', 3]],
    );
  });

  it('the user list says who is VIP now and until when', async () => {
    await registerUser(ctx, '13700000010', { ip: '10.50.0.10' });
    const listed = async () => {
      const page = (await get(ctx.app, '/api/admin/users', auth(admin))).json().data;
      return new Map<string, number | null>(
        page.list.map((u: { phone: string; vipEndAt: number | null }) => [u.phone, u.vipEndAt]),
      );
    };
    const detail = (await get(ctx.app, `/api/admin/users/${sellerId}`, auth(admin))).json().data;
    const vipEnd = detail.vip[0].levelEndAt;
    let rows = await listed();
    // Granted 30 days by the console and 10 taken back, as the detail says.
    assert.equal(rows.get('13700000002'), vipEnd);
    assert.equal(detail.user.vipEndAt, vipEnd);
    // Invited: one day on registering.
    const invitee = rows.get('13700000009');
    assert.ok(typeof invitee === 'number' && invitee > ctx.clock.now(), String(invitee));
    assert.equal(rows.get('13700000010'), null, 'never VIP');

    ctx.clock.advance(2 * DAY_IN_MS);
    rows = await listed();
    assert.equal(rows.get('13700000009'), null, 'the invitation day is over');
    assert.equal(rows.get('13700000002'), vipEnd);
  });

  it('a disabled account is signed out and cannot sign in until enabled again', async () => {
    assert.equal(
      (
        await post(
          ctx.app,
          `/api/admin/users/${sellerId}/disable`,
          { disabled: true, reason: '刷单' },
          auth(admin),
        )
      ).statusCode,
      200,
    );
    assert.equal((await get(ctx.app, '/api/v1/info', auth(seller))).json().code, 400002);
    const refused = await post(ctx.app, '/api/v1/login/', { phone: '13700000002', password: PASSWORD });
    assert.equal(refused.statusCode, 403);
    assert.match(refused.json().msg, /已被停用/);
    await post(
      ctx.app,
      `/api/admin/users/${sellerId}/disable`,
      { disabled: false, reason: '申诉通过' },
      auth(admin),
    );
    seller = (await post(ctx.app, '/api/v1/login/', { phone: '13700000002', password: PASSWORD })).json().data
      .token;
    assert.ok(seller);
  });

  it('客服 reads users but changes nothing; roles change with two-factor; every action is in the log', async () => {
    ctx.clock.advance(30_000);
    assert.equal(
      (
        await post(
          ctx.app,
          `/api/admin/users/${sellerId}/role`,
          { role: 'support', totp: code() },
          auth(admin),
        )
      ).statusCode,
      200,
    );
    const support = seller;
    assert.equal((await get(ctx.app, '/api/admin/users', auth(support))).statusCode, 200);
    const vip = await post(
      ctx.app,
      `/api/admin/users/${sellerId}/vip`,
      { days: 1, reason: '自己加', totp: '123456' },
      auth(support),
    );
    assert.equal(vip.statusCode, 403);
    assert.equal(
      (await post(ctx.app, `/api/admin/users/1/disable`, { disabled: true, reason: '试试' }, auth(support)))
        .statusCode,
      403,
    );

    const log = (await get(ctx.app, '/api/admin/audit', auth(admin))).json().data;
    assert.deepEqual(
      log.list.map((row: { action: string }) => row.action),
      ['role.change', 'user.enable', 'user.disable', 'vip.take', 'vip.grant', 'totp.bind'],
    );
    const grant = log.list.find((row: { action: string }) => row.action === 'vip.grant');
    assert.equal(grant.actorPhone, ADMIN);
    assert.equal(grant.target, `user:${sellerId}`);
    assert.match(grant.after, /活动补偿/);
    assert.equal(grant.ip, '10.0.0.1');
  });
});
