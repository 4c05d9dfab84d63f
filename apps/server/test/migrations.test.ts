import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import { openDatabase } from '../src/db/index.ts';
import { migrateToLatest, migrateUpTo } from '../src/db/migrate.ts';
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

    it('moves every drawing and 智能做图 result of an older schema into stored_images', async () => {
      const before = await migrateUpTo(handle.db as Kysely<unknown>, '0008-studio-images-age');
      assert.ok(before.results?.every((r) => r.status === 'Success'));
      // biome-ignore lint/suspicious/noExplicitAny: the old tables are no longer in the Database type
      const old = handle.db as Kysely<any>;
      const t = Date.parse('2026-11-01T00:00:00Z');
      const { id: userId } = await old
        .insertInto('users')
        .values({ phone: '13700137000', invite_code: 'OLDROWS1', created_at: t, updated_at: t })
        .returning('id')
        .executeTakeFirstOrThrow();
      const drawing = {
        user_id: userId,
        image_size: '1024x1024',
        width: 1024,
        height: 1024,
        provider: 'sdwebui',
      };
      await old
        .insertInto('drawn_images')
        .values([
          { ...drawing, prompt: '白底耳机', file_key: 'u/1/draw/a.png', created_at: t + 1000 },
          { ...drawing, prompt: '木桌上的杯子', file_key: 'u/1/draw/b.png', created_at: t + 3000 },
        ])
        .execute();
      const result = { user_id: userId, width: 1600, height: 1600 };
      await old
        .insertInto('studio_images')
        .values([
          { ...result, kind: 'cutout', file_key: 'u/1/cutout/c.png', created_at: t + 2000 },
          { ...result, kind: 'main', file_key: 'u/1/main/d.jpg', created_at: t + 4000 },
          { ...result, kind: 'replace', file_key: 'u/1/replace/e.jpg', created_at: t + 5000 },
        ])
        .execute();

      const applied = await migrateToLatest(handle.db as Kysely<unknown>);
      assert.ok(applied.results?.some((r) => r.migrationName === '0009-stored-images'));
      const rows = await handle.db.selectFrom('stored_images').selectAll().orderBy('id').execute();
      assert.deepEqual(
        rows.map((r) => [r.kind, r.file_key, r.prompt, r.image_size, r.provider, Number(r.created_at)]),
        [
          ['draw', 'u/1/draw/a.png', '白底耳机', '1024x1024', 'sdwebui', t + 1000],
          ['cutout', 'u/1/cutout/c.png', null, null, null, t + 2000],
          ['draw', 'u/1/draw/b.png', '木桌上的杯子', '1024x1024', 'sdwebui', t + 3000],
          ['main', 'u/1/main/d.jpg', null, null, null, t + 4000],
          ['replace', 'u/1/replace/e.jpg', null, null, null, t + 5000],
        ],
        'every row, oldest first',
      );
      const keep = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.keep_until);
      assert.deepEqual(keep('draw'), [null, null], 'drawings stay until deleted');
      assert.deepEqual(keep('cutout').map(Number), [t + 2000 + 7 * 86_400_000], 'results keep their 7 days');
      assert.ok(rows.every((r) => Number(r.user_id) === Number(userId) && r.width > 0));
      await assert.rejects(old.selectFrom('drawn_images').selectAll().execute(), 'the old tables are gone');
      await assert.rejects(old.selectFrom('studio_images').selectAll().execute());
    });

    it('then finds nothing left to do', async () => {
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
