import type { ExpressionBuilder } from 'kysely';
import type { Database } from './database.ts';

/** The columns every seller-owned row carries. */
type OwnedRow = { id: number; user_id: number };

/** The tables whose rows belong to one seller. */
type OwnedTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; user_id: number } ? T : never;
}[keyof Database];

/**
 * "Row `id` (or rows `ids`), when it is `userId`'s": the one place the ownership rule is written, so
 * a seller asking for someone else's row finds nothing, exactly as for an id that does not exist.
 */
export function own<TB extends OwnedTable>(userId: number, id: number | readonly number[]) {
  return (builder: ExpressionBuilder<Database, TB>) => {
    // Kysely cannot name a column through a generic table; every OwnedTable has these two.
    const eb = builder as unknown as ExpressionBuilder<{ row: OwnedRow }, 'row'>;
    const rowId = typeof id === 'number' ? eb('id', '=', id) : eb('id', 'in', id);
    return eb.and([eb('user_id', '=', userId), rowId]);
  };
}
