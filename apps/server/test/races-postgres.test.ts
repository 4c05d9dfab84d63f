import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHAT_LIMITS, LOGIN_LIMITS, ORDER_LIMITS, SMS_LIMITS, smsCodeSignature } from '@chuhai/contract';
import {
  auth,
  PASSWORD,
  post,
  RACE_SCRYPT,
  registerUser,
  requestCode,
  solvedCaptcha,
  wrongPasswordsAtOnce,
} from './account-helpers.ts';
import { pay } from './order-helpers.ts';
import { usePostgresApp } from './postgres-app.ts';

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/**
 * Limits that are checked and then written must hold when the requests arrive together: each case
 * fires its requests at once against a real PostgreSQL (10 pooled connections), where nothing
 * serialises them but the app's own locks.
 */
describe('limits under concurrent requests on PostgreSQL', () => {
  const ctx = usePostgresApp({ PASSWORD_SCRYPT: RACE_SCRYPT });

  it('wrong codes: 20 guesses at once get 4 "tries left" answers and no more', async () => {
    const phone = '13600000001';
    await requestCode(ctx().app, ctx().clock, phone, 1, '10.20.0.1');
    const code = ctx().sms.lastCodeFor(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(ctx().app, '/api/v1/register/', { phone, code: wrong, password: PASSWORD }),
      ),
    );
    const statuses = guesses.map((g) => g.statusCode);
    assert.equal(count(statuses, 400), SMS_LIMITS.maxWrongTries - 1, JSON.stringify(statuses));
    assert.equal(count(statuses, 429), 20 - (SMS_LIMITS.maxWrongTries - 1));
    const right = await post(ctx().app, '/api/v1/register/', { phone, code, password: PASSWORD });
    assert.equal(right.statusCode, 429, 'the code is dead after five tries, even the right one');
  });

  it('wrong passwords: of 20 at once and the right one sent with them, at most 5 are checked', async () => {
    const phone = '13600000009';
    await registerUser(ctx(), phone, { ip: '10.20.0.9' });
    const { guesses, right } = await wrongPasswordsAtOnce(ctx(), phone, 20);
    assert.ok(count(guesses, 400) <= LOGIN_LIMITS.wrongPasswordsPerPhone - 1, JSON.stringify(guesses));
    assert.equal(count(guesses, 429), 20 - count(guesses, 400));
    // Which requests reach the hash first is up to the scheduler: the right password may be checked
    // (and let in) before the fifth wrong one is counted, or refused with the rest; either way no
    // more than 5 passwords were tried.
    assert.ok(right === 200 || right === 429, String(right));
    assert.ok(count(guesses, 400) + (right === 200 ? 1 : 0) <= LOGIN_LIMITS.wrongPasswordsPerPhone);
  });

  it('SMS sends: 10 at once to one number send one; 30 at once from one address send 20', async () => {
    const ts = Math.floor(ctx().clock.now() / 1000);
    const ask = async (phone: string, ip: string) => {
      const captcha = await solvedCaptcha(ctx().app);
      return post(
        ctx().app,
        '/api/v1/code/',
        { phone, type: 1, ts, sign: smsCodeSignature(phone, ts), captcha },
        {},
        ip,
      );
    };
    const samePhone = await Promise.all(
      Array.from({ length: 10 }, (_, i) => ask('13600000002', `10.21.0.${i + 1}`)),
    );
    assert.equal(
      count(
        samePhone.map((r) => r.statusCode),
        200,
      ),
      1,
    );
    const sameIp = await Promise.all(
      Array.from({ length: 30 }, (_, i) => ask(`1360001${String(i).padStart(4, '0')}`, '10.22.0.1')),
    );
    assert.equal(
      count(
        sameIp.map((r) => r.statusCode),
        200,
      ),
      SMS_LIMITS.perIpPerHour,
    );
  });

  it('prompt tags: 10 creates at once on 48 tags stop at 50', async () => {
    const token = await registerUser(ctx(), '13600000003', { ip: '10.23.0.1' });
    for (let i = 0; i < CHAT_LIMITS.tagsPerUser - 2; i += 1)
      await post(
        ctx().app,
        '/api/v1/creatMsgTag',
        { msgTagTitleName: `标签${i}`, prompt: '写标题' },
        auth(token),
      );
    const creates = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(
          ctx().app,
          '/api/v1/creatMsgTag',
          { msgTagTitleName: `并发${i}`, prompt: '写标题' },
          auth(token),
        ),
      ),
    );
    assert.equal(
      count(
        creates.map((c) => c.statusCode),
        200,
      ),
      2,
    );
    const rows = await ctx().app.db.selectFrom('msg_tags').select('id').execute();
    assert.equal(rows.length, CHAT_LIMITS.tagsPerUser);
  });

  it('unpaid orders: 12 orders at once make 5', async () => {
    const token = await registerUser(ctx(), '13600000004', { ip: '10.24.0.1' });
    const orders = await Promise.all(
      Array.from({ length: 12 }, () => pay(ctx().app, token, { productId: 'vip-month', channel: 'sandbox' })),
    );
    assert.equal(
      count(
        orders.map((o) => o.statusCode),
        200,
      ),
      ORDER_LIMITS.pendingPerUser,
    );
    assert.equal(
      count(
        orders.map((o) => o.statusCode),
        429,
      ),
      12 - ORDER_LIMITS.pendingPerUser,
    );
  });
});
