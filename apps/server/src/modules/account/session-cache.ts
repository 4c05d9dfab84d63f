import type { Selectable } from 'kysely';
import type { SessionTable } from './table.ts';

/** A session's row as the repository reads it (repository.ts imports this file: no import back). */
export type SessionRow = Selectable<SessionTable>;

/**
 * Sessions read in the last REUSE_MS, by token. Under load one seller's page asks for the same
 * session many times a second, and hashing the token and reading its row was a fifth of a light
 * read. Only live sessions are kept (an unknown token is read every time, so guessing costs the
 * guesser, not memory); expiry and sliding are still judged on every request against the kept row.
 * Every revocation or deletion of sessions (repository.ts) forgets them all at once on this node;
 * another node (PostgreSQL, several app nodes) takes at most REUSE_MS to see it.
 */
const REUSE_MS = 1_000;
/** Kept sessions at most; past it the next one starts the cache over. */
const MOST = 10_000;

const kept = new Map<string, { row: SessionRow; readAt: number }>();

/** The session of `token` read less than REUSE_MS ago, or null. */
export function keptSession(token: string): SessionRow | null {
  const entry = kept.get(token);
  if (!entry) return null;
  if (performance.now() - entry.readAt < REUSE_MS) return entry.row;
  kept.delete(token);
  return null;
}

/** Keeps a live session's row as just read (or just touched). */
export function keepSession(token: string, row: SessionRow, readAt = performance.now()): void {
  if (kept.size >= MOST && !kept.has(token)) kept.clear();
  kept.set(token, { row, readAt });
}

/** Forgets every kept session: called by whatever revokes or deletes sessions. */
export function forgetSessions(): void {
  kept.clear();
}
