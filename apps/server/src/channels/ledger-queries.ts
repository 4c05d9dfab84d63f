import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * The cost ledger read call by call and seller by seller, for the console's 成本 page (调用明细,
 * 卖家排行). The daily and per-channel sums are in repository.ts; all of them read the same rows.
 */
type Db = Kysely<Database>;

/** Which calls the log shows: each filter left out matches every call. */
export interface CallFilter {
  userId?: number;
  purpose?: string;
  channel?: string;
  /** A China day (YYYY-MM-DD). */
  day?: string;
}

function filtered<O>(query: SelectQueryBuilder<Database, 'provider_calls', O>, filter: CallFilter) {
  let q = query;
  if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId);
  if (filter.purpose) q = q.where('purpose', '=', filter.purpose);
  if (filter.channel) q = q.where('channel_name', '=', filter.channel);
  if (filter.day) q = q.where('day', '=', filter.day);
  return q;
}

/** A page of calls, newest first (ids grow with time; two calls in one millisecond keep their order). */
export function ledgerCallsPage(db: Db, filter: CallFilter, window: { offset: number; limit: number }) {
  return filtered(db.selectFrom('provider_calls').selectAll(), filter)
    .orderBy('id', 'desc')
    .offset(window.offset)
    .limit(window.limit)
    .execute();
}

export async function countLedgerCalls(db: Db, filter: CallFilter): Promise<number> {
  const row = await filtered(
    db.selectFrom('provider_calls').select((eb) => eb.fn.countAll<number | string>().as('n')),
    filter,
  ).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The sellers whose calls cost most from `fromDay` on, at most `limit`. */
export async function costlySellers(db: Db, fromDay: string, limit: number) {
  const cost = sql<number | string>`sum(cost_micros)`;
  const rows = await db
    .selectFrom('provider_calls')
    .select((eb) => [
      'user_id',
      eb.fn.countAll<number | string>().as('calls'),
      eb.fn.sum<number | string>('input_tokens').as('input'),
      eb.fn.sum<number | string>('output_tokens').as('output'),
      eb.fn.sum<number | string>('images').as('images'),
      cost.as('cost'),
    ])
    .where('day', '>=', fromDay)
    .where('user_id', 'is not', null)
    .groupBy('user_id')
    .orderBy(cost, 'desc')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    userId: Number(row.user_id),
    calls: Number(row.calls),
    tokens: Number(row.input ?? 0) + Number(row.output ?? 0),
    images: Number(row.images ?? 0),
    costMicros: Number(row.cost ?? 0),
  }));
}

/** Everything from `fromDay` on, split into calls with a seller and calls without (tests, closed accounts). */
export async function sellerTotals(db: Db, fromDay: string) {
  const row = await db
    .selectFrom('provider_calls')
    .select((eb) => [
      sql<number | string>`count(distinct user_id)`.as('sellers'),
      eb.fn.sum<number | string>(sql`case when user_id is null then 0 else 1 end`).as('calls'),
      eb.fn
        .sum<number | string>(sql`case when user_id is null then 0 else input_tokens + output_tokens end`)
        .as('tokens'),
      eb.fn.sum<number | string>(sql`case when user_id is null then 0 else cost_micros end`).as('cost'),
      eb.fn.sum<number | string>(sql`case when user_id is null then 1 else 0 end`).as('loose_calls'),
      eb.fn.sum<number | string>(sql`case when user_id is null then cost_micros else 0 end`).as('loose_cost'),
    ])
    .where('day', '>=', fromDay)
    .executeTakeFirst();
  return {
    sellers: Number(row?.sellers ?? 0),
    calls: Number(row?.calls ?? 0),
    tokens: Number(row?.tokens ?? 0),
    costMicros: Number(row?.cost ?? 0),
    unattributed: { calls: Number(row?.loose_calls ?? 0), costMicros: Number(row?.loose_cost ?? 0) },
  };
}
