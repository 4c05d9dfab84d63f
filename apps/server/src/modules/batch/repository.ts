import {
  BatchSteps,
  JOB_ITEM_STATUSES,
  JOB_STATUSES,
  type JobItemStatus,
  type JobStatus,
} from '@chuhai/contract';
import type { Kysely, Selectable } from 'kysely';
import { Value } from 'typebox/value';
import type { Database } from '../../db/database.ts';
import { insertId } from '../../db/insert-id.ts';
import { isListOfKeyed, isListOfObjects, readJsonColumn, readStatusColumn } from '../../db/json-column.ts';
import { jobReads, newJobColumns, requeueStaleItems } from '../../jobs/items.ts';
import type { Refused } from '../../lib/unzip-images.ts';
import type { BatchOutput, BatchVerdict } from './process-image.ts';
import type { BatchItemTable, BatchJobTable } from './table.ts';

type Db = Kysely<Database>;

/** 批量处理's job and image tables, as the jobs layer reads them. */
export const BATCH_TABLES = { jobs: 'batch_jobs', items: 'batch_items' } as const;

/** A stored output of an image (and its `thumbnail`, a small WebP for the job's table, not a result). */
export interface StoredOutput {
  kind: BatchOutput['kind'] | 'thumbnail';
  marketplace?: string;
  key: string;
  residual?: number;
  overflow?: number;
  productText?: string[];
  missedTerms?: string[];
  restoredNumbers?: string[];
}

/** A job as its row holds it, its JSON columns read: the steps chosen and the files refused. */
export type BatchJobRow = Omit<Selectable<BatchJobTable>, 'status' | 'steps' | 'refused'> & {
  status: JobStatus;
  /** `null` while the upload is still being read (the column holds `{}`). */
  steps: BatchSteps | null;
  refused: Refused[];
};

/** An image as its row holds it, its JSON columns read: the checks and the stored outputs. */
export type BatchItemRow = Omit<Selectable<BatchItemTable>, 'status' | 'checks' | 'results'> & {
  status: JobItemStatus;
  checks: BatchVerdict[];
  results: StoredOutput[];
};

const isSteps = (value: unknown): value is BatchSteps => Value.Check(BatchSteps, value);
const isEmptyObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

/** A batch_jobs row, mapped once: every reader after this has typed steps and refusals. */
function toJob(row: Selectable<BatchJobTable>): BatchJobRow {
  const steps = JSON.parse(row.steps) as unknown;
  return {
    ...row,
    status: readStatusColumn(row.status, JOB_STATUSES, 'batch_jobs.status'),
    steps: isEmptyObject(steps) ? null : readJsonColumn(row.steps, isSteps, 'batch_jobs.steps'),
    refused: readJsonColumn(row.refused, isListOfObjects<Refused>, 'batch_jobs.refused'),
  };
}

/** A batch_items row, mapped once. */
function toItem(row: Selectable<BatchItemTable>): BatchItemRow {
  return {
    ...row,
    status: readStatusColumn(row.status, JOB_ITEM_STATUSES, 'batch_items.status'),
    checks: readJsonColumn(row.checks, isListOfObjects<BatchVerdict>, 'batch_items.checks'),
    results: readJsonColumn(row.results, isListOfKeyed<StoredOutput>, 'batch_items.results'),
  };
}

interface NewJob {
  userId: number;
  now: number;
  expiresAt: number;
}

/** A new job without a start key (its upload still to be read: `steps` stays `{}` until `finishIntake`). */
export async function insertJob(db: Db, values: NewJob): Promise<number> {
  const jobId = await insertJobWithKey(db, { ...values, startKey: null });
  if (jobId === null) throw new Error('a job without a start key cannot collide');
  return jobId;
}

/**
 * A new job, its upload still to be read. Null when the seller already has a job with this
 * `startKey` (a repeat of the start raced this one, or came later); NULL keys never collide.
 */
