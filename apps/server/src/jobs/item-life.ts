import type { AppDeps } from '../deps.ts';
import { AppError } from '../lib/app-error.ts';
import { ProviderError } from '../providers/provider-error.ts';
import { type Delivery, type ItemUses, quotaShortfall } from './charge.ts';
import { claimItem } from './items.ts';
import { type JobTables, rollUpJob } from './roll-up.ts';

/**
 * Thrown by an item's `make` when the item was taken from this run meanwhile (the sweep thought the
 * worker dead and another run has it): this run stops without touching it.
 */
export class ItemTakenBack extends Error {}

/** One claimed item, as its module reads it: what it is charged, how it is made and delivered. */
export interface ClaimedItem<Made> {
  jobId: number;
  userId: number;
  /** What the item is expected to be charged: today's quota is asked for it before anything is made. */
  uses: ItemUses;
  /** Settles it in a status other than done (paused, failed, waiting, cancelled). */
  settle(status: string, reason: string): Promise<unknown>;
  /** Makes everything it delivers; nothing is charged yet. */
  make(): Promise<Made>;
  /** The seller's words for a failure of `make`, after cleaning up what the item leaves (its upload). */
  failed(error: unknown): Promise<string>;
  /** Stores what was made and delivers it with its charge in one transaction (chargeAndDeliver). */
  deliver(made: Made): Promise<Delivery>;
}

/** A claimed item that ends at once, before anything is probed or made: its job was cancelled or paused meanwhile. */
export interface EndedItem {
  endsAt: { status: 'cancelled' | 'paused'; reason: string };
  settle(status: string, reason: string): Promise<unknown>;
}

/** A module's kind of item: its tables, and how a claimed one is read. */
export interface ItemKind<Made> {
  tables: JobTables;
  /** Said after the quota's own words when an item pauses on today's quota. */
  quotaPause: string;
  open(deps: AppDeps, itemId: number, claimedAt: number): Promise<ClaimedItem<Made> | EndedItem>;
}

/**
 * One item, from its queue message to done, failed or paused: claim → quota probe → make → deliver
 * and charge in one transaction → settle → the job's roll-up. Exactly once whatever happens: the
 * claim is a conditional update (a redelivered message finds it taken), and the uses are taken in
 * the transaction that marks it done, so a worker killed at any point leaves it uncharged and handed
 * out again, or charged and finished. A failed item is charged nothing.
 */
export async function runItem<Made>(deps: AppDeps, kind: ItemKind<Made>, itemId: number): Promise<void> {
  const claimedAt = deps.clock.now();
  if (!(await claimItem(deps.db, kind.tables.items, itemId, claimedAt))) return;
  const item = await kind.open(deps, itemId, claimedAt);
  if ('endsAt' in item) {
    await item.settle(item.endsAt.status, item.endsAt.reason);
    return;
  }
  const rollUp = () => rollUpJob(deps, kind.tables, item.jobId);
  const pauseFor = (quota: AppError) => item.settle('paused', `${quota.message}${kind.quotaPause}`);

  const shortfall = await quotaShortfall(deps, item.userId, item.uses);
  if (shortfall) {
    await pauseFor(shortfall);
    await rollUp();
    return;
  }

  let made: Made;
  try {
    made = await item.make();
  } catch (error) {
    if (error instanceof ItemTakenBack) return;
    if (error instanceof ProviderError && error.kind === 'busy') {
      // The interactive tools have the pool: this item waits its turn (the queue retries the message).
      await item.settle('waiting', '');
      throw error;
    }
    await item.settle('failed', await item.failed(error));
    await rollUp();
    return;
  }

  const delivered = await item.deliver(made);
  if (delivered === 'taken back') return;
  if (delivered instanceof AppError) await pauseFor(delivered);
  await rollUp();
}
