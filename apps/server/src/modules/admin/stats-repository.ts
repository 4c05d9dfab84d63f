import { type Kysely, sql } from 'kysely';
import { countRows } from '../../db/count.ts';
import type { Database } from '../../db/database.ts';

/** Read-only figures for the 概览 dashboard, across the modules' tables. */
type Db = Kysely<Database>;

export function countNewUsers(db: Db, from: number, to: number) {
  return countRows(
    db
      .selectFrom('users')
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where('phone', 'not like', 'deleted-%'),
  );
}

/** Accounts with a session used since `from`. */
export async function countActiveUsers(db: Db, from: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select(sql<number | string>`count(distinct user_id)`.as('n'))
    .where('last_seen_at', '>=', from)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function paidOrderTotals(db: Db, from: number, to: number) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string>('amount').as('revenue'),
      eb.fn.sum<number | string>('refunded_amount').as('refunded'),
    ])
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .executeTakeFirst();
  return {
    count: Number(row?.n ?? 0),
    revenue: Number(row?.revenue ?? 0),
    refunded: Number(row?.refunded ?? 0),
  };
}

export async function countVipMembers(db: Db, now: number): Promise<number> {
  const row = await db
    .selectFrom('consumer_levels')
    .select(sql<number | string>`count(distinct user_id)`.as('n'))
    .where('level_end_at', '>', now)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Net uses and refunds (provider failures) per feature over China-time days. */
export async function usesByFeature(db: Db, days: readonly string[]) {
  const rows = await db
    .selectFrom('usage_ledger')
    .select((eb) => [
      'feature',
      eb.fn.sum<number | string>('delta').as('net'),
      eb.fn.sum<number | string>(eb.case().when('delta', '<', 0).then(1).else(0).end()).as('refunds'),
    ])
    .where('day', 'in', days)
    .groupBy('feature')
    .execute();
  return rows.map((r) => ({ feature: r.feature, net: Number(r.net), refunds: Number(r.refunds) }));
}
