import {
  chinaDay,
  chinaDayStart,
  DAY_IN_MS,
  SELLER_COST_TOP,
  type SellerCostPeriod,
  type SellerCostReport,
} from '@chuhai/contract';
import { costlySellers, sellerTotals } from '../../channels/index.ts';
import { phonesOf } from '../account/service.ts';
import { paidByBuyers } from '../order/service.ts';
import { sellerName } from './cost-log.ts';
import type { OperatorDeps } from './operator-deps.ts';

const yuan = (micros: number) => micros / 1_000_000;
const toMicro = (value: number) => Math.round(value * 1_000_000) / 1_000_000;

/** Midnight China time on the first of this China month: where the user drawer's month cost starts. */
export function chinaMonthStart(now: number): number {
  const today = chinaDayStart(now);
  // chinaDayStart is UTC+8 midnight: the China date's day of month is read from it shifted by 8 hours.
  const dayOfMonth = new Date(today + 8 * 3_600_000).getUTCDate();
  return today - (dayOfMonth - 1) * DAY_IN_MS;
}

/** Where a period starts: the last 7 or 30 China days with today (as the report's), or this month. */
function periodStart(period: SellerCostPeriod, now: number): number {
  if (period === 'month') return chinaMonthStart(now);
  return chinaDayStart(now) - (Number(period) - 1) * DAY_IN_MS;
}

/**
 * 成本 · 卖家排行: the sellers whose AI calls cost most over the period, with what they paid us in it
 * (orders paid in the period, less what was refunded of them, as the report's revenue) and the margin.
 */
export async function sellerCosts(deps: OperatorDeps, period: SellerCostPeriod): Promise<SellerCostReport> {
  const now = deps.clock.now();
  const from = periodStart(period, now);
  const fromDay = chinaDay(from);
  const [top, totals] = await Promise.all([
    costlySellers(deps.db, fromDay, SELLER_COST_TOP),
    sellerTotals(deps.db, fromDay),
  ]);
  const ids = top.map((row) => row.userId);
  const [phones, paid] = await Promise.all([
    phonesOf(deps.db, ids),
    paidByBuyers(deps.db, ids, from, chinaDayStart(now) + DAY_IN_MS),
  ]);
  return {
    from: fromDay,
    sellers: top.map((row) => {
      const orders = paid.get(row.userId) ?? { paid: 0, refunded: 0 };
      const revenue = (orders.paid - orders.refunded) / 100;
      const cost = yuan(row.costMicros);
      return {
        userId: row.userId,
        seller: sellerName(row.userId, phones),
        calls: row.calls,
        tokens: row.tokens,
        images: row.images,
        cost,
        revenue,
        margin: toMicro(revenue - cost),
      };
    }),
    totals: {
      sellers: totals.sellers,
      calls: totals.calls,
      tokens: totals.tokens,
      cost: yuan(totals.costMicros),
    },
    unattributed: { calls: totals.unattributed.calls, cost: yuan(totals.unattributed.costMicros) },
  };
}
