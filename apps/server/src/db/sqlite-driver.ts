import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Adapts Node's built-in `node:sqlite` to the interface Kysely's SqliteDialect expects
 * (the better-sqlite3 shape). Built in means no native addon to compile on install.
 */
export function openSqlite(filename: string): SqliteDatabase {
  const database = new DatabaseSync(filename);
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA synchronous = NORMAL');
  database.exec('PRAGMA foreign_keys = ON');
  database.exec('PRAGMA busy_timeout = 5000');
  return {
    close: () => database.close(),
    prepare: (sql) => wrapStatement(database.prepare(sql)),
  };
}

type SqliteValue = null | number | bigint | string | Uint8Array;

function toSqlite(value: unknown): SqliteValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  return value as SqliteValue;
}

function wrapStatement(statement: StatementSync): SqliteStatement {
  const params = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlite);
  return {
    // A statement that returns columns is a reader (SELECT, or anything with RETURNING).
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...params(parameters)),
    run: (parameters) => statement.run(...params(parameters)),
    iterate: (parameters) => statement.iterate(...params(parameters)),
  };
}
