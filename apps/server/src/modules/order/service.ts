import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  chinaDateTime,
  ORDER_LIMITS,
  ORDER_STATUS_NAMES,
  type OrderPage,
  type OrderStatus,
  type OrderView,
  PAY_CHANNEL_NAMES,
  type PayBody,
  type PayChannel,
  type PayResult,
  ResultCode,
} from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { lockKey } from '../../db/locks.ts';
import { present } from '../../db/present.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { type PageParams, paginate } from '../../lib/paging.ts';
import type {
  IncomingNotification,
  NotificationReply,
  PaymentChannel,
  PaymentOrder,
  ReportedPayment,
} from '../../providers/payment/payment-channel.ts';
import { PaymentRejected } from '../../providers/payment/payment-channel.ts';
import { findUserById } from '../account/service.ts';
import { grantVip } from '../entitlement/service.ts';
import { rewardFirstOrder } from '../invite/service.ts';
import { planOnSale } from '../pricing/service.ts';
import * as orders from './repository.ts';

export type OrderDeps = Pick<AppDeps, 'config' | 'db' | 'clock' | 'log' | 'payChannels'>;

export function toView(row: orders.OrderRow): OrderView {
  return {
    orderNo: row.order_no,
    productId: row.product_id,
    productName: row.product_name,
    days: Number(row.days),
    amount: Number(row.amount),
    channel: row.channel,
    status: row.status as OrderView['status'],
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    paidAt: row.paid_at === null ? null : Number(row.paid_at),
    vipEndAt: row.vip_end_at === null ? null : Number(row.vip_end_at),
    refundedAmount: Number(row.refunded_amount),
  };
}

/** An order as the payment channels see it (pay, query, refund). */
export function toPaymentOrder(row: orders.OrderRow): PaymentOrder {
  return {
    orderNo: row.order_no,
    amount: Number(row.amount),
    productName: row.product_name,
    expiresAt: Number(row.expires_at),
  };
}

