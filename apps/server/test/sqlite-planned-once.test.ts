import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { buildTestApp, insertBareUser } from './helpers.ts';

/**
 * On SQLite every value is written `+?` (db/sqlite-dialect.ts) so that ordered queries are planned
 * once; the values must still mean what they meant as bare parameters.
 */
describe('SQLite values written as +?', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  before(async () => {
    ctx = await buildTestApp();
  });
  after(() => ctx.close());

  it('writes every value as +?', () => {
    const query = ctx.app.deps.db
      .selectFrom('msg_tags')
      .select('id')
      .where('user_id', '=', 1)
      .orderBy('updated_at', 'desc')
      .limit(20)
      .compile();
    assert.equal(
      query.sql,
      'select "id" from "msg_tags" where "user_id" = +? order by "updated_at" desc limit +?',
    );
  });

  it('keeps what values mean: column affinity, null, in-lists, limits', async () => {
    const db = ctx.app.deps.db;
    const userId = await insertBareUser(db, { phone: '13500004001', inviteCode: 'PLAN01', now: 5 });
    await db
      .insertInto('msg_tags')
      .values(
        ['1', '2', '10', 'a%b'].map((title, index) => ({
          user_id: userId,
          title,
          prompt: `p${index}`,
          created_at: index,
          updated_at: index,
        })),
      )
      .execute();
    const titles = async (query: Promise<{ title: string }[]>) => (await query).map((row) => row.title);
    const tags = db.selectFrom('msg_tags').select('title').where('user_id', '=', userId);
    // Text compared with an integer column is read as a number.
    assert.deepEqual(
      await titles(
        db
          .selectFrom('msg_tags')
          .select('title')
          .where('user_id', '=', String(userId) as unknown as number)
          .orderBy('updated_at')
          .limit(2)
          .offset(1)
          .execute(),
      ),
      ['2', '10'],
    );
    assert.deepEqual(await titles(tags.where('title', 'in', ['1', 'a%b']).orderBy('title').execute()), [
      '1',
      'a%b',
    ]);
    assert.deepEqual(await titles(tags.where('title', 'like', '%\\%%').execute()), []);
    assert.deepEqual(await titles(tags.where(sql<boolean>`instr(title, ${'%'}) > 0`).execute()), ['a%b']);
    const row = await sql<{
      n: null;
      t: string;
      b: Uint8Array;
    }>`select ${null} as n, ${'007'} as t, ${new Uint8Array([1, 2])} as b`.execute(db);
    assert.equal(row.rows[0]?.n, null);
    assert.equal(row.rows[0]?.t, '007', 'text stays text, leading zeros and all');
    assert.deepEqual([...(row.rows[0]?.b ?? [])], [1, 2]);
  });
});
