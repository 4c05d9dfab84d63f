import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import { compiledOnce } from '../src/db/compiled-once.ts';
import type { Database } from '../src/db/database.ts';
import { buildTestApp, insertBareUser } from './helpers.ts';
import { startTestPostgres } from './postgres.ts';

type Db = Kysely<Database>;

/**
 * A hot query compiled once (db/compiled-once.ts): each call still reads with its own arguments, on
 * SQLite and on PostgreSQL (each dialect compiles its own SQL).
 */
for (const dialect of ['sqlite', 'postgres'] as const)
  describe(`a query compiled once (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof buildTestApp>>;
    let pg: Awaited<ReturnType<typeof startTestPostgres>> | null = null;
    let seller: number;
    let other: number;
    before(async () => {
      if (dialect === 'postgres') pg = await startTestPostgres();
      ctx = await buildTestApp(pg ? { DATABASE_URL: pg.url } : {});
      const db = ctx.app.deps.db;
      seller = await insertBareUser(db, { phone: '13500003001', inviteCode: 'CMPL01', now: 1 });
      other = await insertBareUser(db, { phone: '13500003002', inviteCode: 'CMPL02', now: 1 });
      const tag = (userId: number, title: string, at: number) => ({
        user_id: userId,
        title,
        prompt: title,
        created_at: at,
        updated_at: at,
      });
      await db
        .insertInto('msg_tags')
        .values([tag(seller, 'a', 1), tag(seller, 'b', 2), tag(seller, 'c', 3), tag(other, 'x', 4)])
        .execute();
    });
    after(async () => {
      await ctx?.close();
      await pg?.stop();
    });

    const page = compiledOnce((db: Db, userId: number, offset: number, limit: number) =>
      db
        .selectFrom('msg_tags')
        .select('title')
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .offset(offset)
        .limit(limit),
    );
    const titles = async (db: Db, userId: number, offset: number, limit: number) =>
      (await page(db, userId, offset, limit)).map((row) => row.title);

    it('puts each call’s own user and page into the one compiled SQL', async () => {
      const db = ctx.app.deps.db;
      assert.deepEqual(await titles(db, seller, 0, 2), ['c', 'b']);
      assert.deepEqual(await titles(db, seller, 2, 2), ['a']);
      assert.deepEqual(await titles(db, other, 0, 20), ['x']);
      // Inside a transaction (same dialect, another connection provider) it reads the same.
      const inside = await db.transaction().execute((trx) => titles(trx, seller, 1, 1));
      assert.deepEqual(inside, ['b']);
    });

    it('refuses at once a builder that leaves an argument out of the SQL', async () => {
      const careless = compiledOnce((db: Db, userId: number, _limit: number) =>
        db.selectFrom('msg_tags').select('title').where('user_id', '=', userId).limit(20),
      );
      await assert.rejects(careless(ctx.app.deps.db, seller, 5), /argument 2 never reaches the SQL/);
    });
  });
