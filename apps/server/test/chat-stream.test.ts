import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ResultCode } from '@chuhai/contract';
import { auth, get, post } from './account-helpers.ts';
import { askJson, askStreaming, buildChatApp, parseSse, postOverHttp, streamedText } from './chat-helpers.ts';
import { fakeAnswer } from './fakes/fake-openai.ts';
import { signedHeaders } from './helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildChatApp>>;

/** Where the browser asks its questions. */
const SEND = '/api/v1/sendMsg/';

async function chatUsed(ctx: Ctx): Promise<number> {
  const info = (await get(ctx.app, '/api/v1/info', auth(ctx.token))).json().data;
  return info.usage.find((u: { feature: string }) => u.feature === 'chat').used;
}

async function conversation(ctx: Ctx) {
  return (await get(ctx.app, '/api/v1/getMsgList?pageSize=20', auth(ctx.token))).json().data;
}

describe('sendMsg streaming against an OpenAI-compatible server', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildChatApp({}, { slowMs: 15 });
  });
  after(() => ctx.close());

  it('streams the answer as text events, Chinese and emoji intact, and ends with done and usage', async () => {
    const question = '怎么写亚马逊标题？🚀';
    const { response, events } = await askStreaming(ctx.app, ctx.token, { content: question, chatType: 1 });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/event-stream/);
    assert.equal(response.headers['x-accel-buffering'], 'no');
    assert.equal(
      response.headers['x-content-type-options'],
      'nosniff',
      'security headers on a taken-over reply too',
    );
    assert.match(String(response.headers['cache-control']), /no-cache/);

    assert.equal(events[0]?.event, 'start');
    const id = events[0]?.data.id;
    assert.ok(events.filter((e) => e.event === 'text').length > 5, 'the answer arrives in many pieces');
    const text = streamedText(events);
    assert.ok(text.includes(question), text);
    assert.ok(text.includes('🚀🌏✨'));
    assert.ok(!text.includes('\uFFFD'), 'no replacement characters from split bytes');
    const done = events.at(-1);
    assert.equal(done?.event, 'done');
    assert.deepEqual(done?.data, {
      id,
      status: 'done',
      usage: { promptTokens: 42, completionTokens: [...text].length },
    });

    const upstream = ctx.fake.requests.at(-1);
    assert.equal(upstream?.model, 'fake-standard');
    assert.equal(upstream?.stream, true);
    assert.deepEqual(upstream?.streamOptions, { include_usage: true });
    assert.equal(upstream?.authorization, 'Bearer sk-test-key');
    assert.equal(upstream?.maxTokens, 4096, 'every answer is capped (LLM_MAX_TOKENS)');

    const list = await conversation(ctx);
    const saved = list.list.find((m: { id: number }) => m.id === id);
    assert.equal(saved.answer, text);
    assert.equal(saved.status, 'done');
    assert.equal(saved.content, question);
  });

  it('answers as JSON through a non-streaming upstream call when the client does not accept a stream', async () => {
    const response = await askJson(ctx.app, ctx.token, { content: '给我三个关键词' });
    assert.equal(response.statusCode, 200);
    const { message, usage } = response.json().data;
    assert.equal(ctx.fake.requests.at(-1)?.stream, false);
    assert.ok(message.answer.includes('给我三个关键词'));
    assert.equal(message.status, 'done');
    assert.equal(usage.promptTokens, 42);
  });

  it('sends the recent exchanges of the conversation as context, and a new conversation after msgClear', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/msgClear',
      payload: {},
      headers: { token: ctx.token, ...signedHeaders('/api/v1/msgClear') },
    });
    await askStreaming(ctx.app, ctx.token, { content: '第一问' });
    await askStreaming(ctx.app, ctx.token, { content: '第二问' });
    const sent = ctx.fake.requests.at(-1)?.messages ?? [];
    assert.deepEqual(
      sent.map((m) => m.role),
      ['system', 'user', 'assistant', 'user'],
    );
    assert.equal(sent[1]?.content, '第一问');
    assert.equal(
      sent[2]?.content,
      fakeAnswer([
        { role: 'system', content: sent[0]?.content ?? '' },
        { role: 'user', content: '第一问' },
      ]),
    );
    assert.match(sent[0]?.content ?? '', /出海助手/);
  });

  it('tells the model the seller’s 术语表 entries the conversation names, under a library prompt too', async () => {
    for (const entry of [
      { source: '出海牌', target: 'all', translation: null },
      { source: '加绒', target: 'en', translation: 'Fleece-lined' },
      { source: '速干', target: 'en', translation: 'Quick-dry' },
    ])
      assert.equal(
        (await post(ctx.app, '/api/v1/translate/glossary', entry, auth(ctx.token))).json().code,
        200,
      );
    await askStreaming(ctx.app, ctx.token, { content: '给出海牌加绒卫衣写标题', tagId: 'lib-amazon-title' });
    const system = ctx.fake.requests.at(-1)?.messages[0]?.content ?? '';
    assert.match(system, /^你是资深亚马逊运营/);
    assert.match(system, /「出海牌」：任何语言里都保持原文/);
    assert.match(system, /「加绒」：写英语时一律写作「Fleece-lined」/);
    assert.doesNotMatch(system, /速干/, 'a term the conversation does not name is not sent');
    // The next question names neither, but the conversation did: the terms still apply.
    await askStreaming(ctx.app, ctx.token, { content: '再短一点' });
    assert.match(ctx.fake.requests.at(-1)?.messages[0]?.content ?? '', /Fleece-lined/);
  });

  it('uses a library prompt as the system prompt', async () => {
    await askStreaming(ctx.app, ctx.token, { content: '蓝牙耳机', tagId: 'lib-amazon-title' });
    const system = ctx.fake.requests.at(-1)?.messages[0];
    assert.equal(system?.role, 'system');
    assert.match(system?.content ?? '', /^你是资深亚马逊运营/);
    const latest = (await conversation(ctx)).list.at(-1);
    assert.equal(latest.tagId, 'lib-amazon-title');
    assert.equal(latest.tagTitle, '亚马逊标题');
  });

  it('refunds the use and keeps nothing when the provider refuses before any text (401, 429, 500)', async () => {
    const cases = [
      { ask: '[401] 你好', code: ResultCode.providerUnavailable, msg: /暂未开放/ },
      { ask: '[429] 你好', code: ResultCode.tooManyRequests, msg: /7 秒后再试/ },
      { ask: '[500] 你好', code: ResultCode.providerFailed, msg: /AI 服务/ },
    ];
    for (const c of cases) {
      const before = await chatUsed(ctx);
      const total = (await conversation(ctx)).total;
      const { events } = await askStreaming(ctx.app, ctx.token, { content: c.ask });
      const last = events.at(-1);
      assert.equal(last?.event, 'error', c.ask);
      assert.equal(last?.data.code, c.code, c.ask);
      assert.match(last?.data.msg, c.msg);
      assert.equal(last?.data.refunded, true);
      assert.equal(await chatUsed(ctx), before, `${c.ask}: the use is given back`);
      assert.equal((await conversation(ctx)).total, total, `${c.ask}: no half-written exchange`);
    }
  });

  it('keeps the partial answer, marked stopped, when the connection is cut mid-stream', async () => {
    const before = await chatUsed(ctx);
    const { events } = await askStreaming(ctx.app, ctx.token, { content: '[cut] 讲讲 FBA' });
    const partial = streamedText(events);
    assert.ok(partial.length > 0);
    const last = events.at(-1);
    assert.equal(last?.event, 'error');
    assert.equal(last?.data.code, ResultCode.providerFailed);
    assert.equal(last?.data.refunded, false);
    assert.equal(await chatUsed(ctx), before + 1, 'text was delivered, so the use stands');
    const saved = (await conversation(ctx)).list.at(-1);
    assert.equal(saved.status, 'stopped');
    assert.equal(saved.answer, partial);
  });

  it('treats a stream that ends without a finish reason as cut short, not as a complete answer', async () => {
    const { events } = await askStreaming(ctx.app, ctx.token, { content: '[truncate] 讲讲 FBA' });
    assert.ok(streamedText(events).length > 0);
    assert.equal(events.at(-1)?.event, 'error');
    assert.equal((await conversation(ctx)).list.at(-1).status, 'stopped');
  });

  it('gives up on a silent upstream after the idle limit, aborts it and refunds', async () => {
    const abortedBefore = ctx.fake.aborted;
    const before = await chatUsed(ctx);
    const { events, comments } = await askStreaming(ctx.app, ctx.token, { content: '[silent] 你好' });
    // It waited: heartbeats (every 40 ms) went out before the idle limit (400 ms) ended the stream.
    assert.ok(comments >= 2, `heartbeats before giving up: ${comments}`);
    assert.equal(events.at(-1)?.event, 'error');
    assert.equal(events.at(-1)?.data.code, ResultCode.providerTimeout);
    assert.equal(await chatUsed(ctx), before);
    await waitFor(() => ctx.fake.aborted > abortedBefore);
  });

  it('keeps a slow stream alive with heartbeat comments', async () => {
    const response = await askStreaming(ctx.app, ctx.token, { content: '[slow] 慢慢说' });
    assert.equal(response.events.at(-1)?.event, 'done');
    assert.ok(response.comments >= 2, `heartbeats: ${response.comments}`);
  });
});

