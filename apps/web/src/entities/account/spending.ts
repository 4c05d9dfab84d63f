import type { QueryClient } from '@tanstack/react-query';

/**
 * The mark of a query whose answer shows today's uses, VIP or a balance (account info, 一键出海's
 * 用量 estimate). Every action that spends or grants them calls `invalidateSpending`, which
 * refreshes exactly the queries carrying this mark, so no figure on a screen outlives the action
 * that changed it and no feature has to know another feature's keys.
 */
export const showsSpending = { showsSpending: true } as const;

/** Refreshes every query marked `showsSpending` (the active ones refetch now, the rest on next use). */
export function invalidateSpending(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (query) => query.meta?.showsSpending === true });
}
