import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SMS_LIMITS, smsCodeSignature } from '@chuhai/contract';
import { ConfigError, loadConfig } from '../src/config.ts';
import { buildAccountApp, post, solvedCaptcha } from './account-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

/** A sign-up code request as nginx passes it on: from nginx's address, with the header it forwards. */
async function codeThroughProxy(ctx: Ctx, phone: string, forwardedFor: string, proxyAddress = '127.0.0.1') {
  const ts = Math.floor(ctx.clock.now() / 1000);
  return post(
    ctx.app,
    '/api/v1/code/',
    { phone, type: 1, ts, sign: smsCodeSignature(phone, ts), captcha: await solvedCaptcha(ctx.app) },
    { 'x-forwarded-for': forwardedFor },
    proxyAddress,
  );
}

/** 30 sign-up codes to 30 numbers from one client that makes up a new address for each. */
async function forgedBurst(
  ctx: Ctx,
  send: (phone: string, forged: string) => Promise<Awaited<ReturnType<typeof post>>>,
) {
  const statuses: number[] = [];
  for (let i = 0; i < 30; i += 1) {
    const response = await send(`1370000${String(i).padStart(4, '0')}`, `198.51.100.${i + 1}`);
    statuses.push(response.statusCode);
    ctx.clock.advance(1000);
  }
  return statuses;
}

describe('client addresses behind a proxy (TRUST_PROXY)', () => {
  describe('TRUST_PROXY=true: the nginx on this machine', () => {
    let ctx: Ctx;
    before(async () => {
      ctx = await buildAccountApp({ TRUST_PROXY: 'true' });
    });
    after(() => ctx.close());

    it('a client reaching the app port directly cannot choose its address', async () => {
      // From an address that is not loopback: its X-Forwarded-For is ignored, so the limit holds.
      const statuses = await forgedBurst(ctx, (phone, forged) =>
        codeThroughProxy(ctx, phone, forged, '203.0.113.70'),
      );
      assert.equal(statuses.filter((s) => s === 200).length, SMS_LIMITS.perIpPerHour);
      ctx.clock.advance(3_600_000);
    });

    it('a forwarded value that is not an IP address is refused, never stored', async () => {
      for (const junk of ['<script>', 'unknown', '999.1.1.1', '10.0.0.1 x']) {
        const response = await codeThroughProxy(ctx, '13700007777', junk);
        assert.equal(response.statusCode, 400, junk);
        assert.match(response.json().msg, /无法识别客户端地址/);
      }
    });

    it('a client prepending made-up addresses still counts as itself', async () => {
      // nginx's old `$proxy_add_x_forwarded_for` appends the real address after whatever the client sent.
      const statuses = await forgedBurst(ctx, (phone, forged) =>
        codeThroughProxy(ctx, phone, `${forged}, 203.0.113.7`),
      );
      assert.equal(statuses.filter((s) => s === 200).length, SMS_LIMITS.perIpPerHour);
      assert.deepEqual(statuses.slice(SMS_LIMITS.perIpPerHour), Array(10).fill(429));
      // Another real client behind the same nginx is not held up by the first one.
      assert.equal((await codeThroughProxy(ctx, '13700009999', '203.0.113.8')).statusCode, 200);
    });
  });

  describe('TRUST_PROXY=<the proxy’s address>', () => {
    let ctx: Ctx;
    before(async () => {
      ctx = await buildAccountApp({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' });
    });
    after(() => ctx.close());

    it('believes the header only from the proxy; a client connecting directly cannot name an address', async () => {
      const statuses = await forgedBurst(ctx, (phone, forged) =>
        codeThroughProxy(ctx, phone, forged, '203.0.113.50'),
      );
      assert.equal(statuses.filter((s) => s === 200).length, SMS_LIMITS.perIpPerHour);
      const viaProxy = await codeThroughProxy(ctx, '13700008888', '203.0.113.51', '10.1.2.3');
      assert.equal(viaProxy.statusCode, 200, 'the proxy’s word is taken for its own clients');
    });
  });

  describe('TRUST_PROXY unset', () => {
    let ctx: Ctx;
    before(async () => {
      ctx = await buildAccountApp();
    });
    after(() => ctx.close());

    it('ignores the header entirely', async () => {
      const statuses = await forgedBurst(ctx, (phone, forged) =>
        codeThroughProxy(ctx, phone, forged, '203.0.113.60'),
      );
      assert.equal(statuses.filter((s) => s === 429).length, 30 - SMS_LIMITS.perIpPerHour);
    });
  });

  it('reads hop counts and address lists, and names TRUST_PROXY when it is neither', () => {
    const trust = (value: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).trustProxy;
    assert.equal(trust('false'), false);
    assert.deepEqual(trust('true'), ['127.0.0.1', '::1']);
    assert.equal(trust('1'), 1);
    assert.equal(trust('2'), 2);
    assert.deepEqual(trust('127.0.0.1, ::1, 172.16.0.0/12'), ['127.0.0.1', '::1', '172.16.0.0/12']);
    for (const bad of ['maybe', '10.0.0.0/40', '*', 'nginx.local']) {
      assert.throws(
        () => trust(bad),
        (error: Error) => error instanceof ConfigError && /TRUST_PROXY/.test(error.message),
      );
    }
  });
});