async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) assert.fail('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('at most two answers at once per user', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildChatApp({}, { slowMs: 20 });
  });
  after(() => ctx.close());

  it('answers the third concurrent question with 429 and the wait, and frees the slots afterwards', async () => {
    // Streamed slowly (80 pieces, 20 ms apart), so the first two are still running when the third asks.
    const asks = [1, 2, 3].map(() => askStreaming(ctx.app, ctx.token, { content: '[slow] 写一篇长文' }));
    const answers = (await Promise.all(asks)).map((a) => a.response);
    const statuses = answers.map((a) => a.statusCode).sort();
    assert.deepEqual(statuses, [200, 200, 429]);
    const refused = answers.find((a) => a.statusCode === 429);
    assert.match(refused?.json().msg, /最多同时进行 2 个回答/);
    assert.equal(refused?.headers['retry-after'], '10');
    assert.equal(await chatUsed(ctx), 2, 'the refused question cost nothing');
    assert.equal(ctx.fake.requests.length, 2, 'and never reached the provider');
    assert.equal((await askJson(ctx.app, ctx.token, { content: '你好' })).statusCode, 200);
  });

  it('a question refused after its slot was taken (an unknown tag) holds no slot and costs nothing', async () => {
    const used = await chatUsed(ctx);
    for (let i = 0; i < 3; i += 1) {
      const refused = await askJson(ctx.app, ctx.token, { content: '你好', tagId: 987654 });
      assert.equal(refused.statusCode, 404);
    }
    assert.equal(
      await ctx.app.deps.db
        .selectFrom('work_slots')
        .selectAll()
        .execute()
        .then((r) => r.length),
      0,
    );
    assert.equal(await chatUsed(ctx), used);
    const asks = [1, 2].map(() => askStreaming(ctx.app, ctx.token, { content: '[slow] 写一篇长文' }));
    assert.deepEqual(
      (await Promise.all(asks)).map((a) => a.response.statusCode),
      [200, 200],
    );
  });

  it('takes back slots left by a node that died mid-answer, but only once they are stale', async () => {
    const user = await ctx.app.deps.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const left = (startedAt: number) =>
      [0, 1].map((slot) => ({ user_id: Number(user.id), kind: 'chat', slot, started_at: startedAt }));
    await ctx.app.deps.db
      .insertInto('work_slots')
      .values(left(ctx.app.clock.now() - 60_000))
      .execute();
    assert.equal(
      (await askJson(ctx.app, ctx.token, { content: '你好' })).statusCode,
      429,
      'a minute old: still running',
    );
    await ctx.app.deps.db.deleteFrom('work_slots').execute();
    await ctx.app.deps.db
      .insertInto('work_slots')
      .values(left(ctx.app.clock.now() - 11 * 60_000))
      .execute();
    assert.equal(
      (await askJson(ctx.app, ctx.token, { content: '你好' })).statusCode,
      200,
      'eleven minutes old: stale',
    );
  });
});

