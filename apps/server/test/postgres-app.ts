import { after, before } from 'node:test';
import { buildAccountApp } from './account-helpers.ts';
import { startTestPostgres } from './postgres.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

/**
 * Inside a `describe`: a real PostgreSQL for the suite and an app on it, torn down afterwards.
 * Read `ctx()` in the tests (it is set once `before` has run).
 */
export function usePostgresApp(env: Record<string, string> = {}): () => Ctx {
  let pg: Awaited<ReturnType<typeof startTestPostgres>> | undefined;
  let ctx: Ctx | undefined;
  before(async () => {
    pg = await startTestPostgres();
    ctx = await buildAccountApp({ DATABASE_URL: pg.url, ...env });
  });
  after(async () => {
    await ctx?.close();
    await pg?.stop();
  });
  return () => ctx as Ctx;
}
