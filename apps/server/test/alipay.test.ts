import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAY_IN_MS, ORDER_LIMITS } from '@chuhai/contract';
import { refundOrder } from '../src/modules/order/refunds.ts';
import { auth, buildAccountApp, get, registerUser } from './account-helpers.ts';
import { type FakeAlipay, rsaKeys, signedNotification, startFakeAlipay } from './fakes/fake-alipay.ts';
import { checkOrder, orderPlan } from './order-helpers.ts';

const APP_ID = '2021000000000001';

describe('支付宝 through alipay-sdk against a fake gateway, with keys made by the test', () => {
  const merchant = rsaKeys();
  const alipay = rsaKeys();
  const stranger = rsaKeys();
  let fake: FakeAlipay;
  let ctx: Awaited<ReturnType<typeof buildAccountApp>>;
  let token: string;

  const notify = (fields: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/pay/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: new URLSearchParams(fields).toString(),
    });
  const paidFields = (orderNo: string, amount = '29.90') => ({
    notify_type: 'trade_status_sync',
    notify_id: `n-${orderNo}`,
    app_id: APP_ID,
    out_trade_no: orderNo,
    trade_no: `2026${orderNo}`,
    trade_status: 'TRADE_SUCCESS',
    total_amount: amount,
    subject: '出海助手 月度 VIP',
    gmt_payment: '2026-11-22 10:01:00',
  });

  before(async () => {
    fake = await startFakeAlipay({
      merchantPublicKey: merchant.publicKey,
      alipayPrivateKey: alipay.privateKey,
    });
    ctx = await buildAccountApp({
      PUBLIC_BASE_URL: 'https://chuhai.example.com',
      ALIPAY_APP_ID: APP_ID,
      ALIPAY_PRIVATE_KEY: merchant.privateKey,
      ALIPAY_KEY_TYPE: 'PKCS8',
      ALIPAY_PUBLIC_KEY: alipay.publicKey,
      ALIPAY_GATEWAY: fake.url,
    });
    token = await registerUser(ctx, '13300000001');
  });
  after(async () => {
    await ctx.close();
    await fake.close();
  });

  it('creates the order with a signed precreate and returns Alipay’s QR code', async () => {
    const pay = await orderPlan(ctx.app, token, 'vip-month', 'alipay');
    const request = fake.requests.at(-1);
    assert.equal(request?.method, 'alipay.trade.precreate');
    assert.equal(request?.signatureValid, true, 'the request carries a valid RSA2 signature');
    assert.equal(request?.biz.total_amount, '29.90');
    assert.equal(request?.biz.out_trade_no, pay.order.orderNo);
    assert.equal(request?.notifyUrl, 'https://chuhai.example.com/api/pay/notify/alipay');
    assert.equal(pay.qrCode, `https://qr.alipay.com/fake${pay.order.orderNo}`);
    const channels = (await get(ctx.app, '/api/v1/payChannels')).json().data;
    assert.deepEqual(
      channels.map((c: { channel: string }) => c.channel),
      ['alipay', 'sandbox'],
    );
  });

  it('a signed notification pays the order and answers "success"', async () => {
    const pay = await orderPlan(ctx.app, token, 'vip-month', 'alipay');
    const response = await notify(signedNotification(paidFields(pay.order.orderNo), alipay.privateKey));
    assert.equal(response.body, 'success');
    const order = (await checkOrder(ctx.app, token, pay.order.orderNo)).data;
    assert.equal(order.status, 'paid');
    assert.equal(order.vipEndAt, ctx.clock.now() + 31 * DAY_IN_MS);
  });

  it('refuses a forged signature, a tampered amount, another app and a wrong amount with "fail"', async () => {
    const pay = await orderPlan(ctx.app, token, 'vip-month', 'alipay');
    const orderNo = pay.order.orderNo;
    const forged = signedNotification(paidFields(orderNo), stranger.privateKey);
    const tampered = { ...signedNotification(paidFields(orderNo), alipay.privateKey), total_amount: '0.01' };
    const otherApp = signedNotification(
      { ...paidFields(orderNo), app_id: '2021999999999999' },
      alipay.privateKey,
    );
    const wrongAmount = signedNotification(paidFields(orderNo, '0.01'), alipay.privateKey);
    for (const fields of [forged, tampered, otherApp, wrongAmount]) {
      assert.equal((await notify(fields)).body, 'fail');
    }
    assert.equal((await checkOrder(ctx.app, token, orderNo)).data.status, 'pending');
  });

  it('a notice that is not a payment (trade closed) is acknowledged and changes nothing', async () => {
    const pay = await orderPlan(ctx.app, token, 'vip-month', 'alipay');
    const closed = signedNotification(
      { ...paidFields(pay.order.orderNo), trade_status: 'TRADE_CLOSED' },
      alipay.privateKey,
    );
    assert.equal((await notify(closed)).body, 'success');
    assert.equal((await checkOrder(ctx.app, token, pay.order.orderNo)).data.status, 'pending');
  });

  it('a lost notification: polling asks Alipay (signed query) and credits the payment', async () => {
    const fresh = await registerUser(ctx, '13300000002', { ip: '10.3.0.2' });
    const pay = await orderPlan(ctx.app, fresh, 'vip-quarter', 'alipay');
    const queries = () => fake.requests.filter((r) => r.method === 'alipay.trade.query').length;
    const before = queries();
    assert.equal((await checkOrder(ctx.app, fresh, pay.order.orderNo)).data.status, 'pending');
    fake.paid.set(pay.order.orderNo, '79.00');
    // The pay screen polls every 2 s, maybe from several tabs: Alipay is asked once per 5 s at most.
    for (let i = 0; i < 3; i += 1) await checkOrder(ctx.app, fresh, pay.order.orderNo);
    assert.equal(queries(), before + 1);
    ctx.clock.advance(ORDER_LIMITS.queryEveryMs);
    const order = (await checkOrder(ctx.app, fresh, pay.order.orderNo)).data;
    assert.equal(order.status, 'paid');
    assert.equal(queries(), before + 2);
    const query = fake.requests.findLast((r) => r.method === 'alipay.trade.query');
    assert.equal(query?.signatureValid, true);
    const info = (await get(ctx.app, '/api/v1/info', auth(fresh))).json().data;
    assert.equal(info.ConsumerLevel[0].levelEndAt, ctx.clock.now() + 92 * DAY_IN_MS);
  });

  it('an unpaid order is closed after 15 minutes once Alipay confirms it was not paid', async () => {
    const pay = await orderPlan(ctx.app, token, 'vip-month', 'alipay');
    ctx.clock.advance(ORDER_LIMITS.payWithinMs);
    assert.equal((await checkOrder(ctx.app, token, pay.order.orderNo)).data.status, 'closed');
  });

  it('refunds through alipay.trade.refund (signed, once per refund number); a refusal leaves the order paid', async () => {
    const pay = await orderPlan(ctx.app, token, 'vip-month', 'alipay');
    const orderNo = pay.order.orderNo;
    await notify(signedNotification(paidFields(orderNo), alipay.privateKey));
    fake.paid.set(orderNo, '29.90');
    const actor = { userId: 1, ip: '10.0.0.1' };

    fake.refuseRefundsWith = 'ACQ.SELLER_BALANCE_NOT_ENOUGH';
    await assert.rejects(
      refundOrder(ctx.app.deps, actor, orderNo, { reason: '余额不足时' }),
      /支付渠道拒绝了退款/,
    );
    assert.equal((await checkOrder(ctx.app, token, orderNo)).data.status, 'paid');
    fake.refuseRefundsWith = null;

    const result = await refundOrder(ctx.app.deps, actor, orderNo, { amount: 1000, reason: '部分退款' });
    assert.equal(result.status, 'succeeded');
    const request = fake.requests.findLast((r) => r.method === 'alipay.trade.refund');
    assert.equal(request?.signatureValid, true);
    assert.equal(request?.biz.refund_amount, '10.00');
    assert.equal(request?.biz.out_request_no, `${orderNo}R2`, 'the failed attempt keeps its own number');
    assert.equal(fake.refunds.get(`${orderNo}R2`)?.amount, '10.00');
    assert.equal(
      (await checkOrder(ctx.app, token, orderNo)).data.status,
      'paid',
      'partly refunded, still paid',
    );
  });
});
