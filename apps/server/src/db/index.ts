import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';
import type { DialectName } from './dialect.ts';
import { PlannedOnceSqliteDialect } from './sqlite-dialect.ts';
import { openSqlite } from './sqlite-driver.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Whether a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// BIGINT (int8) columns hold epoch milliseconds and ids: well inside Number's safe range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Opens PostgreSQL when `databaseUrl` is given, else SQLite under `dataDir`. */
export function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): DatabaseHandle {
  const dialect: DialectName = options.databaseUrl ? 'postgres' : 'sqlite';
  let pool: pg.Pool | null = null;
  if (options.databaseUrl) {
    pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that the server drops (restart, failover) must not crash the process: the
    // pool discards it and the next query opens a fresh one.
    pool.on('error', () => {});
  }
  const db = new Kysely<Database>({
    dialect: pool
      ? new PostgresDialect({ pool })
      : new PlannedOnceSqliteDialect({
          database: () => {
            mkdirSync(options.dataDir, { recursive: true });
            return Promise.resolve(openSqlite(path.join(options.dataDir, 'app.db')));
          },
        }),
  });
  return {
    db,
    dialect,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}
