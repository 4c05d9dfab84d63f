import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../lib/app-error.ts';
import { chargeDelivered } from '../work/metered.ts';

/** What one item is charged: uses of each feature. */
export type ItemUses = Parameters<typeof chargeDelivered>[2];

/** How a delivery ended: charged and done, taken back by another run, or refused by today's quota. */
export type Delivery = 'delivered' | 'taken back' | AppError;

/** Thrown inside the charging transaction to roll it back: the one way this layer undoes a charge. */
class Rollback extends Error {}

type ChargeDeps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * Charges `uses` and runs `deliver` in one transaction: the item's outputs become the seller's and
 * are paid for together, or neither. `deliver` writes what the item leaves and settles it done,
 * returning false when the item is no longer this run's (taken back by the sweep): then nothing is
 * kept. A quota that does not cover the uses answers its AppError (the seller's words), not a throw.
 */
export async function chargeAndDeliver(
  deps: ChargeDeps,
  userId: number,
  uses: ItemUses,
  deliver: (trx: Kysely<Database>) => Promise<boolean>,
): Promise<Delivery> {
  try {
    await deps.db.transaction().execute(async (trx) => {
      await chargeDelivered(trx, { userId }, uses, deps.clock.now());
      if (!(await deliver(trx))) throw new Rollback();
    });
    return 'delivered';
  } catch (error) {
    if (error instanceof Rollback) return 'taken back';
    if (error instanceof AppError) return error;
    throw error;
  }
}

/**
 * Whether today's quota still covers one more item: the charge itself, tried and rolled back, so the
 * probe can never disagree with the charge at delivery. Null when it does, else the quota's error.
 */
export async function quotaShortfall(
  deps: ChargeDeps,
  userId: number,
  uses: ItemUses,
): Promise<AppError | null> {
  const tried = await chargeAndDeliver(deps, userId, uses, async () => false);
  return tried instanceof AppError ? tried : null;
}
