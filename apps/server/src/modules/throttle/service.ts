import { ResultCode } from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
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

/** An attempt counted before it is judged; `wait` > 0 when the window was full and it was refused. */
export interface ReservedAttempt {
  wait: number;
}

/**
 * Counts an attempt as a failure before it is checked, then looks: attempts sent at once each see the
 * others' rows, so no more than `limit` pass in a window however many arrive together (checking
 * first and counting after the slow check let nine parallel guesses through a limit of five). The
 * caller clears the subject's events when the attempt succeeds.
 */
export async function reserveAttempt(
  db: Kysely<Database>,
  window: ThrottleWindow,
  subject: string,
  now: number,
): Promise<ReservedAttempt> {
  const key = { bucket: window.bucket, subject };
  await events.deleteEvents(db, key, now - window.windowMs);
  const id = await events.insertEvent(db, key, now);
  if ((await events.countEvents(db, key, now - window.windowMs, window.limit + 1)) <= window.limit)
    return { wait: 0 };
  // Refused before it was checked: it is no failure.
  await events.deleteEvent(db, id);
  return { wait: Math.max(1, await secondsUntilAllowed(db, window, subject, now)) };
}

/** Forgets a subject's events, e.g. the wrong passwords before a successful login. */
export async function clearEvents(db: Kysely<Database>, window: ThrottleWindow, subject: string) {
  await events.deleteEvents(db, { bucket: window.bucket, subject });
}

/** The lowest of `limit` slots that was free and is now ours, or null when all are taken. */
async function claimFreeSlot(
  db: Kysely<Database>,
  key: { userId: number; kind: string },
  limit: number,
  now: number,
): Promise<number | null> {
  for (let slot = 0; slot < limit; slot += 1)
    if (await events.claimSlot(db, { ...key, slot }, now)) return slot;
  return null;
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

export interface WorkSlotRequest {
  userId: number;
  kind: string;
  limit: number;
  staleMs: number;
  message: string;
}

/**
 * Takes one of `limit` slots of `kind` for the user, or answers 429 with `message` when all are in
 * use. When all are taken, a slot older than `staleMs` is taken back: its node died before releasing it.
 */
export async function acquireWorkSlot(
  db: Kysely<Database>,
  request: WorkSlotRequest,
  now: number,
  retryAfter: number,
): Promise<WorkSlot> {
  return claimWorkSlot(db, db, request, now, retryAfter);
}

/**
 * `acquireWorkSlot` inside the caller's transaction `trx`: the slot is taken only if everything else
 * the transaction writes is, and a failure later in it leaves no slot to release. `db` is where the
 * slot is released afterwards, once the transaction is over.
 */
export async function claimWorkSlot(
  trx: Kysely<Database>,
  db: Kysely<Database>,
  request: WorkSlotRequest,
  now: number,
  retryAfter: number,
): Promise<WorkSlot> {
  const key = { userId: request.userId, kind: request.kind };
  let slot = await claimFreeSlot(trx, key, request.limit, now);
  if (slot === null) {
    // Every slot is taken. One older than staleMs was left by a node that died before releasing it:
    // take those back and look again (only now, so the usual request makes one statement, not two).
    await events.freeStaleSlots(trx, key, now - request.staleMs);
    slot = await claimFreeSlot(trx, key, request.limit, now);
  }
  if (slot !== null) {
    const taken = slot;
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        await events.freeSlot(db, { ...key, slot: taken });
      },
    };
  }
  throw tooManyRequests(request.message, retryAfter);
}
