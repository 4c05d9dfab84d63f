import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { claimItem, keptJobsOf, moveItems, requeueStaleItems, unpauseItems } from '../../queue/job-items.ts';

type Db = Kysely<Database>;

export type LocaliseJobRow = NonNullable<Awaited<ReturnType<typeof jobById>>>;
export type LocaliseTaskRow = NonNullable<Awaited<ReturnType<typeof taskById>>>;

/**
 * A job and one waiting task per product × site, in one transaction: never a job without its tasks.
 * Null when the seller already has a job with this `startKey` (a double click raced this one).
 */
export async function insertJob(
  db: Db,
  values: {
    userId: number;
    products: string;
    productCount: number;
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
        user_id: values.userId,
        status: 'running',
        products: values.products,
        sites: JSON.stringify(values.sites),
        created_at: values.now,
        ended_at: null,
        expires_at: values.expiresAt,
        start_key: values.startKey,
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'start_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!job) return null;
    const jobId = Number(job.id);
    const tasks = await trx
      .insertInto('localise_tasks')
      .values(
        Array.from({ length: values.productCount }, (_, product) => product).flatMap((product) =>
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

export function jobById(db: Db, jobId: number) {
  return db.selectFrom('localise_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
}

/** The seller's job started with this key, if any. */
export function jobByStartKey(db: Db, userId: number, startKey: string) {
  return db
    .selectFrom('localise_jobs')
    .select('id')
    .where('user_id', '=', userId)
    .where('start_key', '=', startKey)
    .executeTakeFirst();
}

export function ownJob(db: Db, userId: number, jobId: number) {
  return db
    .selectFrom('localise_jobs')
    .selectAll()
    .where('id', '=', jobId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The seller's jobs still kept, newest first. */
export const recentJobs = (db: Db, userId: number, now: number, limit: number) =>
  keptJobsOf(db, 'localise_jobs', userId, now, limit);

export function taskById(db: Db, taskId: number) {
  return db.selectFrom('localise_tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
}

export function jobTasks(db: Db, jobId: number) {
  return db.selectFrom('localise_tasks').selectAll().where('job_id', '=', jobId).orderBy('id').execute();
}

export async function setJobStatus(db: Db, jobId: number, status: string, endedAt: number | null) {
  await db.updateTable('localise_jobs').set({ status, ended_at: endedAt }).where('id', '=', jobId).execute();
}

/**
 * Takes a waiting task for this worker; false when another has it or it is no longer waiting. A
 * waiting task has no stage (a settle and the stale sweep clear it), so the claim starts afresh.
 */
export const claimTask = (db: Db, taskId: number, now: number) =>
  claimItem(db, 'localise_tasks', taskId, now);

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
  values: { status: string; reason: string; result?: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('localise_tasks')
    .set({
      status: values.status,
      reason: values.reason,
      stage: null,
      ...(values.result === undefined ? {} : { result: values.result }),
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
 * in jobs the seller has not paused.
 */
export function quotaPausedBefore(db: Db, before: number, sellerPause: string, limit: number) {
  return db
    .selectFrom('localise_tasks')
    .select(['id', 'job_id'])
    .where('status', '=', 'paused')
    .where('reason', '!=', sellerPause)
    .where('updated_at', '<', before)
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
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Paused tasks back to waiting, unless the seller cancelled or something else moved them meanwhile. */
export const unpause = (db: Db, ids: number[], now: number) => unpauseItems(db, 'localise_tasks', ids, now);

/**
 * A delivered task's result replaced, only if it is still `before` (the seller's confirmation read
 * it): false when another change came first, so neither is lost.
 */
export async function replaceResult(db: Db, taskId: number, before: string, after: string): Promise<boolean> {
  const result = await db
    .updateTable('localise_tasks')
    .set({ result: after })
    .where('id', '=', taskId)
    .where('status', '=', 'done')
    .where('result', '=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Moves the job's tasks in one of `from` to `to`; returns the ids moved. */
export const moveTasks = (
  db: Db,
  jobId: number,
  from: string[],
  to: { status: string; reason: string; now: number },
) => moveItems(db, 'localise_tasks', jobId, from, to);

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

export function expiredJobs(db: Db, now: number, limit: number) {
  return db.selectFrom('localise_jobs').select('id').where('expires_at', '<', now).limit(limit).execute();
}

export async function deleteJob(db: Db, jobId: number): Promise<void> {
  await db.deleteFrom('localise_jobs').where('id', '=', jobId).execute();
}
