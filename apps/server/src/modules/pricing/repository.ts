import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { readJsonColumn } from '../../db/json-column.ts';
import { present } from '../../db/present.ts';
import type { PlanTable } from './table.ts';

type Db = Kysely<Database>;

/** A plan as its row holds it, its benefits read: one line each. */
export type PlanRow = Omit<Selectable<PlanTable>, 'benefits'> & { benefits: string[] };

const isLines = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((line) => typeof line === 'string');

/** A plans row, mapped once. */
const toPlanRow = (row: Selectable<PlanTable>): PlanRow => ({
  ...row,
  benefits: readJsonColumn(row.benefits, isLines, 'plans.benefits'),
});

/** Every plan, in the console's order. */
export async function allPlans(db: Db): Promise<PlanRow[]> {
  const rows = await db.selectFrom('plans').selectAll().orderBy('sort_order').orderBy('id').execute();
  return rows.map(toPlanRow);
}

export async function findPlanRow(db: Db, id: string): Promise<PlanRow | undefined> {
  const row = await db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toPlanRow(row);
}

/** A plan this request has just written. */
export const savedPlan = async (db: Db, id: string): Promise<PlanRow> =>
  present(await findPlanRow(db, id), `plan ${id}`);

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
