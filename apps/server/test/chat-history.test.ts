import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { DAILY_QUOTAS, FEATURE_OFF_TEXT, ResultCode } from '@chuhai/contract';
import { auth, get, post, registerUser } from './account-helpers.ts';
import { askJson, askStreaming, buildChatApp, streamedText } from './chat-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildChatApp>>;

function clear(ctx: Ctx, token: string, all = false) {
  return post(ctx.app, '/api/v1/msgClear', all ? { all: true } : {}, auth(token));
}

describe('questions the server refuses before asking the model', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildChatApp();
  });
  after(() => ctx.close());

  it('an empty or too long question gets 400 with the reason, and costs nothing', async () => {
    const empty = await askJson(ctx.app, ctx.token, { content: '   ' });
    assert.equal(empty.statusCode, 400);
    assert.equal(empty.json().msg, '请输入问题');
    const long = await askJson(ctx.app, ctx.token, { content: '长'.repeat(4001) });
    assert.equal(long.statusCode, 400);
    assert.match(long.json().msg, /最多 4000 个字，当前 4001 个字/);
    const missing = await askJson(ctx.app, ctx.token, {});
    assert.equal(missing.statusCode, 400);
    assert.equal(ctx.fake.requests.length, 0);
  });

  it('a question with a blocked word gets 200004, however it is spaced or written', async () => {
    for (const content of ['帮我找人代开发票', '代 开·发 票怎么做', '哪里可以ＸＸ洗钱']) {
      const response = await askJson(ctx.app, ctx.token, { content });
      assert.equal(response.statusCode, 422, content);
      assert.equal(response.json().code, ResultCode.contentRejected);
    }
    assert.equal(ctx.fake.requests.length, 0, 'nothing reached the model');
  });

  it('the advanced model is VIP only (200001); an unknown tag is 404; a stranger gets 400001', async () => {
    const advanced = await askStreaming(ctx.app, ctx.token, { content: '你好', chatType: 2 });
    assert.equal(advanced.response.statusCode, 403);
    assert.match(String(advanced.response.headers['content-type']), /json/);
    assert.equal(advanced.response.json().code, ResultCode.vipRequired);
    const tag = await askJson(ctx.app, ctx.token, { content: '你好', tagId: 999 });
    assert.equal(tag.statusCode, 404);
    assert.match(tag.json().msg, /标签不存在/);
    const library = await askJson(ctx.app, ctx.token, { content: '你好', tagId: 'lib-no-such-prompt' });
    assert.equal(library.statusCode, 404);
    const anonymous = await post(ctx.app, '/api/v1/sendMsg/', { content: '你好' });
    assert.equal(anonymous.json().code, ResultCode.tokenMissing);
  });

  it('after the free daily uses, the next question gets 200002 with the reset time', async () => {
    const token = await registerUser(ctx, '13900002222');
    for (let i = 0; i < DAILY_QUOTAS.free.chat; i += 1) {
      assert.equal((await askJson(ctx.app, token, { content: `问题 ${i}` })).statusCode, 200);
    }
    const over = await askJson(ctx.app, token, { content: '再问一个' });
    assert.equal(over.statusCode, 403);
    assert.equal(over.json().code, ResultCode.quotaExceeded);
    assert.equal(over.json().data.limit, DAILY_QUOTAS.free.chat);
    assert.equal(over.json().data.resetAt, Date.parse('2026-11-23T00:00:00+08:00'));
  });
});

describe('the chat model is not configured', () => {
  it('getChatConfig says so with what to set, and sendMsg answers 503 with the same words', async () => {
    const ctx = await buildChatApp({ LLM_BASE_URL: '', LLM_MODEL_STANDARD: '' });
    try {
      const config = (await get(ctx.app, '/api/v1/getChatConfig')).json().data;
      assert.equal(config.configured, false);
      assert.equal(config.hint, FEATURE_OFF_TEXT, 'no operator variables for sellers');
      const response = await askStreaming(ctx.app, ctx.token, { content: '你好' });
      assert.equal(response.response.statusCode, 503);
      assert.equal(response.response.json().msg, FEATURE_OFF_TEXT);
    } finally {
      await ctx.close();
    }
  });

  it('without an advanced model, chatType 2 says it is not offered', async () => {
    const ctx = await buildChatApp({ LLM_MODEL_ADVANCED: '' });
    try {
      assert.equal((await get(ctx.app, '/api/v1/getChatConfig')).json().data.advancedAvailable, false);
      const response = await askJson(ctx.app, ctx.token, { content: '你好', chatType: 2 });
      assert.equal(response.statusCode, 503);
      assert.match(response.json().msg, /高级模型暂未开放/);
    } finally {
      await ctx.close();
    }
  });
});

