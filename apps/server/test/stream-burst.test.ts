import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { auth, get } from './account-helpers.ts';
import { buildChatApp, parseSse, postOverHttp, streamedText } from './chat-helpers.ts';
import { fakeAnswer } from './fakes/fake-openai.ts';
import { AMAZON_US, BOTTLE_FACTS } from './listing-helpers.ts';

/**
 * A provider behind a buffering relay, or with a short answer, sends its whole event stream in one
 * write, so our stream can end within the same turn of the event loop that opened it. Over a real
 * socket (inject() has none), every event must still reach the browser.
 */
type Ctx = Awaited<ReturnType<typeof buildChatApp>>;

async function postStream(base: string, token: string, url: string, body: unknown) {
  const response = await postOverHttp(base, token, url, body);
  return { status: response.status, ...parseSse(await response.text()) };
}

async function used(ctx: Ctx, feature: string): Promise<number> {
  const info = (await get(ctx.app, '/api/v1/info', auth(ctx.token))).json().data;
  return info.usage.find((u: { feature: string }) => u.feature === feature).used;
}

describe('a provider that sends its whole answer in one read', () => {
  let ctx: Ctx;
  let base: string;
  before(async () => {
    ctx = await buildChatApp({}, { burst: true });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => ctx.close());

  it('AI 问答: the browser gets the start, every piece of text and done', async () => {
    for (let round = 0; round < 5; round += 1) {
      const question = `短问题 ${round}`;
      const { status, events } = await postStream(base, ctx.token, '/api/v1/sendMsg/', { content: question });
      assert.equal(status, 200);
      assert.equal(events[0]?.event, 'start');
      assert.equal(events.at(-1)?.event, 'done');
      assert.equal(streamedText(events), fakeAnswer(ctx.fake.requests.at(-1)?.messages ?? []));
    }
    assert.equal(await used(ctx, 'chat'), 5);
  });

  it('Listing 工作台: the listing reaches the seller, saved and charged once', async () => {
    const before = await used(ctx, 'chat');
    const { status, events } = await postStream(base, ctx.token, '/api/v1/listing/generate', {
      facts: BOTTLE_FACTS,
      target: AMAZON_US,
    });
    assert.equal(status, 200);
    const last = events.at(-1);
    assert.equal(last?.event, 'listing', JSON.stringify(events.slice(-2)));
    const saved = (await get(ctx.app, '/api/v1/listing/list', auth(ctx.token))).json().data.list;
    assert.equal(saved[0]?.id, last?.data.id);
    assert.equal(await used(ctx, 'chat'), before + 1);
  });
});
