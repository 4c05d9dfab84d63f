import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAY_IN_MS, ORDER_LIMITS } from '@chuhai/contract';
import { refundOrder } from '../src/modules/order/refunds.ts';
import { decryptResource } from '../src/providers/payment/wechat-pay-crypto.ts';
import { buildAccountApp, registerUser } from './account-helpers.ts';
import { rsaKeys } from './fakes/fake-alipay.ts';
import {
  encryptResource,
  type FakeWechatPay,
  startFakeWechatPay,
  wechatSign,
} from './fakes/fake-wechat-pay.ts';
import { checkOrder, orderPlan } from './order-helpers.ts';

const MCH_ID = '1900000001';
const APP_ID = 'wx0000000000000001';
const API_V3_KEY = 'a'.repeat(16) + 'B'.repeat(16);

describe('微信支付 APIv3 against a fake, with keys the tests generate', () => {
  const merchant = rsaKeys();
  const platform = rsaKeys();
  const stranger = rsaKeys();
  let fake: FakeWechatPay;
  let ctx: Awaited<ReturnType<typeof buildAccountApp>>;
  let token: string;

  const transaction = (orderNo: string, total = 2990, extra: Record<string, unknown> = {}) => ({
    mchid: MCH_ID,
    appid: APP_ID,
    out_trade_no: orderNo,
    transaction_id: `4200${orderNo}`,
    trade_state: 'SUCCESS',
    amount: { total, payer_total: total, currency: 'CNY' },
    ...extra,
  });
  const notification = (plain: unknown, options: { key?: string; signer?: string; skewS?: number } = {}) => {
    const body = JSON.stringify({
      id: 'EV-1',
      create_time: '2026-11-22T10:01:00+08:00',
      event_type: 'TRANSACTION.SUCCESS',
      resource_type: 'encrypt-resource',
      resource: encryptResource(plain, options.key ?? API_V3_KEY),
    });
    const headers = wechatSign(
      body,
      options.signer ?? platform.privateKey,
      Math.floor(ctx.clock.now() / 1000) + (options.skewS ?? 0),
    );
    return { body, headers };
  };
  const notify = (message: { body: string; headers: Record<string, string> }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/pay/notify/wechat',
      headers: { 'content-type': 'application/json', ...message.headers },
      payload: message.body,
    });

  before(async () => {
    let clockNow = () => Date.now();
    fake = await startFakeWechatPay({
      merchantPublicKey: merchant.publicKey,
      platformPrivateKey: platform.privateKey,
      mchId: MCH_ID,
      appId: APP_ID,
      now: () => clockNow(),
    });
    ctx = await buildAccountApp({
      PUBLIC_BASE_URL: 'https://chuhai.example.com',
      WECHAT_PAY_MCH_ID: MCH_ID,
      WECHAT_PAY_APP_ID: APP_ID,
      WECHAT_PAY_PRIVATE_KEY: merchant.privateKey,
      WECHAT_PAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHAT_PAY_API_V3_KEY: API_V3_KEY,
      WECHAT_PAY_PUBLIC_KEY: platform.publicKey,
      WECHAT_PAY_BASE_URL: fake.url,
    });
    clockNow = () => ctx.clock.now();
    token = await registerUser(ctx, '13200000001');
  });
  after(async () => {
    await ctx.close();
    await fake.close();
  });

  it('creates a Native order with a signed request and returns the code_url', async () => {
    const pay = await orderPlan(ctx.app, token, 'vip-month', 'wechat');
    const request = fake.requests.at(-1);
    assert.equal(request?.signatureValid, true);
    assert.deepEqual(request?.body.amount, { total: 2990, currency: 'CNY' });
    assert.equal(request?.body.notify_url, 'https://chuhai.example.com/api/pay/notify/wechat');
    assert.equal(request?.body.appid, APP_ID);
    assert.match(String(request?.body.time_expire), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    assert.equal(pay.qrCode, `weixin://wxpay/bizpayurl?pr=${pay.order.orderNo}`);
  });

  it('a signed, encrypted notification pays the order and gets 204', async () => {
    const pay = await orderPlan(ctx.app, token, 'vip-month', 'wechat');
    const response = await notify(notification(transaction(pay.order.orderNo)));
    assert.equal(response.statusCode, 204);
    const order = (await checkOrder(ctx.app, token, pay.order.orderNo)).data;
    assert.equal(order.status, 'paid');
    assert.equal(order.vipEndAt, ctx.clock.now() + 31 * DAY_IN_MS);
  });

  it('refuses forged, stale, undecryptable, tampered, foreign and wrong-amount notifications', async () => {
    const pay = await orderPlan(ctx.app, token, 'vip-month', 'wechat');
    const orderNo = pay.order.orderNo;
    const good = notification(transaction(orderNo));
    const cases = {
      forged: notification(transaction(orderNo), { signer: stranger.privateKey }),
      stale: notification(transaction(orderNo), { skewS: -301 }),
      wrongKey: notification(transaction(orderNo), { key: 'c'.repeat(32) }),
      tamperedBody: { body: good.body.replace('EV-1', 'EV-2'), headers: good.headers },
      otherMerchant: notification(transaction(orderNo, 2990, { mchid: '1900000999' })),
      wrongAmount: notification(transaction(orderNo, 1)),
    };
    // Signed by the platform key over a timestamp that is not whole seconds: refused all the same.
    const now = Math.floor(ctx.clock.now() / 1000);
    for (const odd of [`${now}.5`, ` ${now}`, `0x${now.toString(16)}`, `${now / 1000}e3`]) {
      const body = good.body;
      Object.assign(cases, {
        [`timestamp ${odd}`]: { body, headers: wechatSign(body, platform.privateKey, odd) },
      });
    }
    for (const [name, message] of Object.entries(cases)) {
      const response = await notify(message);
      assert.equal(response.statusCode, 400, name);
      assert.equal(response.json().code, 'FAIL', name);
    }
    assert.equal((await checkOrder(ctx.app, token, orderNo)).data.status, 'pending');
  });

  it('a lost notification: polling queries WeChat Pay (signed both ways) and credits the payment', async () => {
    const pay = await orderPlan(ctx.app, token, 'vip-year', 'wechat');
    assert.equal((await checkOrder(ctx.app, token, pay.order.orderNo)).data.status, 'pending');
    fake.paid.set(pay.order.orderNo, { total: 25900 });
    ctx.clock.advance(ORDER_LIMITS.queryEveryMs);
    assert.equal((await checkOrder(ctx.app, token, pay.order.orderNo)).data.status, 'paid');
    const query = fake.requests.findLast((r) => r.method === 'GET');
    assert.equal(query?.signatureValid, true);
    assert.equal(query?.path, `/v3/pay/transactions/out-trade-no/${pay.order.orderNo}?mchid=${MCH_ID}`);
  });

  it('a response with a forged signature is not believed', async () => {
    const pay = await orderPlan(ctx.app, token, 'vip-month', 'wechat');
    fake.paid.set(pay.order.orderNo, { total: 2990 });
    fake.signWith = stranger.privateKey;
    try {
      assert.equal((await checkOrder(ctx.app, token, pay.order.orderNo)).data.status, 'pending');
    } finally {
      fake.signWith = null;
    }
  });

  it('AES-256-GCM: decrypts what was encrypted, and refuses a changed ciphertext', () => {
    const resource = encryptResource({ hello: '出海' }, API_V3_KEY);
    assert.equal(decryptResource(resource, API_V3_KEY), '{"hello":"出海"}');
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[0] = (bytes[0] as number) ^ 1;
    assert.throws(() => decryptResource({ ...resource, ciphertext: bytes.toString('base64') }, API_V3_KEY));
    // A tag cut to 4 bytes would be far easier to forge; only a whole 16-byte tag is accepted.
    const whole = Buffer.from(resource.ciphertext, 'base64');
    const shortTag = Buffer.concat([
      whole.subarray(0, whole.length - 16),
      whole.subarray(whole.length - 16, whole.length - 12),
    ]);
    assert.throws(() =>
      decryptResource({ ...resource, ciphertext: shortTag.toString('base64') }, API_V3_KEY),
    );
    assert.throws(() =>
      decryptResource({ ...resource, ciphertext: Buffer.alloc(10).toString('base64') }, API_V3_KEY),
    );
  });

  it('refunds through WeChat Pay v3; a PROCESSING refund is settled by the sweep once WeChat says SUCCESS', async () => {
    const pay = await orderPlan(ctx.app, token, 'vip-month', 'wechat');
    const orderNo = pay.order.orderNo;
    await notify(notification(transaction(orderNo)));
    fake.paid.set(orderNo, { total: 2990 });
    fake.newRefundStatus = 'PROCESSING';
    const result = await refundOrder(ctx.app.deps, { userId: 1, ip: '10.0.0.1' }, orderNo, {
      reason: '用户申请',
    });
    assert.equal(result.status, 'pending');
    const request = fake.requests.findLast((r) => r.path === '/v3/refund/domestic/refunds');
    assert.equal(request?.signatureValid, true);
    assert.deepEqual(request?.body.amount, { refund: 2990, total: 2990, currency: 'CNY' });
    assert.equal((await checkOrder(ctx.app, token, orderNo)).data.status, 'refunding');

    ctx.clock.advance(31_000);
    assert.equal(await ctx.app.jobs.run('order.settle-refunds'), 0, 'still PROCESSING at WeChat');
    (fake.refunds.get(`${orderNo}R1`) as { status: string }).status = 'SUCCESS';
    assert.equal(await ctx.app.jobs.run('order.settle-refunds'), 1);
    assert.equal((await checkOrder(ctx.app, token, orderNo)).data.status, 'refunded');
    fake.newRefundStatus = 'SUCCESS';
  });
});
