import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database>;

export type PlanRow = Awaited<ReturnType<typeof allPlans>>[number];

/** Every plan, in the console's order. */
export function allPlans(db: Db) {
  return db.selectFrom('plans').selectAll().orderBy('sort_order').orderBy('id').execute();
}

export function findPlanRow(db: Db, id: string) {
  return db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface PlanValues {
  name: string;
  days: number;
  price: number;
  originalPrice: number;
  badge: string;
  benefits: string[];
  enabled: boolean;
  sortOrder: number;
}

function planColumns(values: PlanValues, now: number) {
  return {
    name: values.name,
    days: values.days,
    price: values.price,
    original_price: values.originalPrice,
    badge: values.badge,
    benefits: JSON.stringify(values.benefits),
    enabled: values.enabled ? 1 : 0,
    sort_order: values.sortOrder,
    updated_at: now,
  };
}

export async function insertPlan(db: Db, id: string, values: PlanValues, now: number): Promise<void> {
  await db
    .insertInto('plans')
    .values({ id, ...planColumns(values, now) })
    .execute();
}

export async function updatePlan(db: Db, id: string, values: PlanValues, now: number): Promise<boolean> {
  const result = await db
    .updateTable('plans')
    .set(planColumns(values, now))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function allDailyLimits(db: Db) {
  return db.selectFrom('daily_limits').select(['tier', 'feature', 'daily_limit']).execute();
}

/** Adds the limits that have no row yet (a first start, or a feature added since); keeps the rest. */
export async function insertMissingLimits(
  db: Db,
  limits: { tier: string; feature: string; limit: number }[],
  now: number,
): Promise<void> {
  if (limits.length === 0) return;
  await db
    .insertInto('daily_limits')
    .values(limits.map((l) => ({ tier: l.tier, feature: l.feature, daily_limit: l.limit, updated_at: now })))
    .onConflict((oc) => oc.columns(['tier', 'feature']).doNothing())
    .execute();
}

export async function setDailyLimit(db: Db, tier: string, feature: string, limit: number, now: number) {
  await db
    .updateTable('daily_limits')
    .set({ daily_limit: limit, updated_at: now })
    .where('tier', '=', tier)
    .where('feature', '=', feature)
    .execute();
}
