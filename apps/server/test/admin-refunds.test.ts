import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAY_IN_MS } from '@chuhai/contract';
import { dashboard } from '../src/modules/admin/dashboard.ts';
import { refundOrder, settleRefund } from '../src/modules/order/refunds.ts';
import { insertRefund } from '../src/modules/order/repository.ts';
import { adminWithTotp, auth, buildAccountApp, get, post, registerUser } from './account-helpers.ts';
import { cashierForm, confirmAtCashier, orderPlan } from './order-helpers.ts';
import { usePostgresApp } from './postgres-app.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;
const ADMIN = '13700001001';

async function paidOrder(ctx: Ctx, buyer: string, plan = 'vip-month') {
  const pay = await orderPlan(ctx.app, buyer, plan);
  await confirmAtCashier(ctx.app, pay.order.orderNo, await cashierForm(ctx.app, pay.order.orderNo));
  return pay.order.orderNo as string;
}

const vipEnd = async (ctx: Ctx, token: string) =>
  (await get(ctx.app, '/api/v1/info', auth(token))).json().data.ConsumerLevel[0]?.levelEndAt ?? null;

describe('运营后台 · 订单与退款 (sandbox channel)', () => {
  let ctx: Ctx;
  let admin: Awaited<ReturnType<typeof adminWithTotp>>;
  before(async () => {
    ctx = await buildAccountApp({ ADMIN_PHONES: ADMIN });
    admin = await adminWithTotp(ctx, ADMIN, '10.60.0.1');
  });
  after(() => ctx.close());

  it('finds the order by phone, refunds it with two-factor, once, and takes back its VIP days', async () => {
    const buyer = await registerUser(ctx, '13700001002', { ip: '10.60.0.2' });
    const orderNo = await paidOrder(ctx, buyer);
    const paidEnd = await vipEnd(ctx, buyer);
    const found = (
      await get(ctx.app, '/api/admin/orders?phone=13700001002&status=paid', auth(admin.token))
    ).json().data;
    assert.deepEqual(
      found.list.map((o: { orderNo: string }) => o.orderNo),
      [orderNo],
    );

    const noCode = await post(
      ctx.app,
      `/api/admin/orders/${orderNo}/refund`,
      { reason: '用户申请', totp: '000000' },
      auth(admin.token),
    );
    assert.equal(noCode.statusCode, 400);
    const refund = await post(
      ctx.app,
      `/api/admin/orders/${orderNo}/refund`,
      { reason: '用户申请', totp: admin.code() },
      auth(admin.token),
    );
    assert.equal(refund.statusCode, 200, refund.body);
    assert.equal(refund.json().data.status, 'succeeded');
    const again = await post(
      ctx.app,
      `/api/admin/orders/${orderNo}/refund`,
      { reason: '再退一次', totp: admin.code() },
      auth(admin.token),
    );
    assert.equal(again.statusCode, 400);
    assert.match(again.json().msg, /已全额退款/);

    const detail = (await get(ctx.app, `/api/admin/orders/${orderNo}`, auth(admin.token))).json().data;
    assert.equal(detail.order.status, 'refunded');
    assert.equal(detail.order.refundedAmount, detail.order.amount);
    assert.deepEqual(
      detail.refunds.map((r: { status: string; vipDaysTaken: number }) => [r.status, r.vipDaysTaken]),
      [['succeeded', 31]],
    );
    assert.ok(detail.events.some((e: { outcome: string }) => e.outcome === 'applied'));
    // The month's 31 days were the whole of this buyer's VIP: it ends now, not 31 days in the past.
    assert.ok(paidEnd > ctx.clock.now());
    assert.equal(await vipEnd(ctx, buyer), null);
    const log = (await get(ctx.app, `/api/admin/audit?target=order:${orderNo}`, auth(admin.token))).json()
      .data.list;
    assert.equal(log[0].action, 'order.refund');
  });

  it('a partial refund takes back its share of the days and keeps the order paid; the rest refunds it', async () => {
    const buyer = await registerUser(ctx, '13700001003', { ip: '10.60.0.3' });
    const orderNo = await paidOrder(ctx, buyer, 'vip-year');
    const paidEnd = (await vipEnd(ctx, buyer)) as number;
    const detail0 = (await get(ctx.app, `/api/admin/orders/${orderNo}`, auth(admin.token))).json().data;
    const half = Math.floor(detail0.order.amount / 2);
    const first = await post(
      ctx.app,
      `/api/admin/orders/${orderNo}/refund`,
      { amount: half, reason: '部分退款', totp: admin.code() },
      auth(admin.token),
    );
    assert.equal(first.statusCode, 200, first.body);
    const after1 = (await get(ctx.app, `/api/admin/orders/${orderNo}`, auth(admin.token))).json().data;
    assert.equal(after1.order.status, 'paid');
    assert.equal(after1.refunds[0].vipDaysTaken, 183);
    assert.equal(await vipEnd(ctx, buyer), paidEnd - 183 * DAY_IN_MS);
    const tooMuch = await post(
      ctx.app,
      `/api/admin/orders/${orderNo}/refund`,
      { amount: detail0.order.amount, reason: '超额', totp: admin.code() },
      auth(admin.token),
    );
    assert.equal(tooMuch.statusCode, 400);
    assert.equal(
      (
        await post(
          ctx.app,
          `/api/admin/orders/${orderNo}/refund`,
          { reason: '退剩下的', totp: admin.code() },
          auth(admin.token),
        )
      ).statusCode,
      200,
    );
    assert.equal(
      (await get(ctx.app, `/api/admin/orders/${orderNo}`, auth(admin.token))).json().data.order.status,
      'refunded',
    );
  });

  it('an unpaid order cannot be refunded', async () => {
    const buyer = await registerUser(ctx, '13700001004', { ip: '10.60.0.4' });
    const pending = (await orderPlan(ctx.app, buyer)).order.orderNo;
    const refused = await post(
      ctx.app,
      `/api/admin/orders/${pending}/refund`,
      { reason: '试试', totp: admin.code() },
      auth(admin.token),
    );
    assert.equal(refused.statusCode, 400);
    assert.match(refused.json().msg, /只有已支付/);
  });

  it('概览 counts the day: new users, paid orders, revenue and refunds, VIP members, a 7-day series', async () => {
    const today = (await get(ctx.app, '/api/admin/dashboard?days=1', auth(admin.token))).json().data;
    assert.equal(today.newUsers, 4, 'the admin and three buyers');
    assert.equal(today.paidOrders, 2);
    assert.equal(today.revenueFen, 2990 + 25900);
    assert.equal(today.refundedFen, 2990 + 25900);
    assert.equal(today.vipMembers, 0, 'both purchases were refunded in full');
    assert.deepEqual(
      today.uses.map((u: { feature: string }) => u.feature),
      ['chat', 'draw', 'cutout', 'replace', 'translate'],
    );
    const week = (await get(ctx.app, '/api/admin/dashboard?days=7', auth(admin.token))).json().data;
    assert.equal(week.series.length, 7);
    assert.equal(week.series.at(-1).newUsers, 4);
    assert.equal(week.series.at(-1).revenueFen, 0, 'revenue net of refunds');
    assert.equal((await get(ctx.app, '/api/admin/dashboard?days=5', auth(admin.token))).statusCode, 400);
  });
});

