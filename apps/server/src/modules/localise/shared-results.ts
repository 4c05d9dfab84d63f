import { deleteJobFiles } from '../../jobs/files.ts';
import type { LocaliseDeps } from './deps.ts';
import * as shared from './shared-repository.ts';
import { jobPrefix } from './task-result.ts';

/** A file of a result as made: its bytes, and how it is stored. */
export interface MadeFile {
  bytes: Buffer;
  extension: string;
  contentType: string;
}

/** What one computation gives: a JSON-safe value (a report, the blocks) and its files by name. */
export interface Made<T> {
  value: T;
  files: Record<string, MadeFile>;
}

/** A result as every site reads it, made by this run or another. */
export interface Shared<T> {
  value: T;
  files: Record<string, Buffer>;
  /** Whether this run made it (false: another run's, read back from the store). */
  madeHere: boolean;
}

/** The run of a task asking: the job whose results it may share, and whose files they are. */
export interface SharedRun extends shared.TaskRun {
  jobId: number;
  userId: number;
}

/**
 * What is shared: its kind (`main`, `picture`), its key within the job, and the check its value
 * read back must pass (the row is the repository's; what the value holds only its kind knows).
 */
export interface SharedWhat<T> {
  kind: string;
  key: string;
  isValue: (value: unknown) => value is T;
}

type SharedDeps = Pick<LocaliseDeps, 'db' | 'files' | 'clock' | 'log'>;

/**
 * How often a run waiting for another node's result looks again; a run of this process wakes its
 * waiters at once when it is done or lets the claim go.
 */
const POLL_MS = 1_000;
/** How often a waiting run says it is alive, well inside the task lease (ITEM_LEASE_MS, 5 minutes). */
const TOUCH_MS = 30_000;

/** The run waiting was taken back by the stale sweep meanwhile: the run that owns its task goes on. */
export class RunTakenBackError extends Error {
  constructor() {
    super('一键出海 task taken back while it waited for a shared result');
  }
}

/** Runs of this process waiting for a result, by the result's row: woken when it is made or let go. */
const waiting = new Map<number, Set<() => void>>();

function wake(id: number) {
  const runs = waiting.get(id);
  waiting.delete(id);
  for (const run of runs ?? []) run();
}

/** Until the result `id` is made or let go in this process, or `ms` have passed. */
function waitFor(id: number, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const runs = waiting.get(id) ?? new Set();
    waiting.set(id, runs);
    const done = () => {
      clearTimeout(timer);
      runs.delete(done);
      if (runs.size === 0 && waiting.get(id) === runs) waiting.delete(id);
      resolve();
    };
    const timer = setTimeout(done, ms);
    runs.add(done);
  });
}

/** The file `name` of a shared result: there whenever its kind made it, so a missing one is a bug. */
export function fileOf(result: Shared<unknown>, name: string): Buffer {
  const file = result.files[name];
  if (!file) throw new Error(`一键出海 shared result has no file ${name}`);
  return file;
}

async function read<T>(deps: SharedDeps, made: shared.StoredShared, what: SharedWhat<T>): Promise<Shared<T>> {
  if (!what.isValue(made.value))
    throw new Error(
      `localise_shared_results.result of ${what.kind} ${what.key} does not hold what it should`,
    );
  const files: Record<string, Buffer> = {};
  for (const [name, key] of Object.entries(made.files)) {
    const file = await deps.files.get(key);
    if (!file) throw new Error(`一键出海 shared result file missing: ${key}`);
    files[name] = file.bytes;
  }
  return { value: made.value, files, madeHere: false };
}

/**
 * Makes the result this run claimed and keeps it: its files under names of this run's own (a run
 * that lost its claim meanwhile can never overwrite the winner's), listed on the row before they
 * are written (so the job's deletion finds them even from a run killed while writing), then the row
 * marked made, only if the claim is still this run's. Null when it is not: the files written go, and
 * the caller reads the result that won. A failure lets the claim go, so the next run asks at once.
 */
async function makeAndKeep<T>(
  deps: SharedDeps,
  run: SharedRun,
  id: number,
  key: string,
  make: () => Promise<Made<T>>,
): Promise<Shared<T> | null> {
  let made: Made<T>;
  try {
    made = await make();
  } catch (error) {
    await shared.release(deps.db, id, run, deps.clock.now());
    wake(id);
    throw error;
  }
  const folder = `${jobPrefix(run.userId, run.jobId)}/shared/${key}/${run.taskId}-${run.claimedAt}`;
  const toWrite = Object.entries(made.files).map(([name, file]) => ({
    name,
    file,
    key: `${folder}/${name}.${file.extension}`,
  }));
  const keys = Object.fromEntries(toWrite.map(({ name, key }) => [name, key]));
  if (!(await shared.registerFiles(deps.db, id, run, Object.values(keys)))) return null;
  try {
    for (const { key, file } of toWrite) await deps.files.put(key, file.bytes, file.contentType);
  } catch (error) {
    await shared.release(deps.db, id, run, deps.clock.now());
    wake(id);
    throw error;
  }
  const madeHere = await shared.markMade(
    deps.db,
    id,
    run,
    { value: made.value, files: keys },
    deps.clock.now(),
  );
  wake(id);
  if (madeHere)
    return {
      value: made.value,
      files: Object.fromEntries(Object.entries(made.files).map(([name, file]) => [name, file.bytes])),
      madeHere: true,
    };
  await deleteJobFiles(deps, Object.values(keys));
  return null;
}

/**
 * The job's result under `key`: read when another run made it; made by this run when nobody has
 * (or the run that had it is gone: its task is no longer processing under that claim, after a
 * crash, a restart or the stale sweep); else waited for. So two runs needing it at once never both
 * make it: one inserts the row (the unique index on job and key decides), the other waits and reads
 * it; and if a run that looked dead comes back after another took it over, its result is dropped
 * and both deliver the one that won. Waiting costs a worker slot but no CPU, and a run waits while
 * holding no claim of its own, so no two runs ever wait for each other.
 */
export async function makeOnce<T>(
  deps: SharedDeps,
  run: SharedRun,
  what: SharedWhat<T>,
  make: () => Promise<Made<T>>,
): Promise<Shared<T>> {
  let touchedAt = performance.now();
  for (;;) {
    const row = await shared.findShared(deps.db, run.jobId, what.key);
    if (row?.made) return read(deps, row.made, what);
    const now = deps.clock.now();
    let claimed: number | null = null;
    if (!row)
      claimed = await shared.claimNew(deps.db, {
        jobId: run.jobId,
        kind: what.kind,
        key: what.key,
        run,
        now,
      });
    else if (!(await shared.makerAlive(deps.db, row)) && (await shared.takeOver(deps.db, row, run, now)))
      claimed = row.id;
    if (claimed !== null) {
      const kept = await makeAndKeep(deps, run, claimed, what.key, make);
      if (kept) return kept;
      continue;
    }
    if (performance.now() - touchedAt > TOUCH_MS) {
      touchedAt = performance.now();
      if (!(await shared.touchTask(deps.db, run, deps.clock.now()))) throw new RunTakenBackError();
    }
    // No row a moment ago and none inserted by this run: another's is there now, read it.
    if (!row) continue;
    await waitFor(row.id, POLL_MS);
  }
}
