import { ResultCode } from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

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
  const recent = await db
    .selectFrom('throttle_events')
    .select('created_at')
    .where('bucket', '=', window.bucket)
    .where('subject', '=', subject)
    .where('created_at', '>', now - window.windowMs)
    .orderBy('created_at', 'desc')
    .limit(window.limit)
    .execute();
  if (recent.length < window.limit) return 0;
  // The limit-th most recent event is the one whose expiry frees a slot.
  const freeingEvent = recent[window.limit - 1];
  return freeingEvent ? Math.max(1, Math.ceil((freeingEvent.created_at + window.windowMs - now) / 1000)) : 0;
}

/** Counts one event, and drops this subject's events that have left the window. */
export async function recordEvent(
  db: Kysely<Database>,
  window: ThrottleWindow,
  subject: string,
  now: number,
): Promise<void> {
  await db
    .deleteFrom('throttle_events')
    .where('bucket', '=', window.bucket)
    .where('subject', '=', subject)
    .where('created_at', '<=', now - window.windowMs)
    .execute();
  await db
    .insertInto('throttle_events')
    .values({ bucket: window.bucket, subject, created_at: now })
    .execute();
}

/** Forgets a subject's events, e.g. the wrong passwords before a successful login. */
export async function clearEvents(db: Kysely<Database>, window: ThrottleWindow, subject: string) {
  await db
    .deleteFrom('throttle_events')
    .where('bucket', '=', window.bucket)
    .where('subject', '=', subject)
    .execute();
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
