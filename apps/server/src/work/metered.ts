import type { Feature } from '@chuhai/contract';
import type { AppDeps } from '../deps.ts';
import type { AppError } from '../http/app-error.ts';
import { refundUse, takeUse, type UseTicket } from '../modules/entitlement/service.ts';
import { acquireWorkSlot, type WorkSlot } from '../modules/throttle/service.ts';
import { type PaidService, sellerError } from './seller-error.ts';

export type MeteredDeps = Pick<AppDeps, 'db' | 'clock' | 'log'>;

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
  /** The work ended without a result the seller was charged for, but the use stays spent. */
  abandon(): Promise<void>;
}

/**
 * Starts a paid call: takes the owner's slot (when the call has one), then the use, in that order,
 * so a seller at the slot limit spends nothing. Refusals (no slot, no uses, not VIP) throw before
 * the provider is called. The caller ends the call with exactly one of finish, fail or abandon.
 */
export async function startMetered(deps: MeteredDeps, owner: Owner, spec: MeteredSpec): Promise<MeteredCall> {
  const slot: WorkSlot | null = spec.slot
    ? await acquireWorkSlot(
        deps.db,
        { userId: owner.userId, ...spec.slot },
        deps.clock.now(),
        spec.slot.retryAfter,
      )
    : null;
  let ticket: UseTicket;
  try {
    ticket =
      spec.ticket ??
      (await takeUse(deps, owner.userId, spec.feature, {
        vipOnly: spec.vipOnly !== undefined,
        vipOnlyMessage: spec.vipOnly?.message,
      }));
  } catch (error) {
    await slot?.release();
    throw error;
  }
  const release = () => slot?.release() ?? Promise.resolve();
  return {
    ticket,
    finish: release,
    abandon: release,
    async fail(error) {
      try {
        await refundUse(deps, ticket);
      } finally {
        await release();
      }
      return sellerError(error, spec.service, deps.log);
    },
  };
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
