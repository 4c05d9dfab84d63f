import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { lockKey } from '../db/locks.ts';
import type { JobItemTable, JobTable } from './items.ts';

type Db = Kysely<Database>;

/** A job's table and its items' table: batch_jobs with batch_items, localise_jobs with localise_tasks. */
export interface JobTables {
  jobs: JobTable;
  items: JobItemTable;
}

/** How many of a job's items are in each status: one GROUP BY, whatever the job's size. */
export async function statusCounts(db: Db, items: JobItemTable, jobId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom(items)
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('job_id', '=', jobId)
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

const openItems = (counts: Map<string, number>) =>
  (counts.get('waiting') ?? 0) + (counts.get('processing') ?? 0);

/** The job's row as a locked transaction reads it: its status, or null when it is gone. */
export interface LockedJob {
  id: number;
  userId: number;
  status: string;
  expiresAt: number;
}

/**
 * Runs `work` in a transaction that holds the job: every write to a job's status (the seller's
 * pause, resume and cancel, the roll-up when its last item settles, the midnight resume) takes the
 * same lock first and then reads the job and its items afresh, so two of them never interleave and
 * each writes the job row before its items. On PostgreSQL an advisory lock per job (a lone UPDATE
 * would see items as they were when it began, not as the write it waited for left them); SQLite runs
 * one transaction at a time already.
 */
export function withJobLocked<T>(
  db: Db,
  tables: JobTables,
  jobId: number,
  work: (trx: Db, job: LockedJob | null) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockKey(trx, `${tables.jobs}:${jobId}`);
    const row = await trx
      .selectFrom(tables.jobs)
      .select(['id', 'user_id', 'status', 'expires_at'])
      .where('id', '=', jobId)
      .executeTakeFirst();
    const job = row
      ? {
          id: Number(row.id),
          userId: Number(row.user_id),
          status: row.status,
          expiresAt: Number(row.expires_at),
        }
      : null;
    return work(trx, job);
  });
}

/** The job's status and when it ended, written inside withJobLocked. */
export async function setJobStatus(
  trx: Db,
  jobs: JobTable,
  jobId: number,
  status: string,
  endedAt: number | null,
): Promise<void> {
  await trx.updateTable(jobs).set({ status, ended_at: endedAt }).where('id', '=', jobId).execute();
}

/**
 * After an item settles: the job is done when none is left to process, paused when only paused ones
 * are; a cancelled job stays cancelled. One GROUP BY while items are still open (nearly every call),
 * so a job's cost grows with its size, not its square; only when none is open is the job locked,
 * counted again and written. Each caller counts after its own settle, so the last item to settle
 * sees every other's.
 */
export async function rollUpJob(
  deps: { db: Db; clock: { now(): number } },
  tables: JobTables,
  jobId: number,
): Promise<void> {
  if (openItems(await statusCounts(deps.db, tables.items, jobId)) > 0) return;
  await withJobLocked(deps.db, tables, jobId, async (trx, job) => {
    if (!job || job.status === 'cancelled') return;
    const counts = await statusCounts(trx, tables.items, jobId);
    if (openItems(counts) > 0) return;
    const paused = (counts.get('paused') ?? 0) > 0;
    const status = paused ? 'paused' : 'done';
    if (job.status !== status)
      await setJobStatus(trx, tables.jobs, jobId, status, paused ? null : deps.clock.now());
  });
}
