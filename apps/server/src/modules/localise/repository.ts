import {
  JOB_ITEM_STATUSES,
  JOB_STATUSES,
  type JobItemStatus,
  type JobStatus,
  LOCALISE_STAGES,
  LocaliseProduct,
  type LocaliseStage,
} from '@chuhai/contract';
import type { Kysely, Selectable } from 'kysely';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { Database } from '../../db/database.ts';
import { readJsonColumn, readStatusColumn } from '../../db/json-column.ts';
import { jobReads, newJobColumns, requeueStaleItems } from '../../jobs/items.ts';
import type { LocaliseJobTable, LocaliseTaskTable } from './table.ts';
import { EMPTY_RESULT, isStoredResult, type TaskResult } from './task-result.ts';

type Db = Kysely<Database>;

/** 一键出海's job and task tables, as the jobs layer reads them. */
export const LOCALISE_TABLES = { jobs: 'localise_jobs', items: 'localise_tasks' } as const;

/** A job as its row holds it, its JSON columns read: the products and the sites' ids. */
export type LocaliseJobRow = Omit<Selectable<LocaliseJobTable>, 'status' | 'products' | 'sites'> & {
  status: JobStatus;
  products: LocaliseProduct[];
  sites: string[];
};

/**
 * A task as its row holds it, its result read (`{}` until delivered reads as the empty result);
 * `storedResult` is the column's text, for a change made only if nobody changed it first.
 */
export type LocaliseTaskRow = Omit<Selectable<LocaliseTaskTable>, 'status' | 'stage' | 'result'> & {
  status: JobItemStatus;
  stage: LocaliseStage | null;
  result: TaskResult;
  storedResult: string;
};

const ProductList = Type.Array(LocaliseProduct);
const isProducts = (value: unknown): value is LocaliseProduct[] => Value.Check(ProductList, value);
const isSiteIds = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

/** A localise_jobs row, mapped once: every reader after this has typed products and sites. */
function toJob(row: Selectable<LocaliseJobTable>): LocaliseJobRow {
  return {
    ...row,
    status: readStatusColumn(row.status, JOB_STATUSES, 'localise_jobs.status'),
    products: readJsonColumn(row.products, isProducts, 'localise_jobs.products'),
    sites: readJsonColumn(row.sites, isSiteIds, 'localise_jobs.sites'),
  };
}

/** A localise_tasks row, mapped once. */
function toTask(row: Selectable<LocaliseTaskTable>): LocaliseTaskRow {
  return {
    ...row,
    status: readStatusColumn(row.status, JOB_ITEM_STATUSES, 'localise_tasks.status'),
    stage: row.stage === null ? null : readStatusColumn(row.stage, LOCALISE_STAGES, 'localise_tasks.stage'),
    result: { ...EMPTY_RESULT, ...readJsonColumn(row.result, isStoredResult, 'localise_tasks.result') },
    storedResult: row.result,
  };
}

/**
 * A job and one waiting task per product × site, in one transaction: never a job without its tasks.
 * Null when the seller already has a job with this `startKey` (a double click raced this one).
 */
