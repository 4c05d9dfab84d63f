import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAY_IN_MS, INVITE_REWARDS, ORDER_LIMITS, PAGE_SIZE, ResultCode } from '@chuhai/contract';
import { auth, buildAccountApp, get, post, registerUser } from './account-helpers.ts';
import { cashierForm, checkOrder, confirmAtCashier, notifySandbox, orderPlan, pay } from './order-helpers.ts';
import { startTestPostgres } from './postgres.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

let ip = 0;
const join = (ctx: Ctx, phone: string, inviteCode?: string) => {
  ip += 1;
  return registerUser(ctx, phone, {
    ...(inviteCode ? { inviteCode } : {}),
    ip: `10.7.${ip >> 8}.${ip & 255}`,
  });
};

/** How many VIP grants one order has given (a repeated notification must not grant again). */
async function grantsFor(ctx: Ctx, orderNo: string): Promise<number> {
  const grants = await ctx.app.db
    .selectFrom('consumer_levels')
    .select('id')
    .where('source_ref', '=', orderNo)
    .execute();
  return grants.length;
}

async function vipEnd(ctx: Ctx, token: string): Promise<number | null> {
  return (await get(ctx.app, '/api/v1/info', auth(token))).json().data.ConsumerLevel[0]?.levelEndAt ?? null;
}