/**
 * A refund the provider finished while it was pending, settled by two nodes at once (two sweeps, or a
 * sweep beside the slow refund call itself): its days are taken back once.
 */
async function settleTwiceAtOnce(ctx: Ctx, phone: string) {
  const buyer = await registerUser(ctx, phone, { ip: '10.62.0.1' });
  const first = await paidOrder(ctx, buyer);
  await paidOrder(ctx, buyer);
  const before = await vipEnd(ctx, buyer);
  const refundNo = `${first}R1`;
  await insertRefund(ctx.app.db, {
    refundNo,
    orderNo: first,
    amount: 2990,
    reason: '渠道处理中',
    actorId: 1,
    now: ctx.clock.now(),
  });
  const deps = ctx.app.deps;
  await Promise.all([
    settleRefund(deps, refundNo, 'succeeded', 'sweep on node 1'),
    settleRefund(deps, refundNo, 'succeeded', 'sweep on node 2'),
  ]);
  assert.equal(before - (await vipEnd(ctx, buyer)), 31 * DAY_IN_MS, 'one month of the two taken back');
  const refund = await ctx.app.db
    .selectFrom('refunds')
    .selectAll()
    .where('refund_no', '=', refundNo)
    .executeTakeFirstOrThrow();
  assert.equal(Number(refund.vip_days_taken), 31);
  assert.equal(refund.status, 'succeeded');
}

describe('one refund settled twice at once', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildAccountApp();
  });
  after(() => ctx.close());

  it('takes its VIP days back once (SQLite)', () => settleTwiceAtOnce(ctx, '13700001006'));
});

describe('refunds under concurrency on PostgreSQL', () => {
  const ctx = usePostgresApp();

  it('20 refunds of one order at once refund it once', async () => {
    const buyer = await registerUser(ctx(), '13700001005', { ip: '10.61.0.1' });
    const orderNo = await paidOrder(ctx(), buyer);
    const deps = ctx().app.deps;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        refundOrder(deps, { userId: 1, ip: '10.0.0.1' }, orderNo, { reason: '并发' }),
      ),
    );
    assert.equal(outcomes.filter((o) => o.status === 'fulfilled').length, 1);
    const rows = await ctx()
      .app.db.selectFrom('refunds')
      .selectAll()
      .where('order_no', '=', orderNo)
      .execute();
    assert.equal(rows.length, 1);
    const order = await ctx()
      .app.db.selectFrom('orders')
      .selectAll()
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    assert.equal(order.status, 'refunded');
    assert.equal(Number(order.refunded_amount), Number(order.amount));

    // The dashboard's figures on PostgreSQL (sums come back as strings there).
    const figures = await dashboard(ctx().app.deps, 7);
    assert.equal(figures.paidOrders, 1);
    assert.equal(figures.refundedFen, 2990);
    assert.equal(figures.newUsers, 1);
    assert.equal(figures.series.length, 7);
  });

  // After the test above, whose dashboard figures count every order of the day.
  it('one refund settled twice at once takes its VIP days back once', () =>
    settleTwiceAtOnce(ctx(), '13700001007'));
});