export async function insertJobWithKey(
  db: Db,
  values: NewJob & { startKey: string | null },
): Promise<number | null> {
  const row = await db
    .insertInto('batch_jobs')
    .values({
      ...newJobColumns(values),
      // The upload is still to be read: `{}` until finishIntake writes the steps it asked for.
      steps: '{}',
      total: 0,
      refused: '[]',
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'start_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** The seller's job started with this key, if it is still kept. */
export async function jobByStartKey(db: Db, userId: number, startKey: string) {
  const row = await db
    .selectFrom('batch_jobs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('start_key', '=', startKey)
    .executeTakeFirst();
  return row && toJob(row);
}

/** The upload is read: the steps it asked for, how many images were taken and which were refused. */
export async function finishIntake(
  db: Db,
  jobId: number,
  intake: { steps: BatchSteps; total: number; refused: Refused[] },
): Promise<void> {
  await db
    .updateTable('batch_jobs')
    .set({
      steps: JSON.stringify(intake.steps),
      total: intake.total,
      refused: JSON.stringify(intake.refused),
    })
    .where('id', '=', jobId)
    .execute();
}

const reads = jobReads(BATCH_TABLES, toJob, toItem);

export const {
  job: jobById,
  jobThere,
  item: findItem,
  itemThere,
  itemsOfJob: jobItems,
  claim: claimItem,
} = reads;

/** The seller's own job while kept at `now`, or undefined. */
export const findJob = reads.keptJobOf;

/** The seller's jobs, oldest first (导出我的数据). */
export const jobsOfUser = reads.allJobs;

/** The seller's jobs still kept, newest first. */
export const listJobs = (db: Db, userId: number, now: number) => reads.keptJobs(db, userId, now, 50);

export async function deleteJob(db: Db, jobId: number): Promise<void> {
  await db.deleteFrom('batch_jobs').where('id', '=', jobId).execute();
}

export const expiredJobs = reads.expiredJobs;

export async function insertItem(
  db: Db,
  values: {
    jobId: number;
    userId: number;
    name: string;
    originalKey: string;
    originalBytes?: number;
    now: number;
  },
): Promise<number> {
  return insertId(db, 'batch_items', {
    job_id: values.jobId,
    user_id: values.userId,
    name: values.name,
    original_key: values.originalKey,
    original_bytes: values.originalBytes ?? 0,
    status: 'waiting',
    reason: '',
    checks: '[]',
    results: '[]',
    claimed_at: null,
    updated_at: values.now,
  });
}

/** The originals an account still keeps, across its jobs: how many and how many bytes. */
export async function heldOriginals(db: Db, userId: number): Promise<{ images: number; bytes: number }> {
  const row = await db
    .selectFrom('batch_items')
    .select((eb) => [eb.fn.countAll<number>().as('images'), eb.fn.sum<number>('original_bytes').as('bytes')])
    .where('user_id', '=', userId)
    .where('original_key', 'is not', null)
    .executeTakeFirstOrThrow();
  return { images: Number(row.images), bytes: Number(row.bytes ?? 0) };
}

/** Ends an image in `processing`; false when it was no longer this worker's (cancelled, taken back). */
export async function settleItem(
  db: Db,
  itemId: number,
  values: {
    status: string;
    reason: string;
    checks?: BatchVerdict[];
    results?: StoredOutput[];
    now: number;
    keepOriginal: boolean;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('batch_items')
    .set({
      status: values.status,
      reason: values.reason,
      ...(values.checks === undefined ? {} : { checks: JSON.stringify(values.checks) }),
      ...(values.results === undefined ? {} : { results: JSON.stringify(values.results) }),
      ...(values.keepOriginal ? {} : { original_key: null }),
      claimed_at: null,
      updated_at: values.now,
    })
    .where('id', '=', itemId)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The originals still kept of these images (a cancel deletes them). */
export function originalsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('batch_items').select(['id', 'original_key']).where('id', 'in', ids).execute();
}

export async function clearOriginals(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0)
    await db.updateTable('batch_items').set({ original_key: null }).where('id', 'in', ids).execute();
}

/** Images a dead worker left (see requeueStaleItems), made waiting again to be sent out. */
export const staleItems = (db: Db, stale: Parameters<typeof requeueStaleItems>[2]) =>
  requeueStaleItems(db, 'batch_items', stale);

/** Every file key the job's images keep: originals not yet processed and every stored output. */
export const filesOfJob = (db: Db, jobId: number) => filesWhere(db, 'job_id', jobId);

/** Every file key the seller's images keep, across their jobs (注销). */
export const filesOfUser = (db: Db, userId: number) => filesWhere(db, 'user_id', userId);

async function filesWhere(db: Db, column: 'job_id' | 'user_id', id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('batch_items')
    .select(['original_key', 'results'])
    .where(column, '=', id)
    .execute();
  return rows.flatMap((row) => [
    ...(row.original_key ? [row.original_key] : []),
    ...readJsonColumn(row.results, isListOfKeyed<StoredOutput>, 'batch_items.results').map((r) => r.key),
  ]);
}

/**
 * Images paused (daily limit) before `before`, with their jobs (`jobId`: only that job's): a new day
 * has given new uses. 批量处理 has no seller's pause, so every paused image is the quota's.
 */
export function pausedBefore(db: Db, paused: { before: number; limit: number; jobId?: number }) {
  let query = db
    .selectFrom('batch_items')
    .select(['id', 'job_id'])
    .where('status', '=', 'paused')
    .where('updated_at', '<', paused.before);
  if (paused.jobId !== undefined) query = query.where('job_id', '=', paused.jobId);
  return query.orderBy('id').limit(paused.limit).execute();
}
