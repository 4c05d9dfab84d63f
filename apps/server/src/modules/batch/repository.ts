import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import {
  claimItem as claimJobItem,
  keptJobsOf,
  moveItems as moveJobItems,
  requeueStaleItems,
  unpauseItems,
} from '../../queue/job-items.ts';

type Db = Kysely<Database>;

export type BatchJobRow = NonNullable<Awaited<ReturnType<typeof findJob>>>;
export type BatchItemRow = NonNullable<Awaited<ReturnType<typeof findItem>>>;

interface NewJob {
  userId: number;
  steps: string;
  now: number;
  expiresAt: number;
}

/** A new job without a start key (its upload still to be read: `steps` stays `{}` until `finishIntake`). */
export async function insertJob(db: Db, values: NewJob): Promise<number> {
  return (await insertJobWithKey(db, { ...values, startKey: null })) as number;
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
      user_id: values.userId,
      status: 'running',
      steps: values.steps,
      total: 0,
      refused: '[]',
      created_at: values.now,
      ended_at: null,
      expires_at: values.expiresAt,
      start_key: values.startKey,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'start_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** The seller's job started with this key, if it is still kept. */
export function jobByStartKey(db: Db, userId: number, startKey: string) {
  return db
    .selectFrom('batch_jobs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('start_key', '=', startKey)
    .executeTakeFirst();
}

/** The upload is read: the steps it asked for, how many images were taken and which were refused. */
export async function finishIntake(
  db: Db,
  jobId: number,
  intake: { steps: string; total: number; refused: string },
): Promise<void> {
  await db.updateTable('batch_jobs').set(intake).where('id', '=', jobId).execute();
}

export function findJob(db: Db, userId: number, jobId: number) {
  return db
    .selectFrom('batch_jobs')
    .selectAll()
    .where('id', '=', jobId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function jobById(db: Db, jobId: number) {
  return db.selectFrom('batch_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
}

/** The seller's jobs still kept, newest first. */
export const listJobs = (db: Db, userId: number, now: number) =>
  keptJobsOf(db, 'batch_jobs', userId, now, 50);

export async function setJobStatus(
  db: Db,
  jobId: number,
  status: string,
  endedAt: number | null,
): Promise<void> {
  await db.updateTable('batch_jobs').set({ status, ended_at: endedAt }).where('id', '=', jobId).execute();
}

export async function deleteJob(db: Db, jobId: number): Promise<void> {
  await db.deleteFrom('batch_jobs').where('id', '=', jobId).execute();
}

export async function expiredJobs(db: Db, now: number, limit: number) {
  return db
    .selectFrom('batch_jobs')
    .select(['id', 'user_id'])
    .where('expires_at', '<=', now)
    .limit(limit)
    .execute();
}

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
  const row = await db
    .insertInto('batch_items')
    .values({
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
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

export function findItem(db: Db, itemId: number) {
  return db.selectFrom('batch_items').selectAll().where('id', '=', itemId).executeTakeFirst();
}

export function jobItems(db: Db, jobId: number) {
  return db.selectFrom('batch_items').selectAll().where('job_id', '=', jobId).orderBy('id').execute();
}

/** How many images of the job are in each state. */
export async function statusCounts(db: Db, jobId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('batch_items')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('job_id', '=', jobId)
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** Takes a waiting image for this worker (see claimJobItem: of two that got its message, one goes on). */
export const claimItem = (db: Db, itemId: number, now: number) =>
  claimJobItem(db, 'batch_items', itemId, now);

/** Ends an image in `processing`; false when it was no longer this worker's (cancelled, taken back). */
export async function settleItem(
  db: Db,
  itemId: number,
  values: {
    status: string;
    reason: string;
    checks?: string;
    results?: string;
    now: number;
    keepOriginal: boolean;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('batch_items')
    .set({
      status: values.status,
      reason: values.reason,
      ...(values.checks === undefined ? {} : { checks: values.checks }),
      ...(values.results === undefined ? {} : { results: values.results }),
      ...(values.keepOriginal ? {} : { original_key: null }),
      claimed_at: null,
      updated_at: values.now,
    })
    .where('id', '=', itemId)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Moves every image of the job in one of `from` to `to`; returns the ids moved. */
export const moveItems = (
  db: Db,
  jobId: number,
  from: string[],
  to: { status: string; reason: string; now: number },
) => moveJobItems(db, 'batch_items', jobId, from, to);

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

export function filesOfJob(db: Db, jobId: number) {
  return db
    .selectFrom('batch_items')
    .select(['original_key', 'results'])
    .where('job_id', '=', jobId)
    .execute();
}

/** Images paused (daily limit) before `before`, with their jobs: a new day has given new uses. */
export async function pausedBefore(db: Db, before: number, limit: number) {
  return db
    .selectFrom('batch_items')
    .select(['id', 'job_id'])
    .where('status', '=', 'paused')
    .where('updated_at', '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Back to waiting, unless the seller cancelled or something else moved it meanwhile. */
export const unpause = (db: Db, ids: number[], now: number) => unpauseItems(db, 'batch_items', ids, now);
