import type { Kysely } from 'kysely';
import { countRows } from '../../db/count.ts';
import type { Database } from '../../db/database.ts';
import type { PageWindow } from '../../lib/paging.ts';

type Db = Kysely<Database>;

export async function insertBatch(
  db: Db,
  batch: {
    name: string;
    planId: string | null;
    days: number;
    count: number;
    expiresAt: number;
    perUserLimit: number;
    createdBy: number;
    now: number;
  },
  codeHashes: string[],
): Promise<number> {
  const row = await db
    .insertInto('redeem_batches')
    .values({
      name: batch.name,
      plan_id: batch.planId,
      days: batch.days,
      count: batch.count,
      expires_at: batch.expiresAt,
      per_user_limit: batch.perUserLimit,
      created_by: batch.createdBy,
      created_at: batch.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const batchId = Number(row.id);
  // In slices: SQLite allows a limited number of bound values per statement.
  for (let i = 0; i < codeHashes.length; i += 200)
    await db
      .insertInto('redeem_codes')
      .values(codeHashes.slice(i, i + 200).map((code_hash) => ({ batch_id: batchId, code_hash })))
      .execute();
  return batchId;
}

const batchColumns = (db: Db) =>
  db.selectFrom('redeem_batches').select((eb) => [
    'redeem_batches.id',
    'redeem_batches.name',
    'redeem_batches.plan_id',
    'redeem_batches.days',
    'redeem_batches.count',
    'redeem_batches.expires_at',
    'redeem_batches.per_user_limit',
    'redeem_batches.disabled_at',
    'redeem_batches.created_at',
    eb
      .selectFrom('redeem_codes')
      .select((inner) => inner.fn.countAll<number | string>().as('n'))
      .whereRef('redeem_codes.batch_id', '=', 'redeem_batches.id')
      .where('redeem_codes.redeemed_by', 'is not', null)
      .as('redeemed'),
  ]);

export type BatchRow = Awaited<ReturnType<typeof findBatch>> & {};

export function findBatch(db: Db, id: number) {
  return batchColumns(db).where('redeem_batches.id', '=', id).executeTakeFirst();
}

export function batchesPage(db: Db, { offset, limit }: PageWindow) {
  return batchColumns(db).orderBy('redeem_batches.id', 'desc').offset(offset).limit(limit).execute();
}

export function countBatches(db: Db) {
  return countRows(db.selectFrom('redeem_batches'));
}

export async function setBatchDisabled(db: Db, id: number, disabledAt: number | null): Promise<boolean> {
  const result = await db
    .updateTable('redeem_batches')
    .set({ disabled_at: disabledAt })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findCodeByHash(db: Db, codeHash: string) {
  return db.selectFrom('redeem_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

export function findCodeById(db: Db, codeId: number) {
  return db.selectFrom('redeem_codes').selectAll().where('id', '=', codeId).executeTakeFirst();
}

/** Marks a code redeemed if nobody has yet: true for exactly one of any number of racing callers. */
export async function claimCode(db: Db, codeId: number, userId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('redeem_codes')
    .set({ redeemed_by: userId, redeemed_at: now })
    .where('id', '=', codeId)
    .where('redeemed_by', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function countRedeemedBy(db: Db, batchId: number, userId: number) {
  return countRows(
    db.selectFrom('redeem_codes').where('batch_id', '=', batchId).where('redeemed_by', '=', userId),
  );
}
