import { ResultCode } from '@chuhai/contract';
import { lockKey } from '../../db/locks.ts';
import { present } from '../../db/present.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import { takeBackVip } from '../entitlement/service.ts';
import * as orders from './repository.ts';
import { type OrderDeps, toPaymentOrder } from './service.ts';

/**
 * 退款: an operator refunds all or part of a paid order through its channel's real refund API.
 * Exactly once however often it is clicked: the request is written under a per-order lock with the
 * amount still refundable (paid, minus refunded, minus refunds in progress), and the provider gets
 * our refund number as its idempotency key. When the money is on its way back, the VIP days the
 * refunded share bought are taken back (never before today: days already used stay used).
 */

export interface RefundAsk {
  /** Fen; the whole remaining amount when absent. */
  amount?: number;
  reason: string;
}

export async function refundOrder(
  deps: OrderDeps,
  actor: Actor,
  orderNo: string,
  ask: RefundAsk,
): Promise<{ refundNo: string; status: 'succeeded' | 'pending' }> {
  const now = deps.clock.now();
  const { refundNo, order, amount } = await deps.db.transaction().execute(async (trx) => {
    await lockKey(trx, `refund:${orderNo}`);
    const order = await orders.findOrder(trx, orderNo);
    if (!order) throw new AppError(ResultCode.notFound, '订单不存在');
    if (order.status === 'refunded') throw new AppError(ResultCode.badRequest, '该订单已全额退款');
    if (order.status !== 'paid' && order.status !== 'refunding')
      throw new AppError(ResultCode.badRequest, '只有已支付的订单可以退款');
    const existing = await orders.refundsOf(trx, orderNo);
    const inFlight = existing
      .filter((r) => r.status === 'pending')
      .reduce((sum, r) => sum + Number(r.amount), 0);
    const refundable = Number(order.amount) - Number(order.refunded_amount) - inFlight;
    const amount = ask.amount ?? refundable;
    if (refundable <= 0) throw new AppError(ResultCode.badRequest, '该订单已全额退款或正在退款中');
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > refundable)
      throw new AppError(
        ResultCode.badRequest,
        `退款金额应在 0.01 到 ${(refundable / 100).toFixed(2)} 元之间`,
      );
    const refundNo = `${orderNo}R${existing.length + 1}`;
    await orders.insertRefund(trx, {
      refundNo,
      orderNo,
      amount,
      reason: ask.reason,
      actorId: actor.userId,
      now,
    });
    await orders.setRefundState(trx, orderNo, {
      status: 'refunding',
      refundedAmount: Number(order.refunded_amount),
    });
    await recordAudit(
      trx,
      actor,
      {
        action: 'order.refund',
        target: `order:${orderNo}`,
        before: { status: order.status, refundedAmount: Number(order.refunded_amount) },
        after: { refundNo, amount, reason: ask.reason },
      },
      now,
    );
    return { refundNo, order, amount };
  });

  const channel = deps.payChannels.get(order.channel);
  let state: 'succeeded' | 'pending';
  try {
    if (!channel) throw new Error(`channel ${order.channel} is not configured on this server`);
    state = await channel.refund(toPaymentOrder(order), { refundNo, amount, reason: ask.reason });
  } catch (error) {
    deps.log.error({ err: error, orderNo, refundNo }, 'refund refused by the provider');
    await settleRefund(deps, refundNo, 'failed', String((error as Error).message ?? error));
    throw new AppError(
      ResultCode.providerFailed,
      '支付渠道拒绝了退款，订单仍为已支付，请稍后再试或到商户平台处理',
    );
  }
  if (state === 'succeeded') await settleRefund(deps, refundNo, 'succeeded', 'refunded');
  return { refundNo, status: state };
}

/**
 * Ends a pending refund once: on success the order's refunded amount grows (status `refunded`
 * when it reaches the price) and the refunded share of the VIP days is taken back.
 */
export async function settleRefund(
  deps: OrderDeps,
  refundNo: string,
  outcome: 'succeeded' | 'failed',
  detail: string,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const refund = await orders.findRefund(trx, refundNo);
    if (!refund) return;
    await lockKey(trx, `refund:${refund.order_no}`);
    const order = present(await orders.findOrder(trx, refund.order_no), `order ${refund.order_no}`);
    // Settled once: a second settle (two nodes' sweeps, a sweep beside a slow refund call) finds the
    // refund no longer pending and changes nothing, so the days are never taken back twice.
    if (!(await orders.finishRefund(trx, refundNo, { status: outcome, vipDaysTaken: 0, detail, now })))
      return;
    if (outcome === 'succeeded') {
      const share = Number(refund.amount) / Number(order.amount);
      const days = Math.round(Number(order.days) * share);
      const { daysTaken } = await takeBackVip(trx, Number(order.user_id), days, now);
      await orders.setRefundVipDaysTaken(trx, refundNo, daysTaken);
    }
    const refunded = Number(order.refunded_amount) + (outcome === 'succeeded' ? Number(refund.amount) : 0);
    const stillPending = (await orders.refundsOf(trx, order.order_no)).some((r) => r.status === 'pending');
    const status = refunded >= Number(order.amount) ? 'refunded' : stillPending ? 'refunding' : 'paid';
    await orders.setRefundState(trx, order.order_no, { status, refundedAmount: refunded });
  });
}

/** The sweep of refunds the provider was still working on (WeChat Pay's PROCESSING). */
export async function settlePendingRefunds(deps: OrderDeps): Promise<number> {
  let settled = 0;
  for (const refund of await orders.pendingRefunds(deps.db, 50)) {
    // Just asked for, or being asked for right now: the refund call itself settles those.
    if (deps.clock.now() - Number(refund.created_at) < 30_000) continue;
    const order = await orders.findOrder(deps.db, refund.order_no);
    const channel = order ? deps.payChannels.get(order.channel) : undefined;
    if (!order || !channel) continue;
    const state = await channel
      .queryRefund(toPaymentOrder(order), refund.refund_no)
      .catch(() => 'pending' as const);
    if (state === 'pending') continue;
    await settleRefund(deps, refund.refund_no, state, `queried: ${state}`);
    settled += 1;
  }
  return settled;
}
