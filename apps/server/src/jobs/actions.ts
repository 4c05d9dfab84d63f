import { chinaDayStart, ResultCode } from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../lib/app-error.ts';
import type { JobQueue } from '../queue/job-queue.ts';
import { moveItems, unpauseItems } from './items.ts';
import { type JobTables, setJobStatus, withJobLocked } from './roll-up.ts';

/** A module's items on their queue: where a moved-back item is sent, and as what message. */
export interface QueuedJobItems {
  tables: JobTables;
  queue: string;
  /** The queue message that hands out one item: `{ itemId }`, `{ taskId }`. */
  message(id: number): Parameters<JobQueue['send']>[1];
}

/** What a seller's 暂停, 继续 or 取消 does to the job and its items. */
export interface JobChange {
  /** The words that refuse the change from the job's status now (read under the job's lock), or null. */
  refuse(status: string): string | null;
  /** The job's status after it; `cancelled` also ends it now. */
  job: 'paused' | 'running' | 'cancelled';
  /** The items it moves: those in one of `from` go to `to`, with `reason`. */
  items: { from: string[]; to: string; reason: string };
  /** When set, moving no item refuses the change with these words, and nothing is written. */
  nothingToMove?: string;
}

/**
 * 取消, the same for every job of items: a job still going (running or paused) ends now; its items not
 * started are cancelled and never charged; one being made finishes, and what is done stays.
 */
export const CANCEL_JOB: JobChange = {
  refuse: (status) => (status === 'done' || status === 'cancelled' ? '任务已经结束，无需取消' : null),
  job: 'cancelled',
  items: { from: ['waiting', 'paused'], to: 'cancelled', reason: '已取消' },
};

type ChangeDeps = Pick<AppDeps, 'db' | 'clock' | 'queue'>;

/**
 * 暂停, 继续, 取消: in one transaction that holds the job (withJobLocked), the job's status is read
 * afresh, then the job row written and its items moved, always in that order; items moved back to
 * waiting are sent after it commits. So two presses at once, or a press while the last item settles,
 * end in one state that the job and its items agree on. Returns the ids moved.
 */
export async function changeJob(
  deps: ChangeDeps,
  items: QueuedJobItems,
  jobId: number,
  change: JobChange,
): Promise<number[]> {
  const now = deps.clock.now();
  const moved = await withJobLocked(deps.db, items.tables, jobId, async (trx, job) => {
    const refused = job ? change.refuse(job.status) : '任务不存在或已过期';
    if (refused) throw new AppError(ResultCode.badRequest, refused);
    await setJobStatus(trx, items.tables.jobs, jobId, change.job, change.job === 'cancelled' ? now : null);
    const ids = await moveItems(trx, items.tables.items, jobId, change.items.from, {
      status: change.items.to,
      reason: change.items.reason,
      now,
    });
    if (ids.length === 0 && change.nothingToMove)
      throw new AppError(ResultCode.badRequest, change.nothingToMove);
    return ids;
  });
  if (change.items.to === 'waiting')
    for (const id of moved) await deps.queue.send(items.queue, items.message(id));
  return moved;
}

/** Items paused by a day's quota before `before`, with their jobs (`jobId`: only that job's). */
export type PausedByQuota = (
  db: Kysely<Database>,
  paused: { before: number; limit: number; jobId?: number },
) => Promise<{ id: number; job_id: number }[]>;

/**
 * After 00:00 China time, items paused at yesterday's quota go on by themselves (if today's uses do
 * not cover them either, they pause again with today's date); `pausedByQuota` leaves out what the
 * seller paused. Each job in one transaction that holds it, its paused items read again inside, so a
 * seller's 暂停 or 取消 pressed meanwhile wins. Periodic, every node; safe to race.
 */
export async function resumeAfterMidnight(
  deps: ChangeDeps,
  items: QueuedJobItems,
  pausedByQuota: PausedByQuota,
): Promise<number> {
  const now = deps.clock.now();
  const before = chinaDayStart(now);
  const found = await pausedByQuota(deps.db, { before, limit: 500 });
  let resumed = 0;
  for (const jobId of new Set(found.map((p) => Number(p.job_id)))) {
    const moved = await withJobLocked(deps.db, items.tables, jobId, async (trx, job) => {
      if (!job || job.status === 'cancelled') return [];
      const paused = await pausedByQuota(trx, { before, limit: 500, jobId });
      const ids = await unpauseItems(
        trx,
        items.tables.items,
        paused.map((p) => Number(p.id)),
        now,
      );
      if (ids.length > 0 && job.status === 'paused')
        await setJobStatus(trx, items.tables.jobs, jobId, 'running', null);
      return ids;
    });
    for (const id of moved) await deps.queue.send(items.queue, items.message(id));
    resumed += moved.length;
  }
  return resumed;
}
