import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { DAY_IN_MS, ORDER_LIMITS, ResultCode } from '@chuhai/contract';
import type { PaymentChannel, PaymentOrder } from '../src/providers/payment/payment-channel.ts';
import { auth, buildAccountApp, get, registerUser } from './account-helpers.ts';
import { notifySandbox, pay } from './order-helpers.ts';
import { usePostgres } from './postgres-app.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

/**
 * 微信支付 as a provider that takes its time (so repeats arrive while the first request is still
 * asking for the QR code), counts the orders it was asked to create, and refuses while `failing`.
 */
class SlowWechat implements PaymentChannel {
  readonly name = 'wechat' as const;
  readonly sandbox = false;
  created: string[] = [];
  failing = false;
  async create(order: PaymentOrder) {
    this.created.push(order.orderNo);
    await sleep(300);
    if (this.failing) throw new Error('provider answered 500');
    return { qrCode: `weixin://wxpay/bizpayurl?pr=${order.orderNo}`, payUrl: null };
  }
  async query() {
    return null;
  }
  async refund(): Promise<'succeeded'> {
    return 'succeeded';
  }
  async queryRefund(): Promise<'succeeded'> {
    return 'succeeded';
  }
  async verify() {
    return null;
  }
  readonly replies = {
    accepted: { status: 200, contentType: 'text/plain', body: 'success' },
    refused: { status: 400, contentType: 'text/plain', body: 'fail' },
  };
}

/**
 * 确认下单 pressed twice, retried after a lost answer, or sent five times at once: one order, the
 * same QR code for every repeat; its payment, notified many times at once, gives VIP once.
 */
