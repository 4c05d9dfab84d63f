import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from './database.ts';
import type { DatabaseHandle } from './index.ts';
import { migrateToLatest } from './migrate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    database: DatabaseHandle;
  }
}

/** Decorates the app with the database, migrates it before the app is ready, closes it on shutdown. */
export const databasePlugin = fp<{ handle: DatabaseHandle }>(
  async (app, { handle }) => {
    await migrateToLatest(handle.db as Kysely<unknown>);
    app.decorate('db', handle.db);
    app.decorate('database', handle);
    app.addHook('onClose', async () => {
      await handle.close();
    });
  },
  { name: 'database' },
);
