import { ResultCode } from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import * as events from './repository.ts';

/**
 * Sliding-window counters kept in the database, so every app node behind the load balancer sees the
 * same counts (ARCHITECTURE.md "Horizontal scale").
 */
export interface ThrottleWindow {
  bucket: string;
  limit: number;
  windowMs: number;
}

/** Seconds until `subject` may act again in `window`; 0 when it is under the limit. */
export async function secondsUntilAllowed(
  db: Kysely<Database>,
  window: ThrottleWindow,
  subject: string,
  now: number,
): Promise<number> {
  const key = { bucket: window.bucket, subject };
  const recent = await events.latestEventTimes(db, key, now - window.windowMs, window.limit);
  if (recent.length < window.limit) return 0;
  // The limit-th most recent event is the one whose expiry frees a slot.
  const freeingAt = recent[window.limit - 1] as number;
  return Math.max(1, Math.ceil((freeingAt + window.windowMs - now) / 1000));
}

/** Counts one event, and drops this subject's events that have left the window. */
export async function recordEvent(
  db: Kysely<Database>,
  window: ThrottleWindow,
  subject: string,
  now: number,
): Promise<void> {
  const key = { bucket: window.bucket, subject };
  await events.deleteEvents(db, key, now - window.windowMs);
  await events.insertEvent(db, key, now);
}

/** Forgets a subject's events, e.g. the wrong passwords before a successful login. */
export async function clearEvents(db: Kysely<Database>, window: ThrottleWindow, subject: string) {
  await events.deleteEvents(db, { bucket: window.bucket, subject });
}

/** "请 3 分钟后再试" from a number of seconds. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} 秒`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} 分钟`;
  return `${Math.ceil(seconds / 3600)} 小时`;
}

/** A 429 with the seconds to wait in `data.retryAfter` (the error handler also sets Retry-After). */
export function tooManyRequests(message: string, retryAfter: number): AppError {
  return new AppError(ResultCode.tooManyRequests, message, { retryAfter });
}

/** A slot of running work, held until `release` is called. */
export interface WorkSlot {
  release(): Promise<void>;
}

/**
 * Takes one of `limit` slots of `kind` for the user, or answers 429 with `message` when all are in
 * use. A slot older than `staleMs` is taken back first: its node died before releasing it.
 */
export async function acquireWorkSlot(
  db: Kysely<Database>,
  request: { userId: number; kind: string; limit: number; staleMs: number; message: string },
  now: number,
  retryAfter: number,
): Promise<WorkSlot> {
  const key = { userId: request.userId, kind: request.kind };
  await events.freeStaleSlots(db, key, now - request.staleMs);
  for (let slot = 0; slot < request.limit; slot += 1) {
    if (await events.claimSlot(db, { ...key, slot }, now)) {
      let released = false;
      return {
        release: async () => {
          if (released) return;
          released = true;
          await events.freeSlot(db, { ...key, slot });
        },
      };
    }
  }
  throw tooManyRequests(request.message, retryAfter);
}
