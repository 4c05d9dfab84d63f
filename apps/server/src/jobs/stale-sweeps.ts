import type { AppDeps } from '../deps.ts';
import type { JobQueue } from '../queue/job-queue.ts';

/** How long an item may stay `processing` untouched before its worker is taken to be dead. */
export const ITEM_LEASE_MS = 5 * 60_000;

/** A module's job items on one queue, as the sweeps below hand them out again. */
export interface QueuedItems {
  queue: string;
  /**
   * Makes the items of `statuses` untouched since `before` waiting again, at most `limit` (the
   * module's repository, see requeueStaleItems); returns their ids.
   */
  requeue(
    db: AppDeps['db'],
    stale: { before: number; now: number; limit: number; statuses: string[] },
  ): Promise<number[]>;
  /** The queue message that hands out one item: `{ itemId }`, `{ taskId }`. */
  message(id: number): Parameters<JobQueue['send']>[1];
}

type SweepDeps = Pick<AppDeps, 'db' | 'clock' | 'queue'>;

async function requeue(deps: SweepDeps, items: QueuedItems, stale: Parameters<QueuedItems['requeue']>[1]) {
  const ids = await items.requeue(deps.db, stale);
  for (const id of ids) await deps.queue.send(items.queue, items.message(id));
  return ids.length;
}

/**
 * At start on SQLite: only one node ever uses an embedded database, so an item left `processing`
 * was this node's own before it was killed. It goes back on the queue at once, and the job goes on
 * from it instead of waiting out the lease.
 */
export async function sweepAfterRestart(deps: SweepDeps, items: QueuedItems): Promise<number> {
  if (deps.queue.kind !== 'table') return 0;
  const now = deps.clock.now();
  return requeue(deps, items, { before: now + 1, now, limit: 10_000, statuses: ['processing'] });
}

/**
 * Hands out again what dead workers left behind, and waiting items whose message is gone (periodic,
 * every node; safe to race). A message goes when a node dies between saving a job and sending its
 * messages, or when a message is dropped after its tries; a waiting item whose message is still
 * queued is left alone: sending it again would add a copy for every item of a long job, every
 * five minutes, and the queue would refill itself.
 */
export async function sweepStale(deps: SweepDeps, items: QueuedItems): Promise<number> {
  const now = deps.clock.now();
  const stale = { before: now - ITEM_LEASE_MS, now, limit: 200 };
  const dead = await requeue(deps, items, { ...stale, statuses: ['processing'] });
  let lost = 0;
  for (const id of await items.requeue(deps.db, { ...stale, statuses: ['waiting'] })) {
    const message = items.message(id);
    if (await deps.queue.pending(items.queue, message)) continue;
    await deps.queue.send(items.queue, message);
    lost += 1;
  }
  return dead + lost;
}
