import type { AppDeps } from '../deps.ts';

/**
 * Deletes stored files of a job (an item's upload, outputs a rollback left, an expired job's); one
 * that will not go is logged and left to the store, never thrown: the rows it belonged to go anyway.
 */
export async function deleteJobFiles(
  deps: Pick<AppDeps, 'files' | 'log'>,
  keys: readonly string[],
): Promise<void> {
  for (const key of keys)
    await deps.files.delete(key).catch((err) => deps.log.warn({ err, key }, 'job file not deleted'));
}
