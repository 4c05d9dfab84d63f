const RELOAD_FLAG = 'chuhai_chunk_reload_at';
const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|Failed to fetch|Loading chunk|error loading dynamically/i;

/** Whether an error is a lazy chunk that failed to load: after a deploy the old hashed file is gone. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/**
 * Reloads the page once to pick up the new build. A second failure within a minute is shown
 * instead, so a real outage never becomes a reload loop.
 */
export function reloadOnceForNewBuild(): boolean {
  const last = Number(sessionStorage.getItem(RELOAD_FLAG) ?? 0);
  if (Date.now() - last < 60_000) return false;
  sessionStorage.setItem(RELOAD_FLAG, String(Date.now()));
  window.location.reload();
  return true;
}
