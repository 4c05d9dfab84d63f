import { after, before } from 'node:test';
import { buildAccountApp } from './account-helpers.ts';
import { startTestPostgres } from './postgres.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

/**
 * Inside a `describe`: a real PostgreSQL for the suite and an app on it made by `build` (given the
 * database's settings), torn down afterwards. Read `ctx()` in the tests (it is set once `before` has run).
 */
export function usePostgres<C extends { close(): Promise<unknown> }>(
  build: (env: Record<string, string>) => Promise<C>,
): () => C {
  let pg: Awaited<ReturnType<typeof startTestPostgres>> | undefined;
  let ctx: C | undefined;
  before(async () => {
    pg = await startTestPostgres();
    ctx = await build({ DATABASE_URL: pg.url });
  });
  after(async () => {
    await ctx?.close();
    await pg?.stop();
  });
  return () => ctx as C;
}

/** `usePostgres` with the account app and extra settings `env`. */
export function usePostgresApp(env: Record<string, string> = {}): () => Ctx {
  return usePostgres((database) => buildAccountApp({ ...database, ...env }));
}
