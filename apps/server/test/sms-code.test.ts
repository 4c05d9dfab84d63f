import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { SMS_LIMITS, smsCodeSignature } from '@chuhai/contract';
import { createConsoleSender } from '../src/providers/sms/console-sender.ts';
import { SmsSendError } from '../src/providers/sms/sms-sender.ts';
import {
  buildAccountApp,
  get,
  post,
  registerUser,
  requestCode,
  requestCodeAt,
  solvedCaptcha,
} from './account-helpers.ts';

describe('POST /api/v1/code/', () => {
  let ctx: Awaited<ReturnType<typeof buildAccountApp>>;
  before(async () => {
    ctx = await buildAccountApp();
  });
  after(() => ctx.close());
  beforeEach(async () => {
    ctx.sms.failWith = null;
    ctx.clock.advance(24 * 3_600_000);
    await ctx.app.db.deleteFrom('sms_codes').execute();
  });

  it('sends a 6-digit code and stores only its hash', async () => {
    const response = await requestCode(ctx.app, ctx.clock, '13800000001', 1);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json().data, { resendAfter: 60, expiresIn: 300 });
    const code = ctx.sms.lastCodeFor('13800000001');
    assert.match(code, /^\d{6}$/);
    const row = await ctx.app.db.selectFrom('sms_codes').selectAll().executeTakeFirstOrThrow();
    assert.notEqual(row.code_hash, code);
    assert.ok(!JSON.stringify(row).includes(code));
    assert.equal(row.expires_at - row.created_at, SMS_LIMITS.validForMs);
  });

  it('rejects a forged sign and a timestamp more than 300 s away', async () => {
    const ts = Math.floor(ctx.clock.now() / 1000);
    const forged = await requestCodeAt(ctx.app, {
      phone: '13800000002',
      type: 1,
      ts,
      signedFor: '13800000003',
    });
    assert.equal(forged.statusCode, 400);
    assert.match(forged.json().msg, /签名无效/);

    const old = await requestCodeAt(ctx.app, { phone: '13800000002', type: 1, ts: ts - 301 });
    assert.equal(old.statusCode, 400);
    assert.match(old.json().msg, /设备时间/);

    const fine = await requestCodeAt(ctx.app, { phone: '13800000002', type: 1, ts: ts + 300 });
    assert.equal(fine.statusCode, 200);
    assert.equal(ctx.sms.sent.filter((m) => m.phone === '13800000003').length, 0);
  });

  it('names the problem with a bad phone or type', async () => {
    const badPhone = await requestCode(ctx.app, ctx.clock, '12345', 1);
    assert.equal(badPhone.statusCode, 400);
    assert.equal(badPhone.json().msg, '请输入正确的 11 位手机号');
    const ts = Math.floor(ctx.clock.now() / 1000);
    const badType = await requestCodeAt(ctx.app, { phone: '13800000004', type: 9, ts });
    assert.equal(badType.statusCode, 400);
    assert.equal(badType.json().msg, '验证码类型的取值不在允许范围内');
  });

  it('refuses a register code for a registered phone and a login code for an unknown one', async () => {
    await registerUser(ctx, '13800000005');
    ctx.clock.advance(61_000);
    const again = await requestCode(ctx.app, ctx.clock, '13800000005', 1);
    assert.equal(again.statusCode, 400);
    assert.equal(again.json().msg, '该手机号已注册，请直接登录');
    const unknown = await requestCode(ctx.app, ctx.clock, '13800000006', 2);
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json().msg, '该手机号尚未注册，请先注册');
  });

  it('waits 60 s between sends to one phone, answering 429 with the seconds left', async () => {
    assert.equal((await requestCode(ctx.app, ctx.clock, '13800000007', 1)).statusCode, 200);
    ctx.clock.advance(20_000);
    const early = await requestCode(ctx.app, ctx.clock, '13800000007', 1);
    assert.equal(early.statusCode, 429);
    assert.equal(early.json().data.retryAfter, 40);
    assert.equal(early.headers['retry-after'], '40');
    assert.match(early.json().msg, /40 秒后/);
    ctx.clock.advance(40_000);
    assert.equal((await requestCode(ctx.app, ctx.clock, '13800000007', 1)).statusCode, 200);
  });

  it('sends at most 10 codes a day to one phone, counting the day in China time', async () => {
    ctx.clock.set('2026-12-01T08:00:00+08:00');
    for (let i = 0; i < SMS_LIMITS.perPhonePerDay; i++) {
      const response = await requestCode(ctx.app, ctx.clock, '13800000008', 1, `10.1.0.${i}`);
      assert.equal(response.statusCode, 200, response.body);
      ctx.clock.advance(61_000);
    }
    const over = await requestCode(ctx.app, ctx.clock, '13800000008', 1, '10.1.1.1');
    assert.equal(over.statusCode, 429);
    assert.match(over.json().msg, /今日获取验证码次数已达上限/);
    const untilMidnight = (Date.parse('2026-12-02T00:00:00+08:00') - ctx.clock.now()) / 1000;
    assert.equal(over.json().data.retryAfter, Math.ceil(untilMidnight));
    ctx.clock.set('2026-12-02T00:00:01+08:00');
    assert.equal((await requestCode(ctx.app, ctx.clock, '13800000008', 1, '10.1.1.1')).statusCode, 200);
  });

  it('sends at most 20 codes an hour from one IP', async () => {
    await registerUser(ctx, '13900008888', { ip: '10.2.9.9' });
    for (let i = 0; i < SMS_LIMITS.perIpPerHour; i++) {
      const response = await requestCode(
        ctx.app,
        ctx.clock,
        `1390000${String(i).padStart(4, '0')}`,
        1,
        '10.2.0.1',
      );
      assert.equal(response.statusCode, 200, response.body);
      ctx.clock.advance(60_000);
    }
    const over = await requestCode(ctx.app, ctx.clock, '13900009999', 1, '10.2.0.1');
    assert.equal(over.statusCode, 429);
    assert.match(over.json().msg, /当前网络/);
    // The first send was 20 minutes ago: it leaves the one-hour window in 40 minutes.
    assert.equal(over.json().data.retryAfter, 40 * 60);
    // Past the limit the answer no longer tells a registered number from a new one.
    const registered = await requestCode(ctx.app, ctx.clock, '13900008888', 1, '10.2.0.1');
    assert.equal(registered.statusCode, 429);
    assert.doesNotMatch(registered.json().msg, /已注册/);
    const otherIp = await requestCode(ctx.app, ctx.clock, '13900009999', 1, '10.2.0.2');
    assert.equal(otherIp.statusCode, 200);
  });

  it('says clearly when the gateway fails, and the failure does not count', async () => {
    // The operator's trouble (balance, signature, raw gateway text) is logged, never shown.
    ctx.sms.failWith = new SmsSendError('阿里云短信拒绝发送（isv.AMOUNT_NOT_ENOUGH：账户余额不足）');
    const failed = await requestCode(ctx.app, ctx.clock, '13800000009', 1);
    assert.equal(failed.statusCode, 503);
    assert.equal(failed.json().msg, '验证码发送失败，短信服务暂时不可用，请稍后再试');
    ctx.sms.failWith = new SmsSendError('该手机号接收短信过于频繁', { aboutTheNumber: true });
    const aboutTheNumber = await requestCode(ctx.app, ctx.clock, '13800000009', 1);
    assert.equal(aboutTheNumber.json().msg, '验证码发送失败：该手机号接收短信过于频繁');
    assert.equal(await ctx.app.db.selectFrom('sms_codes').select('id').executeTakeFirst(), undefined);
    ctx.sms.failWith = null;
    const retried = await requestCode(ctx.app, ctx.clock, '13800000009', 1);
    assert.equal(retried.statusCode, 200, 'no 60-second wait after a failed send');
  });

  describe('the proof-of-work before a send', () => {
    const body = (phone: string, captcha?: string) => {
      const ts = Math.floor(ctx.clock.now() / 1000);
      return { phone, type: 1, ts, sign: smsCodeSignature(phone, ts), ...(captcha ? { captcha } : {}) };
    };

    it('sends nothing without a solved, fresh, unused challenge', async () => {
      const before = ctx.sms.sent.length;
      const missing = await post(ctx.app, '/api/v1/code/', body('13800000031'), {}, '10.5.0.1');
      assert.equal(missing.statusCode, 400);
      const garbage = await post(
        ctx.app,
        '/api/v1/code/',
        body('13800000031', 'bm90IGEgY2FwdGNoYQ=='),
        {},
        '10.5.0.1',
      );
      assert.match(garbage.json().msg, /人机验证未通过/);

      // A made-up answer to a real challenge.
      const challenge = (await get(ctx.app, '/api/v1/captcha')).json().data;
      const guessed = Buffer.from(
        JSON.stringify({ challenge, solution: { counter: 1, derivedKey: '00'.repeat(32) } }),
      ).toString('base64');
      assert.match(
        (await post(ctx.app, '/api/v1/code/', body('13800000031', guessed), {}, '10.5.0.1')).json().msg,
        /人机验证/,
      );

      // A challenge whose signed parameters were changed to make it cheaper.
      const solved = JSON.parse(Buffer.from(await solvedCaptcha(ctx.app), 'base64').toString());
      solved.challenge.parameters.cost = 0;
      const cheapened = Buffer.from(JSON.stringify(solved)).toString('base64');
      assert.equal(
        (await post(ctx.app, '/api/v1/code/', body('13800000031', cheapened), {}, '10.5.0.1')).statusCode,
        400,
      );

      // One solution buys one send; a stale one buys nothing.
      const once = await solvedCaptcha(ctx.app);
      assert.equal(
        (await post(ctx.app, '/api/v1/code/', body('13800000031', once), {}, '10.5.0.1')).statusCode,
        200,
      );
      const replay = await post(ctx.app, '/api/v1/code/', body('13800000032', once), {}, '10.5.0.1');
      assert.match(replay.json().msg, /人机验证/);
      const stale = await solvedCaptcha(ctx.app);
      ctx.clock.advance(11 * 60_000);
      assert.match(
        (await post(ctx.app, '/api/v1/code/', body('13800000033', stale), {}, '10.5.0.1')).json().msg,
        /已过期/,
      );
      assert.equal(ctx.sms.sent.length, before + 1);
    });
  });
});

