import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { insertId } from '../../db/insert-id.ts';

type Db = Kysely<Database>;

/** The user's grants that still run past `at` (at `now`: those in force), the one that ends last first. */
export function findActiveGrants(db: Db, userId: number, at: number) {
  return db
    .selectFrom('consumer_levels')
    .selectAll()
    .where('user_id', '=', userId)
    .where('level_end_at', '>', at)
    .orderBy('level_end_at', 'desc')
    .execute();
}

/** For each of these users with a grant still in force at `now`, when their last grant ends. */
export async function vipEndsOf(
  db: Db,
  userIds: readonly number[],
  now: number,
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('consumer_levels')
    .select(['user_id', (eb) => eb.fn.max('level_end_at').as('end')])
    .where('user_id', 'in', userIds)
    .where('level_end_at', '>', now)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.end)]));
}

export async function latestGrantEnd(db: Db, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('consumer_levels')
    .select((eb) => eb.fn.max('level_end_at').as('end'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.end == null ? null : Number(row.end);
}

export function findGrantBySource(db: Db, source: string, sourceRef: string) {
  return db
    .selectFrom('consumer_levels')
    .selectAll()
    .where('source', '=', source)
    .where('source_ref', '=', sourceRef)
    .executeTakeFirst();
}

export async function insertGrant(
  db: Db,
  values: {
    userId: number;
    levelName: string;
    startAt: number;
    endAt: number;
    source: string;
    sourceRef: string;
    now: number;
  },
) {
  await db
    .insertInto('consumer_levels')
    .values({
      user_id: values.userId,
      level_name: values.levelName,
      level_start_at: values.startAt,
      level_end_at: values.endAt,
      source: values.source,
      source_ref: values.sourceRef,
      created_at: values.now,
    })
    .execute();
}

/**
 * Serialises quota checks of one user inside a transaction. PostgreSQL locks the user row;
 * SQLite needs nothing, since its one connection runs one transaction at a time.
 */
export async function lockUser(trx: Db, userId: number): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** Net uses per feature on one China-time day (uses minus refunds). */
export async function usageByFeature(db: Db, userId: number, day: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('usage_ledger')
    .select(['feature', (eb) => eb.fn.sum<number>('delta').as('used')])
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .groupBy('feature')
    .execute();
  return new Map(rows.map((r) => [r.feature, Number(r.used)]));
}

export async function insertUse(
  db: Db,
  values: { userId: number; feature: string; day: string; now: number },
) {
  return insertId(db, 'usage_ledger', {
    user_id: values.userId,
    feature: values.feature,
    day: values.day,
    delta: 1,
    refund_of: null,
    created_at: values.now,
  });
}

/** Writes the refund row of a use; false when it was already refunded. */
export async function insertRefund(
  db: Db,
  use: { id: number; userId: number; feature: string; day: string },
  now: number,
): Promise<boolean> {
  const existing = await db
    .selectFrom('usage_ledger')
    .select('id')
    .where('refund_of', '=', use.id)
    .executeTakeFirst();
  if (existing) return false;
  await db
    .insertInto('usage_ledger')
    .values({
      user_id: use.userId,
      feature: use.feature,
      day: use.day,
      delta: -1,
      refund_of: use.id,
      created_at: now,
    })
    .execute();
  return true;
}

export async function setGrantSpan(db: Db, grantId: number, startAt: number, endAt: number): Promise<void> {
  await db
    .updateTable('consumer_levels')
    .set({ level_start_at: startAt, level_end_at: endAt })
    .where('id', '=', grantId)
    .execute();
}

/** The user's latest ledger entries (uses +1, refunds −1), newest first (运营后台 · 用户). */
export function recentLedger(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('usage_ledger')
    .select(['feature', 'day', 'delta', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
