import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { readJsonColumn, readStatusColumn } from '../../db/json-column.ts';
import type { LocaliseSharedResultTable } from './table.ts';

type Db = Kysely<Database>;

const isKeyList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((key) => typeof key === 'string');

/** The file keys a shared result's `files` column lists, read once here. */
const fileKeys = (files: string) => readJsonColumn(files, isKeyList, 'localise_shared_results.files');

/** One run of a task: the task and the `claimed_at` of its claim (see claimTask). */
export interface TaskRun {
  taskId: number;
  claimedAt: number;
}

/**
 * What `localise_shared_results.result` keeps once made: the value the steps read back (a report,
 * a translation's data; its kind checks it, see shared-steps.ts) and the stored key of each file.
 */
export interface StoredShared {
  value: unknown;
  files: Record<string, string>;
}

const isStoredShared = (value: unknown): value is StoredShared =>
  typeof value === 'object' &&
  value !== null &&
  'value' in value &&
  'files' in value &&
  typeof value.files === 'object' &&
  value.files !== null &&
  Object.values(value.files).every((key) => typeof key === 'string');

const SHARED_STATUSES = ['making', 'made'] as const;

/** A shared result as its row holds it: `made` is its `result` read, null while it is being made. */
export interface SharedResultRow {
  id: number;
  status: (typeof SHARED_STATUSES)[number];
  /** The run making it, as in the table. */
  task_id: number | null;
  task_claimed_at: number | null;
  made: StoredShared | null;
}

/** A number column that may be null (PostgreSQL gives its bigints as text). */
const orNull = (value: number | null) => (value === null ? null : Number(value));

/** A localise_shared_results row, mapped once (the `{}` a making row holds is not read). */
function toShared(row: Selectable<LocaliseSharedResultTable>): SharedResultRow {
  const status = readStatusColumn(row.status, SHARED_STATUSES, 'localise_shared_results.status');
  return {
    id: Number(row.id),
    status,
    task_id: orNull(row.task_id),
    task_claimed_at: orNull(row.task_claimed_at),
    made:
      status === 'made' ? readJsonColumn(row.result, isStoredShared, 'localise_shared_results.result') : null,
  };
}

export async function findShared(db: Db, jobId: number, key: string): Promise<SharedResultRow | undefined> {
  const row = await db
    .selectFrom('localise_shared_results')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row && toShared(row);
}

/**
 * A new result for this run to make; null when the job already has one under `key` (another run
 * inserted it first: the unique index decides, on SQLite and PostgreSQL alike).
 */
export async function claimNew(
  db: Db,
  values: { jobId: number; key: string; kind: string; run: TaskRun; now: number },
): Promise<number | null> {
  const row = await db
    .insertInto('localise_shared_results')
    .values({
      job_id: values.jobId,
      key: values.key,
      kind: values.kind,
      status: 'making',
      task_id: values.run.taskId,
      task_claimed_at: values.run.claimedAt,
      files: '[]',
      result: '{}',
      updated_at: values.now,
    })
    .onConflict((conflict) => conflict.columns(['job_id', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Whether the run that has the result is still at work: its task is processing under that claim. */
export async function makerAlive(db: Db, row: SharedResultRow): Promise<boolean> {
  if (row.task_id === null || row.task_claimed_at === null) return false;
  const task = await db
    .selectFrom('localise_tasks')
    .select('id')
    .where('id', '=', row.task_id)
    .where('status', '=', 'processing')
    .where('claimed_at', '=', row.task_claimed_at)
    .executeTakeFirst();
  return task !== undefined;
}

/**
 * This run takes over a result still being made by a run that is gone (or let it go), only if
 * nobody took it meanwhile: a conditional update on the claim it read.
 */
export async function takeOver(db: Db, row: SharedResultRow, run: TaskRun, now: number): Promise<boolean> {
  const result = await db
    .updateTable('localise_shared_results')
    .set({ task_id: run.taskId, task_claimed_at: run.claimedAt, updated_at: now })
    .where('id', '=', row.id)
    .where('status', '=', 'making')
    .where('task_id', row.task_id === null ? 'is' : '=', row.task_id)
    .where('task_claimed_at', row.task_claimed_at === null ? 'is' : '=', row.task_claimed_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Only while this run still has the result being made. */
const mine = (db: Db, id: number, run: TaskRun) =>
  db
    .updateTable('localise_shared_results')
    .where('id', '=', id)
    .where('status', '=', 'making')
    .where('task_id', '=', run.taskId)
    .where('task_claimed_at', '=', run.claimedAt);

/**
 * Adds `keys` to the files kept for the result before they are written, so a run killed while
 * writing them leaves nothing the job's deletion does not find. False when the run lost its claim:
 * then it writes nothing. Only the claim's run updates `files`, so reading them first loses none.
 */
export async function registerFiles(db: Db, id: number, run: TaskRun, keys: string[]): Promise<boolean> {
  const row = await db
    .selectFrom('localise_shared_results')
    .select('files')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return false;
  const files = [...new Set([...fileKeys(row.files), ...keys])];
  const result = await mine(db, id, run)
    .set({ files: JSON.stringify(files) })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The result made, for every later run to read; false when this run no longer had it. */
export async function markMade(db: Db, id: number, run: TaskRun, made: StoredShared, now: number) {
  const updated = await mine(db, id, run)
    .set({
      status: 'made',
      result: JSON.stringify(made),
      task_id: null,
      task_claimed_at: null,
      updated_at: now,
    })
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** This run could not make it: the next run that needs it takes it over at once. */
export async function release(db: Db, id: number, run: TaskRun, now: number): Promise<void> {
  await mine(db, id, run).set({ task_id: null, task_claimed_at: null, updated_at: now }).execute();
}

/**
 * A waiting run is still alive: its task's lease starts again (the stale sweep reads updated_at).
 * False when the task is no longer this run's.
 */
export async function touchTask(db: Db, run: TaskRun, now: number): Promise<boolean> {
  const result = await db
    .updateTable('localise_tasks')
    .set({ updated_at: now })
    .where('id', '=', run.taskId)
    .where('status', '=', 'processing')
    .where('claimed_at', '=', run.claimedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const keysOf = (rows: { files: string }[]) => rows.flatMap((row) => fileKeys(row.files));

/** Every file kept for the job's shared results (they go with it). */
export async function sharedFilesOfJob(db: Db, jobId: number): Promise<string[]> {
  return keysOf(
    await db.selectFrom('localise_shared_results').select('files').where('job_id', '=', jobId).execute(),
  );
}

/** Every file kept for the shared results of the seller's jobs (注销). */
export async function sharedFilesOfUser(db: Db, userId: number): Promise<string[]> {
  return keysOf(
    await db
      .selectFrom('localise_shared_results')
      .innerJoin('localise_jobs', 'localise_jobs.id', 'localise_shared_results.job_id')
      .select('localise_shared_results.files')
      .where('localise_jobs.user_id', '=', userId)
      .execute(),
  );
}