describe('console SMS gateway', () => {
  it('writes one log line that names the phone and the code', async () => {
    const lines: Array<{ obj: unknown; msg: string }> = [];
    const log = { info: (obj: unknown, msg: string) => lines.push({ obj, msg }) };
    const sender = createConsoleSender(log as never);
    await sender.send({ phone: '13812345678', code: '042917', type: 2, validMinutes: 5 });
    assert.equal(lines.length, 1);
    assert.match(lines[0]?.msg ?? '', /手机号 13812345678 验证码 042917，用于登录，5 分钟内有效/);
  });
});

describe('the daily SMS budget (SMS_DAILY_BUDGET)', () => {
  it('stops every send for the rest of the China-time day once it is spent, and says so in the log', async () => {
    const lines: string[] = [];
    const ctx = await buildAccountApp(
      { SMS_DAILY_BUDGET: '3' },
      { logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } },
    );
    try {
      for (let i = 0; i < 3; i += 1)
        assert.equal(
          (await requestCode(ctx.app, ctx.clock, `1380000004${i}`, 1, `10.5.1.${i}`)).statusCode,
          200,
        );
      const over = await requestCode(ctx.app, ctx.clock, '13800000049', 1, '10.5.1.9');
      assert.equal(over.statusCode, 503);
      assert.match(over.json().msg, /今日发送量已达上限/);
      assert.equal(ctx.sms.sent.length, 3);
      assert.ok(
        lines.some((line) => line.includes('SMS daily budget reached')),
        'an error line for the operator',
      );
      ctx.clock.advance(24 * 3_600_000);
      assert.equal((await requestCode(ctx.app, ctx.clock, '13800000049', 1, '10.5.1.9')).statusCode, 200);
    } finally {
      await ctx.close();
    }
  });
});
