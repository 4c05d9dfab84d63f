import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import { openDatabase } from '../src/db/index.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { tempDir } from './helpers.ts';
import { startTestPostgres } from './postgres.ts';

/** The same checks run on both databases: migrations apply, re-run as a no-op, and the schema holds. */
function migrationSuite(
  name: string,
  open: () => Promise<{ url?: string; dataDir: string; stop: () => Promise<void> }>,
) {
  describe(`migrations on ${name}`, () => {
    let handle: ReturnType<typeof openDatabase>;
    let stop: () => Promise<void>;

    before(async () => {
      const target = await open();
      stop = target.stop;
      handle = openDatabase({ databaseUrl: target.url, dataDir: target.dataDir });
    });
    after(async () => {
      await handle?.close();
      await stop?.();
    });

    it('applies every migration, then finds nothing left to do', async () => {
      const first = await migrateToLatest(handle.db as Kysely<unknown>);
      assert.ok((first.results ?? []).length > 0);
      assert.ok(first.results?.every((r) => r.status === 'Success'));
      const second = await migrateToLatest(handle.db as Kysely<unknown>);
      assert.equal(second.results?.length, 0);
    });

    it('creates tables that store and return epoch-millisecond numbers', async () => {
      const now = Date.now();
      const user = await handle.db
        .insertInto('users')
        .values({
          phone: '13800138000',
          password_hash: null,
          invite_code: 'AB12CD34',
          invited_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      assert.equal(typeof user.id, 'number');
      assert.equal(user.created_at, now);
    });

    it('enforces unique phone numbers', async () => {
      const now = Date.now();
      await assert.rejects(
        handle.db
          .insertInto('users')
          .values({
            phone: '13800138000',
            password_hash: null,
            invite_code: 'ZZ99YY88',
            invited_by: null,
            created_at: now,
            updated_at: now,
          })
          .execute(),
      );
    });
  });
}

migrationSuite('SQLite', async () => {
  const data = tempDir('sqlite');
  return { dataDir: data.dir, stop: async () => data.remove() };
});

migrationSuite('PostgreSQL', async () => {
  const pg = await startTestPostgres();
  return { url: pg.url, dataDir: '', stop: pg.stop };
});
