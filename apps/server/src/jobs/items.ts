import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { PersonalTable } from '../app-module.ts';
import type { Database } from '../db/database.ts';
import { own } from '../db/own.ts';
import { present } from '../db/present.ts';

/** The columns every table of jobs has: whose it is, where it stands, and when it goes. */
interface JobColumns {
  user_id: number;
  status: string;
  created_at: number;
  ended_at: number | null;
  expires_at: number;
}

/** The tables of the database whose rows have these columns: found by their columns, not by name. */
type TablesWith<Columns> = {
  [T in keyof Database]: Database[T] extends Columns ? T : never;
}[keyof Database];

/** The tables of jobs of items: batch_jobs, localise_jobs. */
export type JobTable = TablesWith<JobColumns>;

/**
 * The columns every table of a job's items has (批量处理's images, 一键出海's product × site): what a
 * worker's claim, the stale sweep and the seller's pause, resume and cancel read and write.
 */
interface JobItemColumns {
  job_id: number;
  /** The job's seller again, so 注销 and the export find the items without the job. */
  user_id: number;
  status: string;
  /** Why it failed, was paused or cancelled, in Chinese; empty otherwise. */
  reason: string;
  /** When a worker took it; null while nobody has it. */
  claimed_at: number | null;
  updated_at: number;
}

/** The tables of a job's items: batch_items, localise_tasks. */
export type JobItemTable = TablesWith<JobItemColumns>;

type Db = Kysely<Database>;

/**
 * The columns every new job starts with: the seller's, running, kept until `expiresAt`. With a
 * `startKey` a repeat of the start (a double click, a retry after a lost answer) finds this job
 * instead of making another: each job table's unique (user_id, start_key) decides; NULL keys never
 * collide.
 */
export function newJobColumns(values: {
  userId: number;
  now: number;
  expiresAt: number;
  startKey: string | null;
}) {
  return {
    user_id: values.userId,
    status: 'running',
    created_at: values.now,
    ended_at: null,
    expires_at: values.expiresAt,
    start_key: values.startKey,
  };
}

/**
 * Takes a waiting item for this worker: a conditional update, so of two workers that got the same
 * message (a redelivery after a crash) exactly one goes on.
 */
export async function claimItem(db: Db, table: JobItemTable, itemId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ status: 'processing', claimed_at: now, updated_at: now })
    .where('id', '=', itemId)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Moves every item of the job in one of `from` to `to`; returns the ids moved. */
