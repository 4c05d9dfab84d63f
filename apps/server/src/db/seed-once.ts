import type { Kysely } from 'kysely';
import type { Database } from './database.ts';

/**
 * Runs `seed` the first time a setting is stored in the database (plans, the prompt library), and
 * never again, so an operator's later edits and deletions are not undone at the next start. Nodes
 * starting together race on the marker row; only the one that inserts it seeds.
 */
export async function seedOnce(
  db: Kysely<Database>,
  name: string,
  now: number,
  seed: (trx: Kysely<Database>) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .insertInto('seeded_settings')
      .values({ name, seeded_at: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    if (Number(marked.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await seed(trx);
    return true;
  });
}
