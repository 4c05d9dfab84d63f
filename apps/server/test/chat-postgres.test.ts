import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { auth, get, post } from './account-helpers.ts';
import { askJson, askStreaming, buildChatApp } from './chat-helpers.ts';
import { startTestPostgres } from './postgres.ts';

/**
 * The chat calls on a real PostgreSQL: ILIKE search with escapes, conversations (listed, reopened,
 * renamed, deleted), the stream's writes.
 */
describe('chat on PostgreSQL', () => {
  let pg: Awaited<ReturnType<typeof startTestPostgres>>;
  let ctx: Awaited<ReturnType<typeof buildChatApp>>;
  before(async () => {
    pg = await startTestPostgres();
    ctx = await buildChatApp({ DATABASE_URL: pg.url });
  });
  after(async () => {
    await ctx?.close();
    await pg?.stop();
  });

  it('streams, stores, searches case-insensitively with literal % and _, and clears', async () => {
    const streamed = await askStreaming(ctx.app, ctx.token, { content: 'Amazon 折扣 100% 可以吗' });
    assert.equal(streamed.events.at(-1)?.event, 'done');
    await askJson(ctx.app, ctx.token, { content: 'shopee_运费' });
    const search = async (keyword: string) =>
      (
        await get(
          ctx.app,
          `/api/v1/getMsgHistoryList?keyword=${encodeURIComponent(keyword)}`,
          auth(ctx.token),
        )
      ).json().data.total;
    assert.equal(await search('AMAZON'), 1);
    assert.equal(await search('100%'), 1);
    assert.equal(await search('e_运'), 1);
    assert.equal(await search('p_e'), 0);
    assert.equal((await get(ctx.app, '/api/v1/getMsgList', auth(ctx.token))).json().data.total, 2);
    await post(ctx.app, '/api/v1/msgClear', {}, auth(ctx.token));
    assert.equal((await get(ctx.app, '/api/v1/getMsgList', auth(ctx.token))).json().data.total, 0);
    await post(ctx.app, '/api/v1/msgClear', { all: true }, auth(ctx.token));
    assert.equal(await search(''), 0);
  });

  it('lists, searches, reopens, renames and deletes conversations', async () => {
    await askJson(ctx.app, ctx.token, { content: 'Amazon 标题怎么写' });
    await post(ctx.app, '/api/v1/msgClear', {}, auth(ctx.token));
    await askJson(ctx.app, ctx.token, { content: 'shopee_运费' });
    const list = async (query = '') =>
      (await get(ctx.app, `/api/v1/conversations${query}`, auth(ctx.token))).json().data;
    const [second, first] = (await list()).list;
    assert.deepEqual(
      [first.title, first.exchanges, first.current, second.title, second.current],
      ['Amazon 标题怎么写', 1, false, 'shopee_运费', true],
    );
    assert.equal((await list('?keyword=AMAZON')).total, 1);
    assert.equal((await list('?keyword=p_e')).total, 0);

    // Two opens at once (two tabs) still leave exactly one open conversation.
    const opened = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(ctx.app, `/api/v1/conversations/${i % 2 ? first.id : second.id}/open`, {}, auth(ctx.token)),
      ),
    );
    assert.ok(opened.every((r) => r.statusCode === 200));
    assert.equal((await list()).list.filter((c: { current: boolean }) => c.current).length, 1);
    await post(ctx.app, `/api/v1/conversations/${first.id}/open`, {}, auth(ctx.token));
    const streamed = await askStreaming(ctx.app, ctx.token, { content: '继续' });
    assert.equal(streamed.events[0]?.data.conversationId, first.id);
    assert.equal((await list()).list[0].id, first.id, 'continued, it is the latest');

    const renamed = await post(
      ctx.app,
      `/api/v1/conversations/${first.id}/rename`,
      { title: '北美站点' },
      auth(ctx.token),
    );
    assert.equal(renamed.json().data.title, '北美站点');
    assert.equal((await list(`?keyword=${encodeURIComponent('北美')}`)).total, 1);
    const deleted = await post(ctx.app, `/api/v1/conversations/${first.id}/delete`, {}, auth(ctx.token));
    assert.equal(deleted.json().data.deleted, 2);
    assert.equal((await list()).total, 1);
    assert.equal((await get(ctx.app, '/api/v1/getMsgList', auth(ctx.token))).json().data.total, 0);
  });
});
