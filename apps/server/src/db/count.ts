import type { SelectQueryBuilder } from 'kysely';

/** How many rows a query matches (PostgreSQL hands counts back as strings, SQLite as numbers). */
export async function countRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = (await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}
