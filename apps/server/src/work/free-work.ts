import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { acquireWorkSlot, tooManyRequests } from '../modules/throttle/service.ts';
import { ProviderError } from '../providers/provider-error.ts';
import type { FreeWorkLanes } from './free-work-lanes.ts';

/** One piece of free work (see FreeWorkLanes in free-work-lanes.ts for why it is bounded). */
export interface FreeWork {
  userId: number;
  /** The work slot's kind: one of these at a time per seller. */
  kind: string;
  /** What the seller asked for, in the 429's words: 「重新生成」, 「修补」. */
  what: string;
}

/** A seller's slot left by a node that died mid-work is taken back after this. */
const STALE_MS = 120_000;

/**
 * Runs `work` in the seller's one slot of `kind` and one of this node's lanes, or answers 429: also
 * when the work finds a pool it needs full (the pixel pool's queue), in the words of what the
 * seller asked for, as a full line of lanes is.
 */
export async function runFreeWork<T>(
  deps: { db: Kysely<Database>; clock: Clock; freeWork: FreeWorkLanes },
  job: FreeWork,
  work: () => Promise<T>,
): Promise<T> {
  const slot = await acquireWorkSlot(
    deps.db,
    {
      userId: job.userId,
      kind: job.kind,
      limit: 1,
      staleMs: STALE_MS,
      message: `上一次${job.what}还没完成，请等它完成后再试`,
    },
    deps.clock.now(),
    2,
  );
  try {
    const busy = (seconds: number) =>
      tooManyRequests(`服务器正忙，${job.what}请 ${seconds} 秒后再试`, seconds);
    const entered = deps.freeWork.enter();
    if (!entered) throw busy(5);
    const leave = await entered;
    try {
      return await work();
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'busy') throw busy(error.retryAfter ?? 5);
      throw error;
    } finally {
      leave();
    }
  } finally {
    await slot.release();
  }
}