export async function insertJob(
  db: Db,
  values: {
    userId: number;
    products: LocaliseProduct[];
    sites: string[];
    now: number;
    expiresAt: number;
    startKey: string | null;
  },
): Promise<{ jobId: number; taskIds: number[] } | null> {
  return db.transaction().execute(async (trx) => {
    const job = await trx
      .insertInto('localise_jobs')
      .values({
        ...newJobColumns(values),
        products: JSON.stringify(values.products),
        sites: JSON.stringify(values.sites),
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'start_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!job) return null;
    const jobId = Number(job.id);
    const tasks = await trx
      .insertInto('localise_tasks')
      .values(
        values.products
          .map((_, product) => product)
          .flatMap((product) =>
            values.sites.map((site) => ({
              job_id: jobId,
              user_id: values.userId,
              product_index: product,
              site,
              status: 'waiting',
              stage: null,
              reason: '',
              result: '{}',
              claimed_at: null,
              updated_at: values.now,
            })),
          ),
      )
      .returning('id')
      .execute();
    return { jobId, taskIds: tasks.map((t) => Number(t.id)).sort((a, b) => a - b) };
  });
}

const reads = jobReads(LOCALISE_TABLES, toJob, toTask);

export const { job: jobById, jobThere, item: taskById, itemThere: taskThere, itemsOfJob: jobTasks } = reads;

/** The seller's job started with this key, if any. */
export function jobByStartKey(db: Db, userId: number, startKey: string) {
  return db
    .selectFrom('localise_jobs')
    .select('id')
    .where('user_id', '=', userId)
    .where('start_key', '=', startKey)
    .executeTakeFirst();
}

/** The seller's own job while kept at `now`, or undefined. */
export const ownJob = reads.keptJobOf;

/** The seller's jobs still kept, newest first. */
export const recentJobs = reads.keptJobs;

/** The seller's jobs, oldest first (导出我的数据). */
export const jobsOfUser = reads.allJobs;

/** Every file key the seller's delivered tasks keep (注销). */
export async function taskFilesOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('localise_tasks').selectAll().where('user_id', '=', userId).execute();
  return rows.flatMap((row) => toTask(row).result.files.map((f) => f.key));
}

/**
 * Takes a waiting task for this worker; false when another has it or it is no longer waiting. A
 * waiting task has no stage (a settle and the stale sweep clear it), so the claim starts afresh.
 */
export const claimTask = reads.claim;

/** The stage a processing task is at, for the progress on screen (only while it is this worker's). */
export async function setStage(
  db: Db,
  taskId: number,
  claimedAt: number,
  stage: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('localise_tasks')
    .set({ stage, updated_at: now })
    .where('id', '=', taskId)
    .where('status', '=', 'processing')
    .where('claimed_at', '=', claimedAt)
    .execute();
}

/**
 * Ends a task this worker claimed at `claimedAt`; false when it is no longer this worker's (taken
 * back by the sweep and claimed again, or cancelled meanwhile): then the caller's result is not kept.
 */
export async function settleTask(
  db: Db,
  taskId: number,
  claimedAt: number,
  values: { status: string; reason: string; result?: TaskResult; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('localise_tasks')
    .set({
      status: values.status,
      reason: values.reason,
      stage: null,
      ...(values.result === undefined ? {} : { result: JSON.stringify(values.result) }),
      claimed_at: null,
      updated_at: values.now,
    })
    .where('id', '=', taskId)
    .where('status', '=', 'processing')
    .where('claimed_at', '=', claimedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Tasks paused by the day's quota before `before` (not by the seller: their reason is SELLER_PAUSE),
 * in jobs the seller has not paused (`jobId`: only that job's).
 */
export function quotaPausedBefore(
  db: Db,
  sellerPause: string,
  paused: { before: number; limit: number; jobId?: number },
) {
  let query = db
    .selectFrom('localise_tasks')
    .select(['id', 'job_id'])
    .where('status', '=', 'paused')
    .where('reason', '!=', sellerPause)
    .where('updated_at', '<', paused.before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('localise_tasks as held')
            .select('held.id')
            .whereRef('held.job_id', '=', 'localise_tasks.job_id')
            .where('held.status', '=', 'paused')
            .where('held.reason', '=', sellerPause),
        ),
      ),
    );
  if (paused.jobId !== undefined) query = query.where('job_id', '=', paused.jobId);
  return query.orderBy('id').limit(paused.limit).execute();
}

/**
 * A delivered task's result replaced, only if it is still `before` (the seller's confirmation read
 * it): false when another change came first, so neither is lost.
 */
export async function replaceResult(
  db: Db,
  taskId: number,
  before: string,
  after: TaskResult,
): Promise<boolean> {
  const result = await db
    .updateTable('localise_tasks')
    .set({ result: JSON.stringify(after) })
    .where('id', '=', taskId)
    .where('status', '=', 'done')
    .where('result', '=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Tasks a dead worker left (see requeueStaleItems), made waiting again to be sent out. The stage
 * was the dead worker's and goes in the same transaction, so no reader sees a waiting task with one.
 */
export function staleTasks(db: Db, stale: Parameters<typeof requeueStaleItems>[2]): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const ids = await requeueStaleItems(trx, 'localise_tasks', stale);
    if (ids.length > 0)
      await trx
        .updateTable('localise_tasks')
        .set({ stage: null })
        .where('id', 'in', ids)
        .where('status', '=', 'waiting')
        .execute();
    return ids;
  });
}

export const expiredJobs = reads.expiredJobs;

export async function deleteJob(db: Db, jobId: number): Promise<void> {
  await db.deleteFrom('localise_jobs').where('id', '=', jobId).execute();
}
