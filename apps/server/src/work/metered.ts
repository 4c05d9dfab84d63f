import type { Feature } from '@chuhai/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import {
  refundUse,
  takeUse,
  takeUseIn,
  takeUses,
  takeUsesIn,
  type UseTicket,
} from '../modules/entitlement/service.ts';
import { acquireWorkSlot, claimWorkSlot, type WorkSlot } from '../modules/throttle/service.ts';
import { type PaidService, sellerError } from './seller-error.ts';

/** What metering needs of the app's deps (AppDeps has them): the database, the clock, the log. */
export interface MeteredDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** Who pays: resolved once in the auth scope (a user today, a workspace later). */
export interface Owner {
  userId: number;
}

/** One paid call: which quota it spends, which service's words its failures take, and its slot. */
export interface MeteredSpec {
  feature: Feature;
  service: PaidService;
  /** A VIP-only call refuses others before anything is spent. */
  vipOnly?: { message: string };
  /** At most `limit` of these at once per owner (429 with `message`); a dead node's slot is freed after `staleMs`. */
  slot?: { kind: string; limit: number; staleMs: number; message: string; retryAfter: number };
  /** A use already taken for this call (e.g. taken with others in one transaction). */
  ticket?: UseTicket;
}

/** A paid call once started: the slot held and the use taken. */
export interface MeteredCall {
  readonly ticket: UseTicket;
  /** The work is over and the use stays spent (done, or stopped by the seller after it delivered). */
  finish(): Promise<void>;
  /** The work failed: the use is given back, the slot freed, and the seller's error returned. */
  fail(error: unknown): Promise<AppError>;
  /** The work ended without a result, but the use stays spent (the seller stopped it after the provider was asked). */
  abandon(): Promise<void>;
  /** Whether `fail` gave the use back (false when it had been given back already). */
  readonly refunded: boolean;
}

function meteredCall(
  deps: MeteredDeps,
  spec: MeteredSpec,
  ticket: UseTicket,
  slot: WorkSlot | null,
): MeteredCall {
  let released = false;
  // Each ending frees the slot once, so a `finally` may end a call that already ended.
  const release = async () => {
    if (released) return;
    released = true;
    await slot?.release();
  };
  let refunded = false;
  return {
    ticket,
    finish: release,
    abandon: release,
    get refunded() {
      return refunded;
    },
    async fail(error) {
      try {
        refunded = await refundUse(deps, ticket);
      } finally {
        await release();
      }
      return sellerError(error, spec.service, deps.log);
    },
  };
}

/** The owner's slot for this kind of call, when it has one (429 when all are taken). */
function acquireSlot(deps: MeteredDeps, owner: Owner, spec: MeteredSpec): Promise<WorkSlot | null> | null {
  if (!spec.slot) return null;
  return acquireWorkSlot(
    deps.db,
    { userId: owner.userId, ...spec.slot },
    deps.clock.now(),
    spec.slot.retryAfter,
  );
}

const vipOptions = (spec: MeteredSpec) => ({
  vipOnly: spec.vipOnly !== undefined,
  vipOnlyMessage: spec.vipOnly?.message,
});

/**
 * Starts a paid call: takes the owner's slot (when the call has one), then the use, in that order,
 * so a seller at the slot limit spends nothing. Refusals (no slot, no uses, not VIP) throw before
 * the provider is called. The caller ends the call with finish, fail or abandon.
 */
export async function startMetered(deps: MeteredDeps, owner: Owner, spec: MeteredSpec): Promise<MeteredCall> {
  const slot = await acquireSlot(deps, owner, spec);
  try {
    const ticket = spec.ticket ?? (await takeUse(deps, owner.userId, spec.feature, vipOptions(spec)));
    return meteredCall(deps, spec, ticket, slot);
  } catch (error) {
    await slot?.release();
    throw error;
  }
}

/**
 * `startMetered` inside the caller's transaction `trx`, which writes what the call is for in the same
 * commit (AI 问答 saves the question with its slot and use: one commit before the provider is
 * asked). A refusal rolls all of it back; the slot is later released on `deps.db`, outside.
 */
export async function startMeteredIn(
  trx: Kysely<Database>,
  deps: MeteredDeps,
  owner: Owner,
  spec: MeteredSpec,
  now: number,
): Promise<MeteredCall> {
  const slot = spec.slot
    ? await claimWorkSlot(trx, deps.db, { userId: owner.userId, ...spec.slot }, now, spec.slot.retryAfter)
    : null;
  const ticket = spec.ticket ?? (await takeUseIn(trx, owner.userId, spec.feature, now, vipOptions(spec)));
  return meteredCall(deps, spec, ticket, slot);
}

/**
 * Charges work that was done before it was paid for (批量处理 charges an image with its finished
 * outputs, in the transaction that keeps them: a failed image costs nothing). All the uses or none;
 * throws the quota's refusal when today's uses do not cover them.
 */
export async function chargeDelivered(
  trx: Kysely<Database>,
  owner: Owner,
  uses: Partial<Record<Feature, number>>,
  now: number,
): Promise<void> {
  await takeUsesIn(trx, owner.userId, uses, now);
}

/**
 * Every paid AI call in one shape: slot → use → `work` → on failure the use back and the seller's
 * message. `work` holds only the feature's own logic (what to ask, what to keep).
 */
export async function runMetered<T>(
  deps: MeteredDeps,
  owner: Owner,
  spec: MeteredSpec,
  work: (ticket: UseTicket) => Promise<T>,
): Promise<T> {
  const call = await startMetered(deps, owner, spec);
  let result: T;
  try {
    result = await work(call.ticket);
  } catch (error) {
    throw await call.fail(error);
  }
  await call.finish();
  return result;
}

/** How one of several paid calls made together ended: its result, or the seller's error (its use given back). */
export type MeteredOutcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

/**
 * `count` paid calls of one kind made as one request (AI 绘画 draws up to 4 images per prompt): the
 * slot once, then all `count` uses in one transaction, all or none (a seller with fewer uses left than
 * asked spends nothing, and two requests at once cannot overspend), then `work` for each, at once.
 * Each call that fails gives back only its own use; the outcomes come back in order. (`spec.ticket`
 * does not apply: the uses are taken here.)
 */
export async function runMeteredEach<T>(
  deps: MeteredDeps,
  owner: Owner,
  spec: MeteredSpec,
  count: number,
  work: (ticket: UseTicket, index: number) => Promise<T>,
): Promise<MeteredOutcome<T>[]> {
  const slot = await acquireSlot(deps, owner, spec);
  try {
    const tickets = await takeUses(deps, owner.userId, spec.feature, count, vipOptions(spec));
    // Every call ends (and refunds) before the slot is freed, even when a refund itself throws.
    const settled = await Promise.allSettled(
      tickets.map(async (ticket, index): Promise<MeteredOutcome<T>> => {
        const call = meteredCall(deps, spec, ticket, null);
        try {
          return { ok: true, value: await work(ticket, index) };
        } catch (error) {
          return { ok: false, error: await call.fail(error) };
        }
      }),
    );
    return settled.map((outcome) => {
      if (outcome.status === 'rejected') throw outcome.reason;
      return outcome.value;
    });
  } finally {
    await slot?.release();
  }
}
