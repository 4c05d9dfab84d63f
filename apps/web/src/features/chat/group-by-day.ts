import { formatDate } from '../../lib/format';

/** Conversations under one heading of the list. */
export interface DayGroup<T> {
  label: string;
  items: T[];
}

/** Midnight `days` days before the day of `now`, in the browser's local time. */
function midnight(now: number, days: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - days);
  return d.getTime();
}

/**
 * Heads items (newest first) by the day of `updatedAt` as chat apps do: 今天, 昨天, 最近 7 天, then
 * one heading per earlier date (YYYY-MM-DD). Local time: the seller's today.
 */
export function groupByDay<T extends { updatedAt: number }>(
  items: readonly T[],
  now = Date.now(),
): DayGroup<T>[] {
  const today = midnight(now, 0);
  const yesterday = midnight(now, 1);
  const week = midnight(now, 6);
  const label = (at: number) =>
    at >= today ? '今天' : at >= yesterday ? '昨天' : at >= week ? '最近 7 天' : formatDate(new Date(at));
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const heading = label(item.updatedAt);
    const last = groups.at(-1);
    if (last?.label === heading) last.items.push(item);
    else groups.push({ label: heading, items: [item] });
  }
  return groups;
}
