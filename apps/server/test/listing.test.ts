import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ResultCode } from '@chuhai/contract';
import type { App } from '../src/app.ts';
import { auth, get, post, registerUser } from './account-helpers.ts';
import { buildChatApp, parseSse } from './chat-helpers.ts';
import { AMAZON_US, BOTTLE_FACTS } from './listing-helpers.ts';
import { usePostgres } from './postgres-app.ts';

type Ctx = Awaited<ReturnType<typeof buildChatApp>>;

function generate(app: App, token: string, productName: string, target: object = AMAZON_US) {
  return post(
    app,
    '/api/v1/listing/generate',
    { facts: { ...BOTTLE_FACTS, productName }, target },
    { ...auth(token), accept: 'text/event-stream' },
  );
}

/** The listing a stream ended with, or its error. */
function outcome(body: string) {
  const { events } = parseSse(body);
  const last = events.at(-1) as { event: string; data: Record<string, unknown> } | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whichever fields the listing has
  return { events, last, listing: last?.event === 'listing' ? (last.data as any) : null };
}

async function chatUsed(ctx: Ctx, token: string): Promise<number> {
  const info = (await get(ctx.app, '/api/v1/info', auth(token))).json().data;
  return info.usage.find((u: { feature: string }) => u.feature === 'chat').used;
}