describe('buying a plan with the sandbox channel', () => {
  let ctx: Ctx;
  let token: string;
  before(async () => {
    ctx = await buildAccountApp();
    token = await join(ctx, '13500000001');
  });
  after(() => ctx.close());

  it('prices the order from product.json, shows a cashier marked 沙箱, and applies the payment once confirmed', async () => {
    const start = ctx.clock.now();
    const pay = await orderPlan(ctx.app, token, 'vip-month');
    assert.equal(pay.order.amount, 2990);
    assert.equal(pay.order.days, 31);
    assert.equal(pay.order.status, 'pending');
    assert.equal(pay.order.expiresAt, start + ORDER_LIMITS.payWithinMs);
    assert.match(pay.order.orderNo, /^CH\d{20}$/);
    assert.match(pay.qrCode, new RegExp(`/pay/sandbox/${pay.order.orderNo}$`));

    const cashier = await ctx.app.inject({ method: 'GET', url: `/pay/sandbox/${pay.order.orderNo}` });
    assert.match(cashier.body, /沙箱环境/);
    assert.match(cashier.body, /¥29\.90/);
    assert.match(cashier.body, /确认支付/);

    const confirmed = await confirmAtCashier(
      ctx.app,
      pay.order.orderNo,
      await cashierForm(ctx.app, pay.order.orderNo),
    );
    assert.equal(confirmed.statusCode, 200);
    assert.match(confirmed.body, /支付成功/);

    const order = (await checkOrder(ctx.app, token, pay.order.orderNo)).data;
    assert.equal(order.status, 'paid');
    assert.equal(order.vipEndAt, start + 31 * DAY_IN_MS);
    assert.equal(await vipEnd(ctx, token), start + 31 * DAY_IN_MS);
  });

  it('a second purchase extends from the current end, not from today', async () => {
    const before = (await vipEnd(ctx, token)) as number;
    const pay = await orderPlan(ctx.app, token, 'vip-quarter');
    assert.equal(pay.order.amount, 7900);
    await confirmAtCashier(ctx.app, pay.order.orderNo, await cashierForm(ctx.app, pay.order.orderNo));
    assert.equal(await vipEnd(ctx, token), before + 92 * DAY_IN_MS);
  });

  it('refuses an unknown plan, an unknown or disabled channel, and a client-sent amount changes nothing', async () => {
    const unknownPlan = await pay(ctx.app, token, { productId: 'vip-free', channel: 'sandbox' });
    assert.equal(unknownPlan.statusCode, 400);
    assert.match(unknownPlan.json().msg, /套餐不存在/);
    const unknownChannel = await pay(ctx.app, token, { productId: 'vip-month', channel: 'paypal' });
    assert.equal(unknownChannel.statusCode, 400);
    assert.match(unknownChannel.json().msg, /可用的支付方式：沙箱支付/);
    const withAmount = await pay(ctx.app, token, { productId: 'vip-year', channel: 'sandbox', amount: 1 });
    assert.equal(withAmount.json().data.order.amount, 25900);
    const anonymous = await post(ctx.app, '/api/v1/pay/', { productId: 'vip-month', channel: 'sandbox' });
    assert.equal(anonymous.json().code, ResultCode.tokenMissing);
  });

  it('rejects a tampered amount, a forged signature and an unknown order, granting nothing', async () => {
    const pay = await orderPlan(ctx.app, token);
    const fields = await cashierForm(ctx.app, pay.order.orderNo);
    const before = await vipEnd(ctx, token);

    const tampered = await confirmAtCashier(ctx.app, pay.order.orderNo, { ...fields, amount: '1' });
    assert.equal(tampered.statusCode, 400);
    const forged = await confirmAtCashier(ctx.app, pay.order.orderNo, { ...fields, sign: 'a'.repeat(64) });
    assert.equal(forged.statusCode, 400);
    const secret = ctx.config.payment.sandboxSecret;
    const unknown = await notifySandbox(ctx.app, secret, {
      orderNo: 'CH00000000000000000000',
      amount: '2990',
      tradeNo: 'T1',
    });
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.body, 'fail');
    const wrongAmount = await notifySandbox(ctx.app, secret, {
      orderNo: pay.order.orderNo,
      amount: '2980',
      tradeNo: 'T2',
    });
    assert.equal(wrongAmount.statusCode, 400);

    assert.equal(await vipEnd(ctx, token), before);
    assert.equal((await checkOrder(ctx.app, token, pay.order.orderNo)).data.status, 'pending');
    const events = await ctx.app.db
      .selectFrom('payment_events')
      .selectAll()
      .where('outcome', '=', 'rejected')
      .execute();
    assert.ok(events.length >= 4, 'each refusal is logged');
    assert.ok(events.some((e) => /金额 2980 分与订单的 \d+ 分不符/.test(e.detail)));
  });

  it('50 concurrent duplicate notifications give one grant', async () => {
    const pay = await orderPlan(ctx.app, token);
    const before = (await vipEnd(ctx, token)) as number;
    const fields = { orderNo: pay.order.orderNo, amount: '2990', tradeNo: 'DUP-1' };
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => notifySandbox(ctx.app, ctx.config.payment.sandboxSecret, fields)),
    );
    assert.ok(
      replies.every((r) => r.statusCode === 200 && r.body === 'success'),
      'duplicates are acknowledged',
    );
    assert.equal(await vipEnd(ctx, token), before + 31 * DAY_IN_MS);
    assert.equal(await grantsFor(ctx, pay.order.orderNo), 1, 'one VIP grant');
    const outcomes = (
      await ctx.app.db
        .selectFrom('payment_events')
        .select('outcome')
        .where('order_no', '=', pay.order.orderNo)
        .execute()
    ).map((e) => e.outcome);
    assert.equal(outcomes.filter((o) => o === 'applied').length, 1);
    assert.equal(outcomes.filter((o) => o === 'duplicate').length, 49);
  });

  it('closes an unpaid order after 15 minutes, and still applies a payment that arrives late', async () => {
    const pay = await orderPlan(ctx.app, token);
    ctx.clock.advance(ORDER_LIMITS.payWithinMs - 1000);
    assert.equal((await checkOrder(ctx.app, token, pay.order.orderNo)).data.status, 'pending');
    ctx.clock.advance(1000);
    assert.equal((await checkOrder(ctx.app, token, pay.order.orderNo)).data.status, 'closed');
    const cashier = await ctx.app.inject({ method: 'GET', url: `/pay/sandbox/${pay.order.orderNo}` });
    assert.match(cashier.body, /已关闭/);

    const before = (await vipEnd(ctx, token)) as number;
    const late = await notifySandbox(ctx.app, ctx.config.payment.sandboxSecret, {
      orderNo: pay.order.orderNo,
      amount: '2990',
      tradeNo: 'LATE-1',
    });
    assert.equal(late.statusCode, 200);
    assert.equal((await checkOrder(ctx.app, token, pay.order.orderNo)).data.status, 'paid');
    assert.equal(await vipEnd(ctx, token), before + 31 * DAY_IN_MS);
    const event = await ctx.app.db
      .selectFrom('payment_events')
      .selectAll()
      .where('order_no', '=', pay.order.orderNo)
      .where('outcome', '=', 'late-applied')
      .executeTakeFirst();
    assert.ok(event, 'the late payment is logged');
  });

  it('the sweep closes due orders without anyone polling; cancel at the cashier closes at once', async () => {
    const due = await orderPlan(ctx.app, token);
    const cancelled = await orderPlan(ctx.app, token);
    const cancel = (orderNo: string, fields: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/pay/sandbox/${orderNo}/cancel`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    // Knowing an order number is not enough to close it: the form must carry the cashier's signature.
    const { orderNo } = cancelled.order;
    assert.equal((await cancel(orderNo, {})).statusCode, 400);
    assert.equal((await cancel(orderNo, await cashierForm(ctx.app, due.order.orderNo))).statusCode, 400);
    assert.equal((await checkOrder(ctx.app, token, orderNo)).data.status, 'pending');
    assert.equal((await cancel(orderNo, await cashierForm(ctx.app, orderNo))).statusCode, 200);
    assert.equal((await checkOrder(ctx.app, token, orderNo)).data.status, 'closed');
    ctx.clock.advance(ORDER_LIMITS.payWithinMs);
    assert.ok((await ctx.app.jobs.run('order.close-expired')) >= 1);
    const row = await ctx.app.db
      .selectFrom('orders')
      .select('status')
      .where('order_no', '=', due.order.orderNo)
      .executeTakeFirst();
    assert.equal(row?.status, 'closed');
  });

  it('lists the caller’s orders newest first, 15 a page, and limits unpaid orders to 5 at once', async () => {
    const fresh = await join(ctx, '13500000099');
    for (let i = 0; i < ORDER_LIMITS.pendingPerUser; i += 1) await orderPlan(ctx.app, fresh);
    const sixth = await pay(ctx.app, fresh, { productId: 'vip-month', channel: 'sandbox' });
    assert.equal(sixth.statusCode, 429);
    assert.match(sixth.json().msg, /未支付的订单过多/);
    const page = (await get(ctx.app, '/api/v1/orderList', auth(fresh))).json().data;
    assert.equal(page.total, 5);
    assert.equal(page.pageSize, PAGE_SIZE.orders);
    assert.equal((await get(ctx.app, '/api/v1/orderList', auth(token))).json().data.list[0].status, 'closed');
    const others = await checkOrder(ctx.app, fresh, page.list[0].orderNo);
    assert.equal(others.code, 200);
    const stranger = await checkOrder(ctx.app, token, page.list[0].orderNo);
    assert.equal(stranger.code, 404, 'another user’s order is not found');
  });

  it('an invitee’s first paid order rewards the inviter 7 days, the second nothing', async () => {
    const inviter = await join(ctx, '13500000201');
    const code = (await get(ctx.app, '/api/v1/info', auth(inviter))).json().data.inviteCode;
    const invitee = await join(ctx, '13500000202', code);
    const before = (await vipEnd(ctx, inviter)) as number;
    for (let i = 0; i < 2; i += 1) {
      const pay = await orderPlan(ctx.app, invitee);
      await confirmAtCashier(ctx.app, pay.order.orderNo, await cashierForm(ctx.app, pay.order.orderNo));
    }
    assert.equal(await vipEnd(ctx, inviter), before + INVITE_REWARDS.inviterOnFirstOrder * DAY_IN_MS);
  });
});

describe('orders across a restart and with the sandbox off', () => {
  it('an order made before a restart is paid after it', async () => {
    const first = await buildAccountApp();
    const token = await registerUser(first, '13500000301');
    const pay = await orderPlan(first.app, token);
    const dataDir = first.config.dataDir;
    await first.app.close();
    const second = await buildAccountApp({ DATA_DIR: dataDir });
    try {
      const fields = await cashierForm(second.app, pay.order.orderNo);
      assert.equal((await confirmAtCashier(second.app, pay.order.orderNo, fields)).statusCode, 200);
      assert.equal((await checkOrder(second.app, token, pay.order.orderNo)).data.status, 'paid');
    } finally {
      await second.close();
      await first.close().catch(() => {});
    }
  });

  it('production: the sandbox only with PAY_SANDBOX=1, and only for the phones in PAY_SANDBOX_PHONES', async () => {
    const production = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '出海助手',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    };
    for (const env of [{}, { PAY_SANDBOX: '1' }] as Record<string, string>[]) {
      const prod = await buildAccountApp({ ...production, ...env });
      try {
        assert.deepEqual((await get(prod.app, '/api/v1/payChannels')).json().data, [], JSON.stringify(env));
        const page = await prod.app.inject({ method: 'GET', url: '/pay/sandbox/CH1' });
        assert.notEqual(page.statusCode, 200);
      } finally {
        await prod.close();
      }
    }
    const tester = '13800000077';
    const enabled = await buildAccountApp({ ...production, PAY_SANDBOX: '1', PAY_SANDBOX_PHONES: tester });
    try {
      const testAccount = await registerUser(enabled, tester, { ip: '10.6.6.1' });
      const customer = await registerUser(enabled, '13800000078', { ip: '10.6.6.2' });
      const sandbox = [{ channel: 'sandbox', name: '沙箱支付', sandbox: true }];
      assert.deepEqual(
        (await get(enabled.app, '/api/v1/payChannels', auth(testAccount))).json().data,
        sandbox,
      );
      assert.deepEqual((await get(enabled.app, '/api/v1/payChannels', auth(customer))).json().data, []);
      assert.deepEqual((await get(enabled.app, '/api/v1/payChannels')).json().data, []);
      const refused = await pay(enabled.app, customer, { productId: 'vip-month', channel: 'sandbox' });
      assert.equal(refused.statusCode, 400);
      assert.match(refused.json().msg, /不支持该支付方式/);
      const allowed = await pay(enabled.app, testAccount, { productId: 'vip-month', channel: 'sandbox' });
      assert.equal(allowed.statusCode, 200, allowed.body);
    } finally {
      await enabled.close();
    }
  });
});

describe('payments on PostgreSQL', () => {
  it('50 concurrent duplicate notifications give one grant, with real concurrent transactions', async () => {
    const pg = await startTestPostgres();
    const ctx = await buildAccountApp({ DATABASE_URL: pg.url });
    try {
      const token = await registerUser(ctx, '13500000401');
      const pay = await orderPlan(ctx.app, token);
      const fields = { orderNo: pay.order.orderNo, amount: '2990', tradeNo: 'PG-DUP' };
      const replies = await Promise.all(
        Array.from({ length: 50 }, () => notifySandbox(ctx.app, ctx.config.payment.sandboxSecret, fields)),
      );
      const refused = replies.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body}`);
      assert.deepEqual(refused, [], 'every duplicate is acknowledged');
      assert.equal(await grantsFor(ctx, pay.order.orderNo), 1, 'one VIP grant');
      assert.equal(await vipEnd(ctx, token), ctx.clock.now() + 31 * DAY_IN_MS);
    } finally {
      await ctx.close();
      await pg.stop();
    }
  });
});