function payKeySuite(ctx: () => Ctx, wechat: SlowWechat) {
  let token: string;
  let userId: number;
  before(async () => {
    token = await registerUser(ctx(), '13500007001', { ip: '10.94.0.1' });
    userId = Number(
      (
        await ctx()
          .app.deps.db.selectFrom('users')
          .select('id')
          .where('phone', '=', '13500007001')
          .executeTakeFirstOrThrow()
      ).id,
    );
  });
  const orders = async () =>
    ctx().app.deps.db.selectFrom('orders').selectAll().where('user_id', '=', userId).execute();
  const pending = async () => (await orders()).filter((o) => o.status === 'pending').length;
  /** Closes every pending order, so each test starts under the cap of unpaid orders. */
  const closeAll = async () => {
    ctx().clock.advance(ORDER_LIMITS.payWithinMs + 1000);
    await ctx().app.jobs.run('order.close-expired');
  };

  it('five 确认下单 with one key at once: one order, one request to the provider, the same QR code for all', async () => {
    const createdBefore = wechat.created.length;
    const body = { productId: 'vip-month', channel: 'wechat', payKey: 'a1b2c3d4-pay-double-01' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(ctx().app, token, body)));
    for (const answer of answers) assert.equal(answer.json().code, 200, answer.body);
    const numbers = new Set(answers.map((a) => a.json().data.order.orderNo));
    assert.equal(numbers.size, 1, 'the same order for every repeat');
    const [orderNo] = [...numbers];
    assert.deepEqual(
      new Set(answers.map((a) => a.json().data.qrCode)),
      new Set([`weixin://wxpay/bizpayurl?pr=${orderNo}`]),
    );
    assert.equal(wechat.created.length, createdBefore + 1, 'the provider was asked once');
    assert.equal((await orders()).length, 1);

    // Pressed again a minute later: still that order and code.
    ctx().clock.advance(60_000);
    const again = await pay(ctx().app, token, body);
    assert.equal(again.json().data.order.orderNo, orderNo);
    assert.equal(again.json().data.qrCode, `weixin://wxpay/bizpayurl?pr=${orderNo}`);
    assert.equal((await orders()).length, 1);
    assert.equal(wechat.created.length, createdBefore + 1);
    await closeAll();
  });

  it('a repeat is not another unpaid order; a new key is; the key with another plan is refused', async () => {
    const first = await pay(ctx().app, token, {
      productId: 'vip-month',
      channel: 'sandbox',
      payKey: 'a1b2c3d4-pay-cap-0000',
    });
    assert.equal(first.json().code, 200, first.body);
    for (let i = 1; i < ORDER_LIMITS.pendingPerUser; i += 1)
      assert.equal(
        (
          await pay(ctx().app, token, {
            productId: 'vip-month',
            channel: 'sandbox',
            payKey: `a1b2c3d4-pay-cap-000${i}`,
          })
        ).json().code,
        200,
      );
    assert.equal(await pending(), ORDER_LIMITS.pendingPerUser);
    const repeat = await pay(ctx().app, token, {
      productId: 'vip-month',
      channel: 'sandbox',
      payKey: 'a1b2c3d4-pay-cap-0000',
    });
    assert.equal(repeat.json().code, 200, 'the repeat answers its order even at the cap');
    assert.equal(repeat.json().data.order.orderNo, first.json().data.order.orderNo);
    const over = await pay(ctx().app, token, {
      productId: 'vip-month',
      channel: 'sandbox',
      payKey: 'a1b2c3d4-pay-cap-9999',
    });
    assert.equal(over.json().code, ResultCode.tooManyRequests);
    const otherPlan = await pay(ctx().app, token, {
      productId: 'vip-year',
      channel: 'sandbox',
      payKey: 'a1b2c3d4-pay-cap-0000',
    });
    assert.equal(otherPlan.json().code, ResultCode.badRequest);
    assert.match(otherPlan.json().msg, /套餐或支付方式与刚才的订单不同/);
    const malformed = await pay(ctx().app, token, {
      productId: 'vip-month',
      channel: 'sandbox',
      payKey: 'x',
    });
    assert.equal(malformed.statusCode, 400);
    assert.equal(await pending(), ORDER_LIMITS.pendingPerUser);
    await closeAll();
  });

  it('the provider refusing: every repeat is told so, and a retry with the key makes a new order', async () => {
    wechat.failing = true;
    const body = { productId: 'vip-month', channel: 'wechat', payKey: 'a1b2c3d4-pay-refused-1' };
    const answers = await Promise.all(Array.from({ length: 3 }, () => pay(ctx().app, token, body)));
    for (const answer of answers) {
      assert.equal(answer.json().code, ResultCode.providerUnavailable, answer.body);
      assert.match(answer.json().msg, /微信支付暂时无法下单/);
    }
    assert.equal(await pending(), 0, 'nothing left to pay');
    wechat.failing = false;
    const retried = await pay(ctx().app, token, body);
    assert.equal(retried.json().code, 200, retried.body);
    assert.equal(retried.json().data.order.status, 'pending');
    assert.match(retried.json().data.qrCode, /^weixin:/);
    await closeAll();
  });

  it('one order paid by many identical notifications at once gives VIP once', async () => {
    const body = { productId: 'vip-month', channel: 'sandbox', payKey: 'a1b2c3d4-pay-notified-1' };
    const answers = await Promise.all(Array.from({ length: 3 }, () => pay(ctx().app, token, body)));
    const orderNo = answers[0]?.json().data.order.orderNo as string;
    assert.ok(answers.every((a) => a.json().data.order.orderNo === orderNo));
    const start = ctx().clock.now();
    const fields = { orderNo, amount: '2990', tradeNo: 'KEY-NOTIFY-1' };
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => notifySandbox(ctx().app, ctx().config.payment.sandboxSecret, fields)),
    );
    assert.ok(replies.every((r) => r.statusCode === 200 && r.body === 'success'));
    const grants = await ctx()
      .app.deps.db.selectFrom('consumer_levels')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    assert.equal(grants.length, 1, 'one VIP grant');
    const info = (await get(ctx().app, '/api/v1/info', auth(token))).json().data;
    assert.equal(info.ConsumerLevel[0].levelEndAt, start + 31 * DAY_IN_MS);
    const outcomes = (
      await ctx()
        .app.deps.db.selectFrom('payment_events')
        .select('outcome')
        .where('order_no', '=', orderNo)
        .execute()
    ).map((e) => e.outcome);
    assert.deepEqual(outcomes.sort(), ['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    // The pay screen asked again after paying: the order answers paid, no second order.
    const after = await pay(ctx().app, token, body);
    assert.equal(after.json().data.order.status, 'paid');
    assert.equal((await orders()).filter((o) => o.pay_key === body.payKey).length, 1);
  });
}

describe('确认下单 is idempotent (SQLite)', () => {
  const wechat = new SlowWechat();
  let ctx: Ctx;
  before(async () => {
    ctx = await buildAccountApp({}, { paymentChannels: [wechat] });
  });
  after(() => ctx.close());
  payKeySuite(() => ctx, wechat);
});

describe('确认下单 is idempotent (PostgreSQL)', () => {
  const wechat = new SlowWechat();
  payKeySuite(
    usePostgres((env) => buildAccountApp(env, { paymentChannels: [wechat] })),
    wechat,
  );
});
