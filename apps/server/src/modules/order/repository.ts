import type { Kysely } from 'kysely';
import { countRows } from '../../db/count.ts';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { PageWindow } from '../../lib/paging.ts';

type Db = Kysely<Database>;

export function findOrder(db: Db, orderNo: string) {
  return db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/** The order, locked for the rest of the transaction on PostgreSQL (SQLite runs one transaction at a time). */
export function lockOrder(db: Db, orderNo: string) {
  const query = db.selectFrom('orders').selectAll().where('order_no', '=', orderNo);
  return (dialectOf(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertOrder(
  db: Db,
  values: {
    orderNo: string;
    userId: number;
    productId: string;
    productName: string;
    days: number;
    amount: number;
    channel: string;
    now: number;
    expiresAt: number;
    /** The pay screen's key for this order; unique per user. */
    payKey?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('orders')
    .values({
      pay_key: values.payKey ?? null,
      order_no: values.orderNo,
      user_id: values.userId,
      product_id: values.productId,
      product_name: values.productName,
      days: values.days,
      amount: values.amount,
      channel: values.channel,
      status: 'pending',
      provider_trade_no: null,
      vip_end_at: null,
      created_at: values.now,
      expires_at: values.expiresAt,
      paid_at: null,
      closed_at: null,
    })
    .execute();
}

/** The user's order made with this pay key, if any. */
export function orderByPayKey(db: Db, userId: number, payKey: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('pay_key', '=', payKey)
    .executeTakeFirst();
}

/** How the channel says to pay the order (kept so a repeat of the order shows the same QR code). */
export async function savePayWay(
  db: Db,
  orderNo: string,
  way: { qrCode: string; payUrl: string | null },
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ qr_code: way.qrCode, pay_url: way.payUrl })
    .where('order_no', '=', orderNo)
    .execute();
}

/** The order no longer answers its pay key (the channel refused it): a retry with the key is a new order. */
export async function releasePayKey(db: Db, orderNo: string): Promise<void> {
  await db.updateTable('orders').set({ pay_key: null }).where('order_no', '=', orderNo).execute();
}

export async function markPaid(
  db: Db,
  orderNo: string,
  values: { tradeNo: string; vipEndAt: number; now: number },
): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      status: 'paid',
      provider_trade_no: values.tradeNo,
      vip_end_at: values.vipEndAt,
      paid_at: values.now,
    })
    .where('order_no', '=', orderNo)
    .execute();
}

/**
 * Claims the right to ask the provider about an order now: true for one caller per `gapMs`, on any
 * node, however many pay screens poll at once.
 */
