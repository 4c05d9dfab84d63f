import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { after } from 'node:test';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/database.ts';
import type { JobItemTable, JobTable } from '../src/jobs/items.ts';
import { tempDir } from './helpers.ts';

/** The tests of jobs of items on the queue (批量处理, 一键出海): their workers and what they leave. */

const WORKER = path.join(import.meta.dirname, '../src/worker.ts');

/**
 * Polls `check` every `pollMs` until it holds; two minutes by default, as a worker process starting
 * on a busy machine takes seconds. A test racing two workers polls faster, so it acts while the
 * slow one is still where it was seen.
 */
export async function until(
  check: () => Promise<boolean>,
  what: string,
  { timeoutMs = 120_000, pollMs = 50 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * `npm run worker` processes on one data folder, as a test that kills one mid-item needs them: the
 * folders, the children and whatever else the test opens (`closers`) go when the test file ends,
 * failed or not, as an open server or database would keep it running.
 */
export function workerProcesses(name: string) {
  const data = tempDir(name);
  const web = tempDir(`${name}-web`);
  const children: ChildProcess[] = [];
  const closers: (() => Promise<void>)[] = [];
  after(async () => {
    for (const child of children) child.kill('SIGKILL');
    for (const close of closers) await close();
    data.remove();
    web.remove();
  });
  return {
    data,
    web,
    closers,
    /** The environment of a worker on this data folder, one item at a time; `extra` adds to it. */
    env: (extra: Record<string, string>) => ({
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: data.dir,
      WEB_DIST_DIR: web.dir,
      BATCH_WORKERS: '1',
      LOG_LEVEL: 'error',
      ...extra,
    }),
    start(env: NodeJS.ProcessEnv): ChildProcess {
      const child = spawn(process.execPath, [WORKER], { env, stdio: 'ignore' });
      children.push(child);
      return child;
    },
    /** SIGKILL, as a crash or an out-of-memory kill would end it, and wait till it is gone. */
    async kill(child: ChildProcess): Promise<void> {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** The statuses of a job's items, in the order they were made. */
export async function itemStatuses(db: Kysely<Database>, table: JobItemTable, jobId: number) {
  const rows = await db
    .selectFrom(table)
    .select('status')
    .where('job_id', '=', jobId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.status);
}

export async function jobStatus(db: Kysely<Database>, table: JobTable, jobId: number): Promise<string> {
  return (await db.selectFrom(table).select('status').where('id', '=', jobId).executeTakeFirstOrThrow())
    .status;
}

/** Each use the seller was charged, one row each (a double charge would be two rows of a feature). */
export async function chargedUses(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('usage_ledger')
    .select(['feature', 'delta'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => `${r.feature}:${r.delta}`).sort();
}