function listingSuite(ctx: () => Ctx) {
  it('writes an Amazon US listing with progress, five bullets, search terms and a Chinese back-translation', async () => {
    const { app, token, fake } = ctx();
    const response = await generate(app, token, '保温水杯');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /text\/event-stream/);
    const { events, listing } = outcome(response.body);
    assert.ok(
      events.filter((e) => e.event === ('progress' as string)).length > 3,
      'progress while it writes',
    );
    assert.ok(listing, response.body.slice(-300));
    assert.equal(listing.marketplace, 'amazon');
    assert.equal(listing.text.bullets.length, 5);
    assert.ok(listing.text.searchTerms.length > 0);
    assert.match(listing.zh.title, /保温/);
    assert.deepEqual(listing.issues, []);
    // Asked with OpenAI's structured output, the marketplace's rules in the prompt.
    const request = fake.requests.at(-1);
    assert.ok(request);
    assert.equal((request.responseFormat as { type: string }).type, 'json_schema');
    assert.match(request.messages[0]?.content ?? '', /标题不超过 200 个字符/);

    const list = (await get(app, '/api/v1/listing/list', auth(token))).json().data;
    assert.equal(list.list[0].id, listing.id);
  });

  it('writes the seller’s 术语表 terms the facts contain (图片翻译’s glossary, one list for every tool)', async () => {
    const { app, token, fake } = ctx();
    const term = await post(
      app,
      '/api/v1/translate/glossary',
      { source: '出海牌', target: 'en', translation: 'Chuhai' },
      auth(token),
    );
    assert.equal(term.json().code, 200, term.body);
    const named = outcome((await generate(app, token, '出海牌保温水杯')).body).listing;
    assert.match(named.text.title, /^Chuhai /);
    assert.match(fake.requests.at(-1)?.messages[1]?.content ?? '', /"term":"出海牌","use":"Chuhai"/);
    // A product whose facts do not name the term is written without it: no stray brand in its title.
    const other = outcome((await generate(app, token, '不锈钢水杯')).body).listing;
    assert.doesNotMatch(other.text.title, /Chuhai/);
    assert.doesNotMatch(fake.requests.at(-1)?.messages[1]?.content ?? '', /Glossary/);
  });

  it('flags a too-long title with its count, and 一键修正 rewrites only the title for one use', async () => {
    const { app, token, fake } = ctx();
    const before = await chatUsed(ctx(), token);
    const { listing } = outcome((await generate(app, token, '[long-title] 水杯')).body);
    assert.ok(listing);
    const ids = listing.issues.map((i: { ruleId: string }) => i.ruleId);
    assert.ok(ids.includes('amazon.title.length'), JSON.stringify(listing.issues));
    assert.match(listing.issues[0].message, /^标题 2\d\d 个字符，上限 200$/);
    const bullets = listing.text.bullets;

    const fixed = outcome(
      (
        await post(
          app,
          `/api/v1/listing/${listing.id}/fix`,
          {},
          { ...auth(token), accept: 'text/event-stream' },
        )
      ).body,
    ).listing;
    assert.ok(fixed);
    assert.deepEqual(fixed.issues, []);
    assert.ok(fixed.text.title.length <= 200);
    assert.deepEqual(fixed.text.bullets, bullets, 'fields that passed are kept');
    const fixRequest = fake.requests.at(-1);
    assert.ok(fixRequest);
    assert.deepEqual(
      (fixRequest.responseFormat as { json_schema: { schema: { required: string[] } } }).json_schema.schema
        .required,
      ['title', 'zh'],
    );
    assert.equal(await chatUsed(ctx(), token), before + 2, 'one use to write, one to fix');

    const again = await post(app, `/api/v1/listing/${listing.id}/fix`, {}, auth(token));
    assert.equal(again.json().code, ResultCode.badRequest);
    assert.match(again.json().msg, /已符合全部规则/);
  });

  it('repairs malformed JSON once; twice malformed fails and gives the use back', async () => {
    const { app, token } = ctx();
    const repaired = outcome((await generate(app, token, '[malformed] 水杯')).body);
    assert.ok(repaired.listing, 'the repair request got a listing');
    assert.ok(
      repaired.events.some((e) => e.event === ('progress' as string) && e.data.stage === 'repairing'),
    );

    const before = await chatUsed(ctx(), token);
    const failed = outcome((await generate(app, token, '[garbage] 水杯')).body);
    assert.equal(failed.last?.event, 'error');
    assert.equal(failed.last?.data.code, ResultCode.providerFailed);
    assert.match(String(failed.last?.data.msg), /不扣次数/);
    assert.equal(await chatUsed(ctx(), token), before);
  });

  it('a refusal is said in Chinese with the reason, nothing is saved or charged', async () => {
    const { app, token } = ctx();
    const before = await chatUsed(ctx(), token);
    const total = (await get(app, '/api/v1/listing/list', auth(token))).json().data.total;
    const response = await generate(app, token, '[refuse] 水杯');
    const body = response.headers['content-type']?.toString().includes('json')
      ? response.json()
      : outcome(response.body).last?.data;
    assert.equal(body?.code, ResultCode.contentRejected);
    assert.match(String(body?.msg), /AI 拒绝撰写.*can't help/);
    assert.equal(await chatUsed(ctx(), token), before);
    assert.equal((await get(app, '/api/v1/listing/list', auth(token))).json().data.total, total);
  });

  it('falls back to plain JSON when the provider refuses json_schema, and reads it out of a Markdown fence', async () => {
    const { app, token, fake } = ctx();
    const { listing } = outcome(
      (await generate(app, token, '[no-schema] 水杯', { marketplace: 'ebay', site: 'UK', language: 'en' }))
        .body,
    );
    assert.ok(listing);
    assert.equal(listing.text.bullets.length, 0, 'eBay has no bullets');
    assert.equal(listing.text.searchTerms, '');
    assert.equal(fake.requests.at(-1)?.responseFormat, undefined);
  });

  it('refuses bad input before anything is paid: a site the marketplace lacks, an empty name, a blocked word', async () => {
    const { app, token } = ctx();
    const before = await chatUsed(ctx(), token);
    const noSite = await generate(app, token, '水杯', { marketplace: 'shopee', site: 'JP', language: 'ja' });
    assert.equal(noSite.json().code, ResultCode.badRequest);
    assert.match(noSite.json().msg, /Shopee没有这个站点：JP/);
    const blank = await generate(app, token, '   ');
    assert.match(blank.json().msg, /请填写商品名称/);
    const blocked = await generate(app, token, '水杯，可代开发票');
    assert.equal(blocked.json().code, ResultCode.contentRejected);
    const badLanguage = await generate(app, token, '水杯', { ...AMAZON_US, language: 'xx' });
    assert.equal(badLanguage.json().code, ResultCode.badRequest);
    assert.equal(await chatUsed(ctx(), token), before);
  });

  it('saves the seller’s edits with the checks run again, keeps sellers apart, and deletes', async () => {
    const { app, token } = ctx();
    const { listing } = outcome((await generate(app, token, '水杯')).body);
    assert.ok(listing);
    const text = { ...listing.text, title: `Best Seller ${listing.text.title}!` };
    const saved = (await post(app, `/api/v1/listing/${listing.id}`, { text }, auth(token))).json().data;
    assert.equal(saved.text.title, text.title);
    assert.equal(saved.zh.title, '', 'the old back-translation of a rewritten title goes');
    assert.deepEqual(saved.zh.bullets, listing.zh.bullets, 'untouched fields keep theirs');
    assert.deepEqual(
      saved.issues.map((i: { ruleId: string }) => i.ruleId),
      ['amazon.title.chars', 'amazon.title.promotional'],
    );

    const other = await registerUser(ctx(), '13900002222', { ip: '10.80.0.2' });
    assert.equal(
      (await get(app, `/api/v1/listing/${listing.id}`, auth(other))).json().code,
      ResultCode.notFound,
    );
    assert.equal(
      (await post(app, `/api/v1/listing/${listing.id}/delete`, {}, auth(other))).json().code,
      ResultCode.notFound,
    );
    assert.equal((await post(app, `/api/v1/listing/${listing.id}/delete`, {}, auth(token))).json().code, 200);
    assert.equal(
      (await get(app, `/api/v1/listing/${listing.id}`, auth(token))).json().code,
      ResultCode.notFound,
    );
  });
}

describe('Listing 工作台 (SQLite)', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildChatApp();
  });
  after(() => ctx.close());
  listingSuite(() => ctx);

  it('a free account writes one site at a time', async () => {
    const { app, token } = ctx;
    const [a, b] = await Promise.all([generate(app, token, '[slow] 水杯'), generate(app, token, '水杯')]);
    const codes = [a, b].map((r) =>
      r.headers['content-type']?.toString().includes('json') ? r.json().code : 200,
    );
    assert.deepEqual(codes.sort(), [200, ResultCode.tooManyRequests].sort());
  });
});

describe('Listing 工作台 (PostgreSQL)', () => {
  listingSuite(usePostgres((database) => buildChatApp(database)));
});
