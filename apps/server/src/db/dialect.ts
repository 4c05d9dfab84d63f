import { type Kysely, PostgresAdapter } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** Which SQL dialect a Kysely instance speaks; migrations and repositories branch on it. */
export function dialectOf(db: Kysely<unknown>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