describe('a client that goes away mid-answer', () => {
  let ctx: Ctx;
  let base: string;
  before(async () => {
    ctx = await buildChatApp({}, { slowMs: 30 });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => ctx.close());

  it('aborts the upstream request and keeps the partial answer as stopped', async () => {
    const controller = new AbortController();
    const response = await postOverHttp(
      base,
      ctx.token,
      SEND,
      { content: '[slow] 写一篇长文' },
      controller.signal,
    );
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let body = '';
    while (parseSse(body).events.filter((e) => e.event === 'text').length < 5) {
      const { value } = await reader.read();
      body += decoder.decode(value, { stream: true });
    }
    controller.abort();
    await waitFor(() => ctx.fake.aborted === 1);
    assert.equal(ctx.fake.completed, 0, 'the upstream never finished the answer');

    let saved: { status: string; answer: string } | undefined;
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      saved = (await get(ctx.app, '/api/v1/getMsgList', auth(ctx.token))).json().data.list.at(-1);
      if (saved?.status === 'stopped') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.equal(saved?.status, 'stopped');
    assert.ok(saved?.answer.startsWith('第1段。第2段'), saved?.answer);
    assert.ok(!saved?.answer.includes('第80段'));
  });

  it('keeps the use spent when the client stops after the provider took the question', async () => {
    const before = await chatUsed(ctx);
    const requestsBefore = ctx.fake.requests.length;
    const controller = new AbortController();
    const response = await postOverHttp(
      base,
      ctx.token,
      SEND,
      { content: '[silent] 你好' },
      controller.signal,
    );
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let body = '';
    while (!parseSse(body).events.some((e) => e.event === 'start')) {
      const { value } = await reader.read();
      body += new TextDecoder().decode(value);
    }
    await waitFor(() => ctx.fake.requests.length > requestsBefore);
    controller.abort();
    await waitFor(() => ctx.fake.aborted === 2);
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(await chatUsed(ctx), before + 1, 'stopping is not a refund');
    const last = (await get(ctx.app, '/api/v1/getMsgList', auth(ctx.token))).json().data.list.at(-1);
    assert.notEqual(last?.content, '[silent] 你好', 'the empty exchange is not kept');
  });
});
