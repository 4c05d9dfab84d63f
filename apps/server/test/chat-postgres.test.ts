import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { auth, get, post } from './account-helpers.ts';
import { askJson, askStreaming, buildChatApp } from './chat-helpers.ts';
import { startTestPostgres } from './postgres.ts';

/** The chat calls on a real PostgreSQL: ILIKE search with escapes, conversations, the stream's writes. */
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
});
