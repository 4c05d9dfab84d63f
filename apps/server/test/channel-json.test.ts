import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { auth, buildAccountApp, get, post, registerUser } from './account-helpers.ts';
import { parseSse } from './chat-helpers.ts';
import { type FakeOpenAi, startFakeOpenAi } from './fakes/fake-openai.ts';
import { AMAZON_US, BOTTLE_FACTS } from './listing-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

/**
 * An operator with a DeepSeek channel (no structured output) in front of an OpenAI one: the first
 * listing through DeepSeek meets its 400 and is asked again there in plain JSON; DeepSeek is asked
 * in plain JSON from then on, and the OpenAI channel keeps structured output.
 */
describe('structured output is remembered per channel', () => {
  let ctx: Ctx;
  let deepseek: FakeOpenAi;
  let openai: FakeOpenAi;
  let admin: string;
  let seller: string;
  before(async () => {
    deepseek = await startFakeOpenAi({ pieceMs: 1, noSchema: true });
    openai = await startFakeOpenAi({ pieceMs: 1 });
    ctx = await buildAccountApp({
      LLM_CHANNELS: JSON.stringify([
        { name: 'DeepSeek', baseUrl: deepseek.url, key: 'sk-deepseek-1111', priority: 10 },
        { name: 'OpenAI', baseUrl: openai.url, key: 'sk-openai-2222', priority: 1 },
      ]),
      LLM_MODEL_STANDARD: 'fake-standard',
      ADMIN_PHONES: '13700000051',
    });
    admin = await registerUser(ctx, '13700000051', { ip: '10.65.0.1' });
    seller = await registerUser(ctx, '13700000052', { ip: '10.65.0.2' });
  });
  after(async () => {
    await ctx?.close();
    await deepseek?.close();
    await openai?.close();
  });

  const write = async () => {
    const answered = await post(
      ctx.app,
      '/api/v1/listing/generate',
      { facts: BOTTLE_FACTS, target: AMAZON_US },
      { ...auth(seller), accept: 'text/event-stream' },
    );
    return parseSse(answered.body).events.at(-1)?.event;
  };
  const formats = (fake: FakeOpenAi) =>
    fake.requests.map((r) => (r.responseFormat as { type?: string } | undefined)?.type ?? 'plain');

  it('asks a channel that refused json_schema again in plain JSON, and in plain JSON from then on', async () => {
    assert.equal(await write(), 'listing');
    assert.deepEqual(
      formats(deepseek),
      ['json_schema', 'plain'],
      'the 400, then the same channel in plain JSON',
    );
    assert.equal(openai.requests.length, 0, 'a 400 is not the channel’s failure: no failover');
    assert.equal(await write(), 'listing');
    assert.deepEqual(formats(deepseek), ['json_schema', 'plain', 'plain']);
  });

  it('keeps structured output for the other channel', async () => {
    const list = (await get(ctx.app, '/api/admin/channels', auth(admin))).json().data;
    const id = list.find((c: { name: string }) => c.name === 'DeepSeek').id;
    const off = await post(ctx.app, `/api/admin/channels/${id}/enabled`, { enabled: false }, auth(admin));
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(await write(), 'listing');
    assert.deepEqual(formats(openai), ['json_schema']);
  });
});