export async function moveItems(
  db: Db,
  table: JobItemTable,
  jobId: number,
  from: string[],
  to: { status: string; reason: string; now: number },
): Promise<number[]> {
  const rows = await db
    .updateTable(table)
    .set({ status: to.status, reason: to.reason, updated_at: to.now })
    .where('job_id', '=', jobId)
    .where('status', 'in', from)
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Paused items back to waiting (a new day's uses), unless the seller cancelled or something else
 * moved them meanwhile; returns the ids moved, to be sent again.
 */
export async function unpauseItems(
  db: Db,
  table: JobItemTable,
  ids: number[],
  now: number,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable(table)
    .set({ status: 'waiting', reason: '', updated_at: now })
    .where('id', 'in', ids)
    .where('status', '=', 'paused')
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Items a dead worker left `processing`, and `waiting` ones whose message may be gone, both
 * untouched since `before` (or those of `statuses`): made waiting again and touched, so the next
 * sweep skips them. Returns their ids, for the sweep to send again (stale-sweeps.ts).
 */
export async function requeueStaleItems(
  db: Db,
  table: JobItemTable,
  stale: { before: number; now: number; limit: number; statuses: string[] },
): Promise<number[]> {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('status', 'in', stale.statuses)
    .where('updated_at', '<', stale.before)
    .orderBy('id')
    .limit(stale.limit)
    .execute();
  const ids = rows.map((r) => Number(r.id));
  if (ids.length > 0)
    await db
      .updateTable(table)
      .set({ status: 'waiting', claimed_at: null, updated_at: stale.now })
      .where('id', 'in', ids)
      .where('status', 'in', stale.statuses)
      .execute();
  return ids;
}

/** A job table and its items' both name the seller in `user_id`, and go with the account at 注销. */
export const jobPersonalTables = (jobs: JobTable, items: JobItemTable): PersonalTable[] => [
  { table: jobs, columns: ['user_id'], onDelete: 'deleted' },
  { table: items, columns: ['user_id'], onDelete: 'deleted' },
];

/** 注销: the seller's items and jobs, items first (inside the caller's transaction). */
export async function deleteJobsOf(
  trx: Db,
  tables: { jobs: JobTable; items: JobItemTable },
  userId: number,
): Promise<void> {
  await trx.deleteFrom(tables.items).where('user_id', '=', userId).execute();
  await trx.deleteFrom(tables.jobs).where('user_id', '=', userId).execute();
}

/**
 * A job is kept while `now` is before its `expires_at`. From then on it is gone for its seller, all
 * at once (the list, the detail, pause, resume and cancel, the download link), and the hourly purge
 * deletes it with its files: one rule, so no page opens a job its list no longer shows.
 */
const keptAt = (now: number) => (eb: ExpressionBuilder<Database, JobTable>) => eb('expires_at', '>', now);

/** The seller's jobs still kept, newest first: 批量处理's and 一键出海's lists of their jobs. */
export function keptJobsOf<T extends JobTable>(db: Db, table: T, userId: number, now: number, limit: number) {
  return db
    .selectFrom(table as JobTable)
    .selectAll()
    .where('user_id', '=', userId)
    .where(keptAt(now))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute() as Promise<Selectable<Database[T]>[]>;
}

/** Every job of the seller, oldest first, kept or not (导出我的数据). */
function allJobsOf<T extends JobTable>(db: Db, table: T, userId: number) {
  return db
    .selectFrom(table as JobTable)
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute() as Promise<Selectable<Database[T]>[]>;
}

/** Whether the job is still there (not purged, not erased with its seller). */
export async function jobExists(db: Db, jobs: JobTable, jobId: number): Promise<boolean> {
  return Boolean(await db.selectFrom(jobs).select('id').where('id', '=', jobId).executeTakeFirst());
}

/**
 * How many items of the seller's own job are done, while the job is kept; null when it is not
 * theirs or has expired. What the download link needs, without reading the items themselves.
 */
export async function doneItemsOf(
  db: Db,
  tables: { jobs: JobTable; items: JobItemTable },
  userId: number,
  jobId: number,
  now: number,
): Promise<number | null> {
  const job = await db
    .selectFrom(tables.jobs)
    .select('id')
    .where(own(userId, jobId))
    .where(keptAt(now))
    .executeTakeFirst();
  if (!job) return null;
  const row = await db
    .selectFrom(tables.items)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('job_id', '=', jobId)
    .where('status', '=', 'done')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One job's row, by id (and, with `seller`, only while it is that seller's and kept at `now`): the
 * module maps its columns.
 */
export function jobRow<T extends JobTable>(
  db: Db,
  table: T,
  jobId: number,
  seller?: { userId: number; now: number },
) {
  let query = db
    .selectFrom(table as JobTable)
    .selectAll()
    .where('id', '=', jobId);
  if (seller) query = query.where('user_id', '=', seller.userId).where(keptAt(seller.now));
  return query.executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

/** Jobs past their keeping at `now`, for the purge: at most `limit`. */
function expiredJobsOf(db: Db, table: JobTable, now: number, limit: number) {
  return db
    .selectFrom(table)
    .select(['id', 'user_id'])
    .where((eb) => eb.not(keptAt(now)(eb)))
    .limit(limit)
    .execute();
}

/** One item's row, by id. */
export function itemRow<T extends JobItemTable>(db: Db, table: T, itemId: number) {
  return db
    .selectFrom(table as JobItemTable)
    .selectAll()
    .where('id', '=', itemId)
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

/** A job's items, in the order they were made. */
export function itemRowsOfJob<T extends JobItemTable>(db: Db, table: T, jobId: number) {
  return db
    .selectFrom(table as JobItemTable)
    .selectAll()
    .where('job_id', '=', jobId)
    .orderBy('id')
    .execute() as Promise<Selectable<Database[T]>[]>;
}

/**
 * The reads every module of jobs makes of its two tables, each row mapped by the module's own
 * `toJob` and `toItem` (its JSON and status columns read once there): so a module writes what its
 * rows hold, not the same five queries again.
 */
export function jobReads<J extends JobTable, I extends JobItemTable, Job, Item>(
  tables: { jobs: J; items: I },
  toJob: (row: Selectable<Database[J]>) => Job,
  toItem: (row: Selectable<Database[I]>) => Item,
) {
  const job = async (db: Db, jobId: number, seller?: { userId: number; now: number }) => {
    const row = await jobRow(db, tables.jobs, jobId, seller);
    return row && toJob(row);
  };
  const item = async (db: Db, itemId: number) => {
    const row = await itemRow(db, tables.items, itemId);
    return row && toItem(row);
  };
  return {
    /** A job by id, whoever's it is and whether kept or not (a worker's item's job). */
    job: (db: Db, jobId: number) => job(db, jobId),
    /**
     * The seller's job while kept at `now`: another seller's, or one past its keeping, is undefined,
     * the same as a missing one.
     */
    keptJobOf: (db: Db, userId: number, jobId: number, now: number) => job(db, jobId, { userId, now }),
    /** A job this code just wrote or a claimed item belongs to. */
    jobThere: async (db: Db, jobId: number) => present(await job(db, jobId), `${tables.jobs} ${jobId}`),
    /** The seller's jobs still kept at `now`, newest first. */
    keptJobs: async (db: Db, userId: number, now: number, limit: number) =>
      (await keptJobsOf(db, tables.jobs, userId, now, limit)).map(toJob),
    /** Jobs past their keeping at `now`, for the hourly purge: at most `limit`. */
    expiredJobs: (db: Db, now: number, limit: number) => expiredJobsOf(db, tables.jobs, now, limit),
    /** Every job of the seller, oldest first (导出我的数据). */
    allJobs: async (db: Db, userId: number) => (await allJobsOf(db, tables.jobs, userId)).map(toJob),
    item,
    /** An item this worker claimed. */
    itemThere: async (db: Db, itemId: number) => present(await item(db, itemId), `${tables.items} ${itemId}`),
    /** A job's items, in the order they were made. */
    itemsOfJob: async (db: Db, jobId: number) => (await itemRowsOfJob(db, tables.items, jobId)).map(toItem),
    /** Takes a waiting item for this worker (see claimItem: of two that got its message, one goes on). */
    claim: (db: Db, itemId: number, now: number) => claimItem(db, tables.items, itemId, now),
  };
}
