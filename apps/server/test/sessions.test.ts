import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAY_IN_MS, SESSION_LIMITS } from '@chuhai/contract';
import { deviceLabel, maskIp } from '../src/modules/account/device-label.ts';
import { auth, buildAccountApp, get, PASSWORD, post, registerUser } from './account-helpers.ts';
import { tempDir } from './helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const WECHAT_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50';

function loginFrom(ctx: Ctx, phone: string, userAgent: string, ip: string) {
  return post(ctx.app, '/api/v1/login/', { phone, password: PASSWORD }, { 'user-agent': userAgent }, ip);
}

describe('登录设备 and session lifetime', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildAccountApp();
  });
  after(() => ctx.close());

  it('lists where the account is signed in, this device first, with browser and masked address', async () => {
    const phone = '13500001001';
    await registerUser(ctx, phone, { ip: '10.30.0.1' });
    const office = (await loginFrom(ctx, phone, CHROME_WINDOWS, '203.0.113.7')).json().data.token;
    const phoneApp = (await loginFrom(ctx, phone, WECHAT_IPHONE, '198.51.100.23')).json().data.token;
    const devices = (await get(ctx.app, '/api/v1/sessions', auth(phoneApp))).json().data;
    assert.equal(devices.length, 3, 'registration, office and phone');
    assert.deepEqual(
      { device: devices[0].device, ip: devices[0].ip, current: devices[0].current },
      { device: '微信 · iPhone', ip: '198.51.100.*', current: true },
    );
    const officeRow = devices.find((d: { ip: string }) => d.ip === '203.0.113.*');
    assert.equal(officeRow.device, 'Chrome · Windows');
    assert.equal(officeRow.current, false);

    // Sign the office out from the phone: its token stops working at once.
    const one = await post(ctx.app, '/api/v1/sessions/revoke', { id: officeRow.id }, auth(phoneApp));
    assert.equal(one.statusCode, 200, one.body);
    assert.equal((await get(ctx.app, '/api/v1/info', auth(office))).json().code, 400002);
    assert.equal(
      (await post(ctx.app, '/api/v1/sessions/revoke', { id: devices[0].id }, auth(phoneApp))).statusCode,
      400,
    );

    // Someone else's session id is not found, and stays signed in.
    const stranger = await registerUser(ctx, '13500001002', { ip: '10.30.0.2' });
    const theirId = (await get(ctx.app, '/api/v1/sessions', auth(stranger))).json().data[0].id;
    assert.equal(
      (await post(ctx.app, '/api/v1/sessions/revoke', { id: theirId }, auth(phoneApp))).statusCode,
      404,
    );
    assert.equal((await get(ctx.app, '/api/v1/info', auth(stranger))).statusCode, 200);

    const all = await post(ctx.app, '/api/v1/sessions/revoke', { all: true }, auth(phoneApp));
    assert.equal(all.json().data.revoked, 1, 'the registration session');
    assert.equal((await get(ctx.app, '/api/v1/sessions', auth(phoneApp))).json().data.length, 1);
    assert.equal((await get(ctx.app, '/api/v1/info', auth(phoneApp))).statusCode, 200);
  });

  it(`ends a session ${SESSION_LIMITS.absoluteMs / DAY_IN_MS} days after sign-in, however active`, async () => {
    const token = await registerUser(ctx, '13500001003', { ip: '10.30.0.3' });
    for (let day = 1; day < SESSION_LIMITS.absoluteMs / DAY_IN_MS; day += 1) {
      ctx.clock.advance(DAY_IN_MS);
      assert.equal((await get(ctx.app, '/api/v1/info', auth(token))).statusCode, 200, `day ${day}`);
    }
    ctx.clock.advance(DAY_IN_MS);
    assert.equal((await get(ctx.app, '/api/v1/info', auth(token))).json().code, 400003);
  });

  it('names browsers and hides the last part of an address', () => {
    assert.equal(deviceLabel(CHROME_WINDOWS), 'Chrome · Windows');
    assert.equal(deviceLabel(''), '未知设备');
    assert.equal(maskIp('::ffff:203.0.113.9'), '203.0.113.*');
    assert.equal(maskIp('2400:3200:1:2::1'), '2400:3200:…');
  });
});

describe('password hashes follow the configured cost', () => {
  it('rewrites a hash made at an older cost when its owner logs in', async () => {
    const data = tempDir('rehash');
    const phone = '13500001004';
    try {
      const before = await buildAccountApp({ DATA_DIR: data.dir });
      await registerUser(before, phone, { ip: '10.31.0.1' });
      const stored = async (ctx: Ctx) =>
        (
          await ctx.app.db
            .selectFrom('users')
            .select('password_hash')
            .where('phone', '=', phone)
            .executeTakeFirst()
        )?.password_hash;
      assert.match((await stored(before)) ?? '', /^scrypt\$16384\$8\$1\$/);
      await before.close();

      const after = await buildAccountApp({ DATA_DIR: data.dir, PASSWORD_SCRYPT: '32768,8,3' });
      try {
        assert.equal(
          (await post(after.app, '/api/v1/login/', { phone, password: 'wrong-pass-1' })).statusCode,
          400,
        );
        assert.match((await stored(after)) ?? '', /^scrypt\$16384\$/, 'a wrong password changes nothing');
        assert.equal(
          (await post(after.app, '/api/v1/login/', { phone, password: PASSWORD })).statusCode,
          200,
        );
        assert.match((await stored(after)) ?? '', /^scrypt\$32768\$8\$3\$/);
        assert.equal(
          (await post(after.app, '/api/v1/login/', { phone, password: PASSWORD })).statusCode,
          200,
        );
      } finally {
        await after.close();
      }
    } finally {
      data.remove();
    }
  });
});
