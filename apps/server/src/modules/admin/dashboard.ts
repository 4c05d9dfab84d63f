import {
  chinaDay,
  chinaDayStart,
  DAY_IN_MS,
  type Dashboard,
  FEATURE_LABELS,
  FEATURES,
} from '@chuhai/contract';
import type { OperatorDeps } from './operator-deps.ts';
import * as stats from './stats-repository.ts';

/** 概览: new and active users, paid orders and revenue, VIP members, uses per feature, failures; by day. */
export async function dashboard(deps: OperatorDeps, days: 1 | 7 | 30): Promise<Dashboard> {
  const now = deps.clock.now();
  const todayStart = chinaDayStart(now);
  const from = todayStart - (days - 1) * DAY_IN_MS;
  const dayStarts = Array.from({ length: days }, (_, i) => from + i * DAY_IN_MS);
  const dayNames = dayStarts.map((start) => chinaDay(start));
  const [newUsers, activeUsers, orders, vipMembers, uses] = await Promise.all([
    stats.countNewUsers(deps.db, from, now + 1),
    stats.countActiveUsers(deps.db, from),
    stats.paidOrderTotals(deps.db, from, now + 1),
    stats.countVipMembers(deps.db, now),
    stats.usesByFeature(deps.db, dayNames),
  ]);
  const series = await Promise.all(
    dayStarts.map(async (start, i) => {
      const end = start + DAY_IN_MS;
      const [users, paid, used] = await Promise.all([
        stats.countNewUsers(deps.db, start, end),
        stats.paidOrderTotals(deps.db, start, end),
        stats.usesByFeature(deps.db, [dayNames[i] as string]),
      ]);
      return {
        day: dayNames[i] as string,
        newUsers: users,
        revenueFen: paid.revenue - paid.refunded,
        uses: used.reduce((sum, u) => sum + u.net, 0),
      };
    }),
  );
  return {
    days,
    newUsers,
    activeUsers,
    paidOrders: orders.count,
    revenueFen: orders.revenue,
    refundedFen: orders.refunded,
    vipMembers,
    uses: FEATURES.map((feature) => ({
      feature,
      name: FEATURE_LABELS[feature],
      used: uses.find((u) => u.feature === feature)?.net ?? 0,
    })),
    providerFailures: uses.reduce((sum, u) => sum + u.refunds, 0),
    series,
  };
}
