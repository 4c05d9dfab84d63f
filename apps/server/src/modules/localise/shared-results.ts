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

/** As kept in `localise_shared_results.result`: the value and the key of each file. */
interface Stored<T> {
  value: T;
  files: Record<string, string>;
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

async function read<T>(deps: SharedDeps, row: shared.SharedResultRow): Promise<Shared<T>> {
  const stored = JSON.parse(row.result) as Stored<T>;
  const files: Record<string, Buffer> = {};
  for (const [name, key] of Object.entries(stored.files)) {
    const file = await deps.files.get(key);
    if (!file) throw new Error(`一键出海 shared result file missing: ${key}`);
    files[name] = file.bytes;
  }
  return { value: stored.value, files, madeHere: false };
}

async function deleteQuietly(deps: SharedDeps, keys: string[]) {
  for (const key of keys)
    await deps.files.delete(key).catch((err) => deps.log.warn({ err, key }, 'localise file not deleted'));
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
  const keys = Object.fromEntries(
    Object.entries(made.files).map(([name, file]) => [name, `${folder}/${name}.${file.extension}`]),
  );
  if (!(await shared.registerFiles(deps.db, id, run, Object.values(keys)))) return null;
  try {
    for (const [name, file] of Object.entries(made.files))
      await deps.files.put(keys[name] as string, file.bytes, file.contentType);
  } catch (error) {
    await shared.release(deps.db, id, run, deps.clock.now());
    wake(id);
    throw error;
  }
  const stored: Stored<T> = { value: made.value, files: keys };
  const madeHere = await shared.markMade(deps.db, id, run, JSON.stringify(stored), deps.clock.now());
  wake(id);
  if (madeHere)
    return {
      value: made.value,
      files: Object.fromEntries(Object.entries(made.files).map(([name, file]) => [name, file.bytes])),
      madeHere: true,
    };
  await deleteQuietly(deps, Object.values(keys));
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
  what: { kind: string; key: string },
  make: () => Promise<Made<T>>,
): Promise<Shared<T>> {
  let touchedAt = performance.now();
  for (;;) {
    const row = await shared.findShared(deps.db, run.jobId, what.key);
    if (row?.status === 'made') return read<T>(deps, row);
    const now = deps.clock.now();
    let claimed: number | null = null;
    if (!row) claimed = await shared.claimNew(deps.db, { jobId: run.jobId, ...what, run, now });
    else if (!(await shared.makerAlive(deps.db, row)) && (await shared.takeOver(deps.db, row, run, now)))
      claimed = Number(row.id);
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
    await waitFor(Number(row.id), POLL_MS);
  }
}