export async function claimProviderQuery(
  db: Db,
  orderNo: string,
  now: number,
  gapMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ queried_at: now })
    .where('order_no', '=', orderNo)
    .where((eb) => eb.or([eb('queried_at', 'is', null), eb('queried_at', '<=', now - gapMs)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Closes the order if it is still pending; false when something else got there first. */
export async function closeIfPending(db: Db, orderNo: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: 'closed', closed_at: now })
    .where('order_no', '=', orderNo)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countPending(db: Db, userId: number, now: number): Promise<number> {
  return countRows(
    db
      .selectFrom('orders')
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now),
  );
}

export async function countPaid(db: Db, userId: number): Promise<number> {
  return countRows(db.selectFrom('orders').where('user_id', '=', userId).where('status', '=', 'paid'));
}

export function expiredPending(db: Db, now: number, limit: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

export function ordersPage(db: Db, userId: number, { offset, limit }: PageWindow) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countOrders(db: Db, userId: number): Promise<number> {
  return countRows(db.selectFrom('orders').where('user_id', '=', userId));
}

export async function logPaymentEvent(
  db: Db,
  values: { orderNo: string; channel: string; kind: string; outcome: string; detail: string; now: number },
): Promise<void> {
  await db
    .insertInto('payment_events')
    .values({
      order_no: values.orderNo.slice(0, 64),
      channel: values.channel,
      kind: values.kind,
      outcome: values.outcome,
      detail: values.detail.slice(0, 2000),
      created_at: values.now,
    })
    .execute();
}

export function paymentEvents(db: Db, orderNo: string) {
  return db.selectFrom('payment_events').selectAll().where('order_no', '=', orderNo).orderBy('id').execute();
}

/** Every order of the user, oldest first (导出我的数据; orders are kept after 注销账号). */
export function allOrders(db: Db, userId: number) {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export function refundsOf(db: Db, orderNo: string) {
  return db.selectFrom('refunds').selectAll().where('order_no', '=', orderNo).orderBy('id').execute();
}

export function pendingRefunds(db: Db, limit: number) {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('status', '=', 'pending')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function insertRefund(
  db: Db,
  values: { refundNo: string; orderNo: string; amount: number; reason: string; actorId: number; now: number },
): Promise<void> {
  await db
    .insertInto('refunds')
    .values({
      refund_no: values.refundNo,
      order_no: values.orderNo,
      amount: values.amount,
      reason: values.reason,
      status: 'pending',
      actor_id: values.actorId,
      detail: null,
      created_at: values.now,
      finished_at: null,
    })
    .execute();
}

/** Ends a pending refund; false when it had already ended (another node finished it). */
export async function finishRefund(
  db: Db,
  refundNo: string,
  outcome: { status: 'succeeded' | 'failed'; vipDaysTaken: number; detail: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set({
      status: outcome.status,
      vip_days_taken: outcome.vipDaysTaken,
      detail: outcome.detail,
      finished_at: outcome.now,
    })
    .where('refund_no', '=', refundNo)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setRefundVipDaysTaken(db: Db, refundNo: string, days: number): Promise<void> {
  await db.updateTable('refunds').set({ vip_days_taken: days }).where('refund_no', '=', refundNo).execute();
}

export async function setRefundState(
  db: Db,
  orderNo: string,
  state: { status: string; refundedAmount: number },
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: state.status, refunded_amount: state.refundedAmount })
    .where('order_no', '=', orderNo)
    .execute();
}

function adminFiltered(
  db: Db,
  filter: { status?: string; channel?: string; from?: number; to?: number; phone?: string; orderNo?: string },
) {
  let query = db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id');
  if (filter.orderNo) query = query.where('orders.order_no', '=', filter.orderNo);
  if (filter.status) query = query.where('orders.status', '=', filter.status);
  if (filter.channel) query = query.where('orders.channel', '=', filter.channel);
  if (filter.from !== undefined) query = query.where('orders.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('orders.created_at', '<', filter.to);
  if (filter.phone) query = query.where('users.phone', 'like', `%${filter.phone}%`);
  return query;
}

/** Orders for the console, newest first, with the buyer's phone. */
export function adminOrdersPage(
  db: Db,
  filter: Parameters<typeof adminFiltered>[1],
  { offset, limit }: PageWindow,
) {
  return adminFiltered(db, filter)
    .selectAll('orders')
    .select('users.phone')
    .orderBy('orders.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function countAdminOrders(db: Db, filter: Parameters<typeof adminFiltered>[1]) {
  return countRows(adminFiltered(db, filter));
}

export function findRefund(db: Db, refundNo: string) {
  return db.selectFrom('refunds').selectAll().where('refund_no', '=', refundNo).executeTakeFirst();
}

/**
 * Per buyer among `userIds`: fen paid for orders paid in [from, to), and fen refunded of them, the
 * way the console's 成本 report counts a day's revenue (by when the order was paid).
 */
export async function paidByBuyers(db: Db, userIds: readonly number[], from: number, to: number) {
  if (userIds.length === 0) return new Map<number, { paid: number; refunded: number }>();
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [
      'user_id',
      eb.fn.sum<number | string>('amount').as('paid'),
      eb.fn.sum<number | string>('refunded_amount').as('refunded'),
    ])
    .where('user_id', 'in', userIds)
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .groupBy('user_id')
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.user_id),
      { paid: Number(row.paid ?? 0), refunded: Number(row.refunded ?? 0) },
    ]),
  );
}
