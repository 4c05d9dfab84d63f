import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

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

/**
 * For a job that charges as it delivers (一键出海, 批量处理): each time another piece is done, and
 * when the job stops running (done, paused for want of uses, cancelled), the figures are refreshed.
 * Also on first sight of a finished job: it may have ended while the page was elsewhere.
 */
export function useSpendingFollowsJob(status: string | undefined, done: number | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (status === undefined) return;
    if (status !== 'running' || (done ?? 0) > 0) void invalidateSpending(client);
  }, [status, done, client]);
}
