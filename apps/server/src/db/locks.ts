import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect.ts';

/**
 * Serialises transactions that check a limit and then write, per `key` (e.g. `tags:42`): on
 * PostgreSQL a transaction-scoped advisory lock, held until commit or rollback. SQLite needs none:
 * its one connection runs one transaction at a time.
 */
export async function lockKey<DB>(trx: Kysely<DB>, key: string): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}
