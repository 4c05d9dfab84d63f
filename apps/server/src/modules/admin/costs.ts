import { type CostReport, chinaDay, chinaDayStart, DAY_IN_MS } from '@chuhai/contract';
import { channelCosts, userCostMicros } from '../../channels/index.ts';
import type { OperatorDeps } from './operator-deps.ts';
import { chinaMonthStart } from './seller-costs.ts';
import * as stats from './stats-repository.ts';

/** Micro-yuan as yuan, to the micro-yuan: a day's figure is exactly the sum of its calls. */
const yuan = (micros: number) => micros / 1_000_000;
const toMicro = (value: number) => Math.round(value * 1_000_000) / 1_000_000;

/**
 * 成本: revenue from paid orders (less refunds) against what the providers cost, per China day and
 * per feature, and per channel; the cost is the ledger's sum of every call at its channel's price.
 */
export async function costReport(deps: OperatorDeps, days: number): Promise<CostReport> {
  const now = deps.clock.now();
  const from = chinaDayStart(now) - (days - 1) * DAY_IN_MS;
  const dayStarts = Array.from({ length: days }, (_, i) => from + i * DAY_IN_MS);
  const firstDay = chinaDay(from);
  const [{ byDay: costRows, byChannel: channelRows }, revenues] = await Promise.all([
    channelCosts(deps.db, firstDay),
    Promise.all(dayStarts.map((start) => stats.paidOrderTotals(deps.db, start, start + DAY_IN_MS))),
  ]);
  const list = dayStarts.map((start, i) => {
    const day = chinaDay(start);
    const rows = costRows.filter((row) => row.day === day);
    const costMicros = rows.reduce((sum, row) => sum + row.costMicros, 0);
    const paid = revenues[i] as { revenue: number; refunded: number };
    const revenue = (paid.revenue - paid.refunded) / 100;
    const cost = yuan(costMicros);
    return {
      day,
      revenue,
      cost,
      margin: toMicro(revenue - cost),
      calls: rows.reduce((sum, row) => sum + row.calls, 0),
      byPurpose: Object.fromEntries(rows.map((row) => [row.purpose, yuan(row.costMicros)])),
    };
  });
  const revenue = list.reduce((sum, d) => sum + d.revenue, 0);
  const cost = yuan(costRows.reduce((sum, row) => sum + row.costMicros, 0));
  return {
    days: list,
    totals: { revenue, cost, margin: toMicro(revenue - cost) },
    byChannel: channelRows.map((row) => ({
      name: row.name,
      calls: row.calls,
      errors: row.failures,
      cost: yuan(row.costMicros),
    })),
  };
}

/** What a seller's AI calls cost us since the start of this China month, in yuan (the user drawer). */
export async function monthCostOf(deps: OperatorDeps, userId: number): Promise<number> {
  // The same start as 卖家排行's 本月, so the drawer and the ranking show one figure.
  return yuan(await userCostMicros(deps.db, userId, chinaMonthStart(deps.clock.now())));
}