describe('regenerate, history, delete and clear', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildChatApp();
  });
  after(() => ctx.close());
  beforeEach(async () => {
    await clear(ctx, ctx.token, true);
  });

  it('regenerate replaces the answer in place and leaves it out of the context', async () => {
    await askStreaming(ctx.app, ctx.token, { content: '第一问' });
    const second = await askStreaming(ctx.app, ctx.token, { content: '第二问' });
    const oldId = second.events[0]?.data.id;
    const again = await askStreaming(ctx.app, ctx.token, { content: '第二问', regenerateId: oldId });
    assert.equal(again.events.at(-1)?.event, 'done');
    const sent = ctx.fake.requests.at(-1)?.messages ?? [];
    assert.equal(sent.length, 4, 'system, the first exchange, the question: not the answer being replaced');
    const list = (await get(ctx.app, '/api/v1/getMsgList', auth(ctx.token))).json().data.list;
    assert.deepEqual(
      list.map((m: { content: string }) => m.content),
      ['第一问', '第二问'],
    );
    assert.notEqual(list[1].id, oldId);
    assert.equal(list[1].answer, streamedText(again.events));
  });

  it('a failed regenerate keeps the old answer', async () => {
    const first = await askStreaming(ctx.app, ctx.token, { content: '原来的问题' });
    const id = first.events[0]?.data.id;
    const failed = await askStreaming(ctx.app, ctx.token, { content: '[500] 原来的问题', regenerateId: id });
    assert.equal(failed.events.at(-1)?.event, 'error');
    const list = (await get(ctx.app, '/api/v1/getMsgList', auth(ctx.token))).json().data.list;
    assert.deepEqual(
      list.map((m: { id: number }) => m.id),
      [id],
    );
  });

  it('regenerating an exchange of a closed conversation or of someone else is 404', async () => {
    const first = await askStreaming(ctx.app, ctx.token, { content: '旧对话' });
    await clear(ctx, ctx.token);
    const response = await askJson(ctx.app, ctx.token, {
      content: '旧对话',
      regenerateId: first.events[0]?.data.id,
    });
    assert.equal(response.statusCode, 404);
  });

  it('msgClear starts a new conversation; the history keeps every exchange, newest first, with search', async () => {
    await askJson(ctx.app, ctx.token, { content: 'Amazon 标题怎么写' });
    await askJson(ctx.app, ctx.token, { content: '折扣 100% 可以吗' });
    await clear(ctx, ctx.token);
    await askJson(ctx.app, ctx.token, { content: 'Shopee 运费' });

    const current = (await get(ctx.app, '/api/v1/getMsgList', auth(ctx.token))).json().data;
    assert.deepEqual(
      current.list.map((m: { content: string }) => m.content),
      ['Shopee 运费'],
    );
    const all = (await get(ctx.app, '/api/v1/getMsgHistoryList?pageNo=1&pageSize=2', auth(ctx.token))).json()
      .data;
    assert.equal(all.total, 3);
    assert.deepEqual(
      all.list.map((m: { content: string }) => m.content),
      ['Shopee 运费', '折扣 100% 可以吗'],
    );
    const search = async (keyword: string) =>
      (
        await get(
          ctx.app,
          `/api/v1/getMsgHistoryList?keyword=${encodeURIComponent(keyword)}`,
          auth(ctx.token),
        )
      ).json().data;
    assert.deepEqual(
      (await search('amazon')).list.map((m: { content: string }) => m.content),
      ['Amazon 标题怎么写'],
    );
    assert.equal((await search('100%')).total, 1, '% matches itself, not everything');
    assert.equal((await search('_')).total, 0, '_ matches itself');
    assert.equal((await search('「Shopee')).total, 1, 'answers are searched too');
  });

  it('deleteMsg removes only the caller’s exchanges; msgClear all empties the history', async () => {
    const mine = (await askJson(ctx.app, ctx.token, { content: '我的问题' })).json().data.message.id;
    const other = await registerUser(ctx, '13900003333');
    const theirs = (await askJson(ctx.app, other, { content: '别人的问题' })).json().data.message.id;

    const bad = await get(ctx.app, '/api/v1/deleteMsg?ids=1,abc', auth(ctx.token));
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().msg, /逗号分隔的正整数/);

    const deleted = await get(ctx.app, `/api/v1/deleteMsg?ids=${mine},${theirs}`, auth(ctx.token));
    assert.equal(deleted.json().data.deleted, 1);
    assert.equal((await get(ctx.app, '/api/v1/getMsgHistoryList', auth(other))).json().data.total, 1);

    await askJson(ctx.app, ctx.token, { content: '再来一个' });
    assert.equal((await clear(ctx, ctx.token, true)).json().data.deleted, 1);
    assert.equal((await get(ctx.app, '/api/v1/getMsgHistoryList', auth(ctx.token))).json().data.total, 0);
    assert.equal((await get(ctx.app, '/api/v1/getMsgHistoryList', auth(other))).json().data.total, 1);
  });
});
