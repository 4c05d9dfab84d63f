import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';

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
  },
): Promise<void> {
  await db
    .insertInto('orders')
    .values({
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
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countPaid(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
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

export function ordersPage(db: Db, userId: number, offset: number, limit: number) {
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
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
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
