import { LOCALISE_SITES } from '@chuhai/contract';
import type { Kysely, KyselyPlugin } from 'kysely';
import type { Database } from '../src/db/database.ts';
import { claimItem } from '../src/jobs/items.ts';
import { rollUpJob } from '../src/jobs/roll-up.ts';
import { insertJob, LOCALISE_TABLES, settleTask } from '../src/modules/localise/repository.ts';
import { EMPTY_RESULT } from '../src/modules/localise/task-result.ts';
import { insertBareUser } from './helpers.ts';
import { CUP_FACTS } from './localise-helpers.ts';

/** The job core's tests (jobs/): 一键出海 jobs put straight into the database, no provider, no worker. */

let sellers = 0;

/**
 * A seller and a 一键出海 job of `products` × `sites` waiting tasks, as a start leaves it (without
 * its queue messages: these tests play the workers). The photos' ids name nothing: no task is made.
 */
export async function seedLocaliseJob(
  db: Kysely<Database>,
  now: number,
  size: { products: number; sites: number },
): Promise<{ userId: number; jobId: number; taskIds: number[] }> {
  sellers += 1;
  const userId = await insertBareUser(db, {
    phone: `1390000${String(sellers).padStart(4, '0')}`,
    inviteCode: `CORE${String(sellers).padStart(4, '0')}`,
    now,
  });
  const sites = LOCALISE_SITES.slice(0, size.sites).map((s) => s.id);
  if (sites.length < size.sites) throw new Error(`only ${sites.length} sites to choose from`);
  const products = Array.from({ length: size.products }, (_, n) => ({
    facts: { ...CUP_FACTS, productName: `保温杯 ${n + 1}` },
    mainPhotoId: 1,
    detailPhotoIds: [],
  }));
  const inserted = await insertJob(db, {
    userId,
    products,
    sites,
    now,
    expiresAt: now + 86_400_000,
    startKey: null,
  });
  if (!inserted) throw new Error('job not inserted');
  return { userId, ...inserted };
}

/** A worker's last step for one task: claimed earlier at `claimedAt`, settled done, its job rolled up. */
export async function finishTask(
  deps: { db: Kysely<Database>; clock: { now(): number } },
  taskId: number,
  claimedAt: number,
): Promise<void> {
  await settleTask(deps.db, taskId, claimedAt, {
    status: 'done',
    reason: '',
    result: EMPTY_RESULT,
    now: deps.clock.now(),
  });
  const task = await deps.db
    .selectFrom('localise_tasks')
    .select('job_id')
    .where('id', '=', taskId)
    .executeTakeFirstOrThrow();
  await rollUpJob(deps, LOCALISE_TABLES, Number(task.job_id));
}

/** Claims a waiting task as a worker would; returns when it was claimed. */
export async function claimTask(db: Kysely<Database>, taskId: number, now: number): Promise<number> {
  if (!(await claimItem(db, 'localise_tasks', taskId, now))) throw new Error(`task ${taskId} not claimed`);
  return now;
}

/** The job's status and how many of its tasks are in each status. */
export async function jobState(db: Kysely<Database>, jobId: number) {
  const job = await db
    .selectFrom('localise_jobs')
    .select('status')
    .where('id', '=', jobId)
    .executeTakeFirstOrThrow();
  const rows = await db.selectFrom('localise_tasks').select('status').where('job_id', '=', jobId).execute();
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.status] = (counts[row.status] ?? 0) + 1;
  return { status: job.status, counts };
}

/**
 * Whether a job and its tasks tell one story (no quota pauses in these tests): a cancelled job has
 * nothing waiting or paused, a paused one nothing waiting, a running one something still to do and
 * nothing paused, a done one nothing left at all. Null when they agree, else what disagrees.
 */
export function disagreement(state: { status: string; counts: Record<string, number> }): string | null {
  const n = (status: string) => state.counts[status] ?? 0;
  const open = n('waiting') + n('processing');
  const ok =
    state.status === 'cancelled'
      ? n('waiting') + n('paused') === 0
      : state.status === 'paused'
        ? n('waiting') === 0
        : state.status === 'running'
          ? open > 0 && n('paused') === 0
          : state.status === 'done' && open + n('paused') === 0;
  return ok ? null : `job ${state.status} with tasks ${JSON.stringify(state.counts)}`;
}

/** Counts the queries run through a database handle, and the rows they read back. */
export function queryCounter(): { plugin: KyselyPlugin; queries: number; rows: number; reset(): void } {
  const counter = {
    queries: 0,
    rows: 0,
    plugin: {
      transformQuery: (args) => {
        counter.queries += 1;
        return args.node;
      },
      transformResult: async (args) => {
        counter.rows += args.result.rows.length;
        return args.result;
      },
    } as KyselyPlugin,
    reset() {
      counter.queries = 0;
      counter.rows = 0;
    },
  };
  return counter;
}
