import type { Generated, Insertable, Kysely } from 'kysely';
import type { Database } from './database.ts';

/** The tables keyed by an auto-increment `id`. */
type TableWithId = {
  [T in keyof Database]: Database[T] extends { id: Generated<number> } ? T : never;
}[keyof Database];

/** Inserts one row into `table` and returns its new id. */
export async function insertId<T extends TableWithId>(
  db: Kysely<Database>,
  table: T,
  values: Insertable<Database[T]>,
): Promise<number> {
  // Kysely cannot name `id` through a generic table; every TableWithId has it.
  const keyed = db as unknown as Kysely<Record<string, { id: Generated<number> }>>;
  const row = await keyed
    .insertInto(table)
    .values(values as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
