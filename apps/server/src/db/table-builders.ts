import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from './dialect.ts';

/**
 * `CREATE TABLE name (id …)` with the auto-increment key each dialect wants: `bigserial` on
 * PostgreSQL, `integer primary key autoincrement` on SQLite. Migrations add their columns after it.
 */
export function createTableWithId(db: Kysely<unknown>, name: string) {
  const postgres = dialectOf(db) === 'postgres';
  return db.schema
    .createTable(name)
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c: ColumnDefinitionBuilder) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    );
}

/** A reference to a user; the row goes when the user does. */
export const userReference = (c: ColumnDefinitionBuilder) =>
  c.notNull().references('users.id').onDelete('cascade');