/** `CH` + China-time date and time + 6 random digits: 22 characters, within every provider's limit. */
function newOrderNo(now: number): string {
  const stamp = chinaDateTime(now).replace(/\D/g, '');
  return `CH${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/**
 * The channels this caller may pay through: all of them, except that in production the sandbox is
 * only for the test accounts in PAY_SANDBOX_PHONES.
 */
async function channelsFor(deps: OrderDeps, userId: number | null): Promise<PaymentChannel[]> {
  const testPhones = deps.config.payment.sandboxPhones;
  const phone = testPhones && userId !== null ? (await findUserById(deps.db, userId))?.phone : undefined;
  return [...deps.payChannels.values()].filter(
    (channel) =>
      !channel.sandbox || testPhones === null || (phone !== undefined && testPhones.includes(phone)),
  );
}

/** The channels to show on the pay screen. */
export async function channelList(deps: OrderDeps, userId: number | null) {
  return (await channelsFor(deps, userId)).map((c) => ({
    channel: c.name,
    name: PAY_CHANNEL_NAMES[c.name],
    sandbox: c.sandbox,
  }));
}

/** How long a repeat of 确认下单 waits for the first request's QR code (the channels time out at 10 s). */
const REPEAT_WAIT_MS = 15_000;
const REPEAT_POLL_MS = 200;

/**
 * `POST /api/v1/pay/`: prices the plan from the plans on sale (never from the client) and asks the
 * channel for a QR code. With a `payKey`, a repeat (a double click, a retry after a lost answer)
 * answers the order the first request made, with the same QR code and pay page: never a second order.
 */
export async function createOrder(
  deps: OrderDeps,
  userId: number,
  body: PayBody,
  baseUrl: string,
): Promise<PayResult> {
  const payKey = body.payKey ?? null;
  const earlier = payKey ? await orders.orderByPayKey(deps.db, userId, payKey) : undefined;
  if (earlier) return repeatedOrder(deps, earlier, body);
  const plan = await planOnSale(deps.db, body.productId);
  if (!plan) throw new AppError(ResultCode.badRequest, '所选套餐不存在，请刷新页面后重新选择');
  const open = await channelsFor(deps, userId);
  const channel = open.find((c) => c.name === body.channel);
  if (!channel) {
    const offered = open.map((c) => PAY_CHANNEL_NAMES[c.name]).join('、') || '无';
    throw new AppError(ResultCode.badRequest, `不支持该支付方式，可用的支付方式：${offered}`);
  }
  const now = deps.clock.now();
  const orderNo = newOrderNo(now);
  const expiresAt = now + ORDER_LIMITS.payWithinMs;
  // Counted and written under a per-user lock: orders placed together cannot pass the cap together,
  // and of two requests with one key only the first makes an order.
  const raced = await deps.db.transaction().execute(async (trx) => {
    await lockKey(trx, `orders:${userId}`);
    const first = payKey ? await orders.orderByPayKey(trx, userId, payKey) : undefined;
    if (first) return first;
    if ((await orders.countPending(trx, userId, now)) >= ORDER_LIMITS.pendingPerUser) {
      throw new AppError(
        ResultCode.tooManyRequests,
        `未支付的订单过多，请先完成支付或等待订单自动关闭（${ORDER_LIMITS.payWithinMinutes} 分钟）`,
        { retryAfter: Math.ceil(ORDER_LIMITS.payWithinMs / 1000) },
      );
    }
    await orders.insertOrder(trx, {
      orderNo,
      userId,
      productId: plan.id,
      productName: plan.name,
      days: plan.days,
      amount: plan.price,
      channel: channel.name,
      now,
      expiresAt,
      payKey,
    });
    return undefined;
  });
  if (raced) return repeatedOrder(deps, raced, body);
  try {
    const pay = await channel.create(
      { orderNo, amount: plan.price, productName: plan.name, expiresAt },
      { baseUrl },
    );
    await orders.savePayWay(deps.db, orderNo, pay);
    const row = present(await orders.findOrder(deps.db, orderNo), `order ${orderNo}`);
    return { order: toView(row), ...pay };
  } catch (error) {
    deps.log.error(
      { err: error, orderNo, channel: channel.name },
      'payment channel refused to create the order',
    );
    await orders.closeIfPending(deps.db, orderNo, now);
    // A retry with the same key asks the channel again, for a new order.
    await orders.releasePayKey(deps.db, orderNo);
    throw channelRefused(channel.name as PayChannel);
  }
}

const channelRefused = (channel: PayChannel) =>
  new AppError(
    ResultCode.providerUnavailable,
    `${PAY_CHANNEL_NAMES[channel]}暂时无法下单，请稍后再试或换一种支付方式`,
  );

/**
 * The answer to a repeat of 确认下单: the order its key made, once the channel has given its QR code
 * (the first request may still be asking). Paid or closed since, it is answered as it is, so the pay
 * screen shows that. A key sent again with another plan or channel is refused.
 */
async function repeatedOrder(deps: OrderDeps, first: orders.OrderRow, body: PayBody): Promise<PayResult> {
  if (first.product_id !== body.productId || first.channel !== body.channel)
    throw new AppError(
      ResultCode.badRequest,
      '这次下单的套餐或支付方式与刚才的订单不同，请刷新页面后重新下单',
    );
  let row: orders.OrderRow | undefined = first;
  for (const deadline = Date.now() + REPEAT_WAIT_MS; row; ) {
    if (row.qr_code !== null) return { order: toView(row), qrCode: row.qr_code, payUrl: row.pay_url };
    // The channel refused the first request: this one is answered the same.
    if (row.status !== 'pending' || row.pay_key === null) throw channelRefused(row.channel as PayChannel);
    if (Date.now() >= deadline)
      throw new AppError(
        ResultCode.providerTimeout,
        '订单还在创建中，请稍后在个人中心的「我的订单」里查看，不要重复支付',
      );
    await sleep(REPEAT_POLL_MS);
    row = await orders.findOrder(deps.db, first.order_no);
  }
  throw channelRefused(first.channel as PayChannel);
}

export type PaymentOutcome = 'applied' | 'late-applied' | 'duplicate' | 'rejected';

/**
 * Applies a payment exactly once, in one transaction: the order is locked, the amount compared, the
 * order marked paid, VIP granted (keyed by the order number, so a second grant is impossible even
 * without the lock) and, on the user's first paid order, the inviter rewarded. A payment for an order
 * already closed is applied too: the money arrived, so the user gets what they paid for (and it is logged).
 */
export async function applyPayment(
  deps: Pick<OrderDeps, 'db' | 'clock' | 'log'>,
  channel: PayChannel,
  payment: ReportedPayment,
  kind: 'notify' | 'query' | 'sandbox',
): Promise<PaymentOutcome> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const order = await orders.lockOrder(trx, payment.orderNo);
    const log = (result: PaymentOutcome, detail: string) =>
      orders.logPaymentEvent(trx, { orderNo: payment.orderNo, channel, kind, outcome: result, detail, now });
    if (!order) {
      await log('rejected', '没有这个订单');
      return 'rejected' as const;
    }
    if (order.channel !== channel) {
      await log('rejected', `订单属于另一个支付渠道（${order.channel}）`);
      return 'rejected' as const;
    }
    if (Number(order.amount) !== payment.amount) {
      await log('rejected', `金额 ${payment.amount} 分与订单的 ${order.amount} 分不符`);
      return 'rejected' as const;
    }
    if (order.status === 'paid' || order.status === 'refunding' || order.status === 'refunded') {
      await log(
        'duplicate',
        `订单已是「${ORDER_STATUS_NAMES[order.status as OrderStatus] ?? order.status}」；交易号 ${payment.tradeNo}`,
      );
      return 'duplicate' as const;
    }
    const late = order.status === 'closed';
    const userId = Number(order.user_id);
    const grant = await grantVip(
      trx,
      { userId, days: Number(order.days), source: 'order', sourceRef: order.order_no },
      now,
    );
    await orders.markPaid(trx, order.order_no, { tradeNo: payment.tradeNo, vipEndAt: grant.levelEndAt, now });
    if ((await orders.countPaid(trx, userId)) === 1) {
      const user = await findUserById(trx, userId);
      if (user)
        await rewardFirstOrder(
          trx,
          { id: userId, invitedBy: user.invited_by === null ? null : Number(user.invited_by) },
          now,
        );
    }
    const result: PaymentOutcome = late ? 'late-applied' : 'applied';
    await log(
      result,
      `交易号 ${payment.tradeNo}；VIP 到 ${chinaDateTime(grant.levelEndAt).replace('T', ' ').slice(0, 16)}（北京时间）`,
    );
    return result;
  });
  if (outcome === 'rejected') deps.log.warn({ payment, channel, kind }, 'payment rejected');
  if (outcome === 'late-applied')
    deps.log.warn({ payment, channel }, 'payment arrived for a closed order; applied');
  return outcome;
}

/** A provider's notification: verified by its channel, then applied; answers what the provider expects. */
export async function handleNotification(
  deps: OrderDeps,
  channelName: string,
  incoming: IncomingNotification,
): Promise<NotificationReply> {
  const channel = deps.payChannels.get(channelName);
  if (!channel) return { status: 404, contentType: 'text/plain; charset=utf-8', body: 'unknown channel' };
  let payment: ReportedPayment | null;
  try {
    payment = await channel.verify(incoming);
  } catch (error) {
    const reason = error instanceof PaymentRejected ? error.message : String(error);
    deps.log.warn({ channel: channelName, reason }, 'payment notification refused');
    await orders.logPaymentEvent(deps.db, {
      orderNo: error instanceof PaymentRejected ? error.orderNo : '',
      channel: channelName,
      kind: 'notify',
      outcome: 'rejected',
      detail: reason,
      now: deps.clock.now(),
    });
    return channel.replies.refused;
  }
  // A verified event that is not a payment (e.g. a refund notice) is acknowledged and left alone.
  if (!payment) return channel.replies.accepted;
  const outcome = await applyPayment(deps, channel.name, payment, channel.sandbox ? 'sandbox' : 'notify');
  return outcome === 'rejected' ? channel.replies.refused : channel.replies.accepted;
}

/**
 * A pending order that is due or being polled: asks the provider (so a lost notification still
 * credits the user), then closes it if it is past its time and unpaid.
 */
async function settle(deps: OrderDeps, row: orders.OrderRow): Promise<void> {
  const channel = deps.payChannels.get(row.channel);
  if (channel && !channel.sandbox) {
    // Asked moments ago (another tab, another node): the next poll or sweep asks again. Never close
    // an order without having asked, since it may have been paid.
    if (
      !(await orders.claimProviderQuery(deps.db, row.order_no, deps.clock.now(), ORDER_LIMITS.queryEveryMs))
    )
      return;
    try {
      const paid = await channel.query(toPaymentOrder(row));
      if (paid) {
        await applyPayment(deps, channel.name, paid, 'query');
        return;
      }
    } catch (error) {
      deps.log.warn({ err: error, orderNo: row.order_no }, 'active payment query failed');
      // Unknown: never close an order whose payment state could not be read.
      if (Number(row.expires_at) <= deps.clock.now()) return;
    }
  }
  const now = deps.clock.now();
  if (Number(row.expires_at) <= now && (await orders.closeIfPending(deps.db, row.order_no, now))) {
    await orders.logPaymentEvent(deps.db, {
      orderNo: row.order_no,
      channel: row.channel,
      kind: 'query',
      outcome: 'closed',
      detail: `${ORDER_LIMITS.payWithinMinutes} 分钟内未支付`,
      now,
    });
  }
}

/** `GET /api/v1/callback/order/`: the caller's order, asking the provider first while it is pending. */
export async function checkOrder(deps: OrderDeps, userId: number, orderNo: string): Promise<OrderView> {
  let row = await orders.findOrder(deps.db, orderNo);
  if (!row || Number(row.user_id) !== userId) throw new AppError(ResultCode.notFound, '订单不存在');
  if (row.status === 'pending') {
    await settle(deps, row);
    row = present(await orders.findOrder(deps.db, orderNo), `order ${orderNo}`);
  }
  return toView(row);
}

/** Closes (or, if the provider says paid, applies) every pending order past its time. Run by the sweep job. */
export async function closeExpiredOrders(deps: OrderDeps): Promise<number> {
  const due = await orders.expiredPending(deps.db, deps.clock.now(), 100);
  for (const row of due) await settle(deps, row);
  return due.length;
}

/** The sandbox cashier's cancel button: the payer gave up, the order closes. False: not a sandbox order. */
export async function cancelSandboxOrder(deps: OrderDeps, orderNo: string): Promise<boolean> {
  const order = await orders.findOrder(deps.db, orderNo);
  if (order?.channel !== 'sandbox') return false;
  const now = deps.clock.now();
  if (await orders.closeIfPending(deps.db, orderNo, now)) {
    await orders.logPaymentEvent(deps.db, {
      orderNo,
      channel: 'sandbox',
      kind: 'sandbox',
      outcome: 'closed',
      detail: '在收银台取消',
      now,
    });
  }
  return true;
}

/** `GET /api/v1/orderList`: the caller's orders, newest first (page size 15). */
export function listOrders(db: Kysely<Database>, userId: number, params: PageParams): Promise<OrderPage> {
  return paginate(
    params,
    'orders',
    { rows: (window) => orders.ordersPage(db, userId, window), total: () => orders.countOrders(db, userId) },
    toView,
  );
}

// The console's user drawer: every order of one user, oldest first.
// 成本 · 卖家排行: what each of the costliest sellers paid over the period.
export { allOrders, paidByBuyers } from './repository.ts';
