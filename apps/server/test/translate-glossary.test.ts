import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ResultCode, TRANSLATE_LIMITS } from '@chuhai/contract';
import sharp from 'sharp';
import { enforceTerms, missedTerms, termsFor, termsIn } from '../src/modules/translate/glossary-terms.ts';
import { auth, get, post, registerUser, setFreeLimit } from './account-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { type Writing, writeChinese } from './fakes/chinese-text.ts';
import type { RecordedRequest } from './fakes/fake-openai.ts';
import { usePostgres } from './postgres-app.ts';
import { postForm } from './studio-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildChatApp>>;

const GLOSSARY = '/api/v1/translate/glossary';

const picture = (writings: Writing[]) =>
  writeChinese(sharp({ create: { width: 800, height: 600, channels: 3, background: '#f4efe6' } }), writings);
const line = (text: string, top: number): Writing => ({ text, left: 60, top, size: 48, color: '#1d3557' });

const add = (ctx: Ctx, token: string, body: object) => post(ctx.app, GLOSSARY, body, auth(token));
const list = async (ctx: Ctx, token: string) => (await get(ctx.app, GLOSSARY, auth(token))).json().data;
const translationRequests = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.messages.some((m) => m.content.includes('[image-text-translation]')));
const systemOf = (request: RecordedRequest | undefined) =>
  request?.messages.find((m) => m.role === 'system')?.content ?? '';

describe('术语表 terms in one translation (no database, no model)', () => {
  it('this request’s keep wins over an entry for the language, which wins over one for all languages', () => {
    const entries = [
      { source: '小米', target: 'all', translation: 'Xiaomi' },
      { source: '小米', target: 'ja', translation: null },
      { source: '加绒', target: 'en', translation: 'Fleece-lined' },
      { source: '出海牌', target: 'all', translation: 'Chuhai' },
    ];
    assert.deepEqual(termsFor(entries, 'en', ['出海牌']), [
      { source: '小米', translation: 'Xiaomi' },
      { source: '出海牌', translation: null },
      { source: '加绒', translation: 'Fleece-lined' },
    ]);
    assert.deepEqual(termsFor(entries, 'ja', []), [
      { source: '小米', translation: null },
      { source: '出海牌', translation: 'Chuhai' },
    ]);
  });

  it('finds terms as OCR reads them, the longer term where two overlap', () => {
    const terms = [
      { source: '小米', translation: null },
      { source: '小米手环', translation: 'Mi Band' },
      { source: '¥99', translation: null },
    ];
    assert.deepEqual(
      termsIn(terms, '小米 手环 8 ￥99').map((t) => t.source),
      ['小米手环', '¥99'],
    );
    assert.deepEqual(
      termsIn(terms, '小米手环 配 小米充电器').map((t) => t.source),
      ['小米手环', '小米'],
    );
  });

  it('swaps a fixed term left in Chinese, and leaves alone what it cannot safely fix', () => {
    const terms = [
      { source: '加绒', translation: 'Fleece-lined' },
      { source: '出海牌', translation: null },
    ];
    assert.equal(enforceTerms(terms, '加绒卫衣', '加绒Hoodie'), 'Fleece-lined Hoodie');
    assert.equal(enforceTerms(terms, '加 绒卫衣', 'Warm 加 绒 hoodie'), 'Warm Fleece-lined hoodie');
    assert.equal(enforceTerms(terms, '加绒卫衣', 'Plush hoodie'), 'Plush hoodie', 'no guessing which word');
    assert.deepEqual(missedTerms(terms, '出海牌加绒', 'Chuhai fleece-lined'), [terms[1]]);
  });
});

/** CRUD, limits and ownership, on each database. */
function glossarySuite(ctx: () => Ctx) {
  let other = '';
  before(async () => {
    other = await registerUser(ctx(), '13900007002', { ip: '10.77.0.2' });
  });

  it('adds, lists (newest first), edits and deletes the seller’s terms', async () => {
    const { token } = ctx();
    const brand = await add(ctx(), token, { source: ' 小米 ', target: 'all', translation: 'Xiaomi' });
    assert.equal(brand.statusCode, 200, brand.body);
    assert.equal(brand.json().msg, '已加入术语表');
    const fleece = (await add(ctx(), token, { source: '加绒', target: 'en', translation: '' })).json().data;
    assert.equal(fleece.translation, null, 'an empty translation keeps the source as it is');
    assert.deepEqual(
      (await list(ctx(), token)).map((e: { source: string }) => e.source),
      ['加绒', '小米'],
    );
    const edited = await post(
      ctx().app,
      `${GLOSSARY}/${fleece.id}`,
      { source: '加绒', target: 'en', translation: 'Fleece-lined' },
      auth(token),
    );
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal(edited.json().data.translation, 'Fleece-lined');
    const removed = await post(ctx().app, `${GLOSSARY}/${brand.json().data.id}/delete`, {}, auth(token));
    assert.equal(removed.statusCode, 200);
    assert.deepEqual(
      (await list(ctx(), token)).map((e: { source: string; translation: string }) => [
        e.source,
        e.translation,
      ]),
      [['加绒', 'Fleece-lined']],
    );
  });

  it('refuses bad entries in Chinese', async () => {
    const { token } = ctx();
    const refused = async (body: object, code: number = ResultCode.badRequest) => {
      const response = await add(ctx(), token, body);
      assert.equal(response.json().code, code, response.body);
      return response.json().msg as string;
    };
    assert.equal(
      await refused({ source: '  ', target: 'all', translation: null }),
      '请填写原文（图片上的文字）',
    );
    assert.match(
      await refused({ source: '长'.repeat(41), target: 'all', translation: null }),
      /原文最多 40 个字/,
    );
    assert.match(await refused({ source: '小米', target: 'xx', translation: null }), /哪种语言/);
    assert.match(
      await refused({ source: '小米', target: 'en', translation: 'a'.repeat(101) }),
      /译文最多 100 个字/,
    );
    assert.match(
      await refused({ source: ' 加 绒', target: 'en', translation: 'Warm' }),
      /术语表里已有「加绒」（英语），请直接编辑那一条/,
    );
    assert.match(
      await refused({ source: '代开发票', target: 'all', translation: null }, ResultCode.contentRejected),
      /违规/,
    );
    assert.match(await refused({ source: 1 } as object), /[\u4e00-\u9fff]/);
    const german = await add(ctx(), token, { source: '加绒', target: 'de', translation: 'Gefüttert' });
    assert.equal(german.statusCode, 200, 'the same term for another language is another entry');
  });

  it(`keeps at most ${TRANSLATE_LIMITS.glossaryEntries} entries`, async () => {
    const { app, token } = ctx();
    const me = await registerUser(ctx(), '13900007003', { ip: '10.77.0.3' });
    const { id } = await app.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', '13900007003')
      .executeTakeFirstOrThrow();
    const now = ctx().clock.now();
    await app.db
      .insertInto('translate_glossary')
      .values(
        Array.from({ length: TRANSLATE_LIMITS.glossaryEntries - 1 }, (_, i) => ({
          user_id: Number(id),
          source: `词${i}`,
          target: 'all',
          translation: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    assert.equal(
      (await add(ctx(), me, { source: '最后一条', target: 'all', translation: null })).statusCode,
      200,
    );
    const full = await add(ctx(), me, { source: '多一条', target: 'all', translation: null });
    assert.equal(full.statusCode, 400);
    assert.equal(full.json().msg, '术语表最多 200 条，请先删除不用的术语');
    assert.equal((await list(ctx(), me)).length, 200);
    assert.equal((await list(ctx(), token)).length > 0, true, 'another seller is not affected');
  });

  it('keeps each seller’s terms to themselves', async () => {
    const { app, token } = ctx();
    const mine = (await list(ctx(), token))[0];
    assert.deepEqual(await list(ctx(), other), []);
    const body = { source: '偷改', target: 'all', translation: null };
    const edit = await post(app, `${GLOSSARY}/${mine.id}`, body, auth(other));
    assert.equal(edit.statusCode, 404);
    assert.equal(edit.json().msg, '这条术语不存在或已删除');
    assert.equal((await post(app, `${GLOSSARY}/${mine.id}/delete`, {}, auth(other))).statusCode, 404);
    assert.equal((await list(ctx(), token))[0].source, mine.source, 'unchanged');
    assert.equal((await get(app, GLOSSARY)).statusCode, 401);
  });
}

describe('术语表 (SQLite)', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildChatApp();
  });
  after(() => ctx?.close());
  glossarySuite(() => ctx);
});

describe('术语表 (PostgreSQL)', () => {
  glossarySuite(usePostgres((database) => buildChatApp(database)));
});

describe('术语表 in 图片翻译', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildChatApp({ LLM_IDLE_TIMEOUT_MS: '20000' });
    // More translations than a free day's 5 (the limits' rows are written when the app is ready).
    await ctx.app.ready();
    await setFreeLimit(ctx.app, 'translate', 50);
    for (const entry of [
      { source: '小米', target: 'all', translation: 'Xiaomi' },
      { source: '加绒', target: 'en', translation: 'Fleece-lined' },
      { source: '出海牌', target: 'all', translation: null },
    ])
      assert.equal((await add(ctx, ctx.token, entry)).statusCode, 200);
  });
  after(() => ctx?.close());

  const translate = async (token: string, target: string, writings: Writing[], keep = '', glossary = '') => {
    const before = ctx.fake.requests.length;
    const answered = await postForm(
      ctx.app,
      '/api/v1/translate/image',
      token,
      { target, ...(keep ? { keep } : {}), ...(glossary ? { glossary } : {}) },
      [{ field: 'file', name: 'a.png', bytes: await picture(writings) }],
    );
    assert.equal(answered.statusCode, 200, answered.body);
    const data = answered.json().data;
    return {
      data,
      texts: data.blocks.map((b: { text: string }) => b.text).join(' | ') as string,
      requests: translationRequests(ctx.fake.requests.slice(before)),
    };
  };

  it('tells the model the terms on the image, and the translation follows them', async () => {
    const { data, texts, requests } = await translate(ctx.token, 'en', [
      line('小米加绒卫衣', 80),
      line('出海牌 防滑', 300),
    ]);
    assert.equal(requests.length, 1, 'followed at once: no repair');
    const system = systemOf(requests[0]);
    assert.match(system, /Glossary \(JSON\): .*"term":"小米","use":"Xiaomi"/);
    assert.match(system, /"term":"加绒","use":"Fleece-lined"/);
    assert.match(system, /"term":"出海牌","keep":true/);
    assert.match(texts, /Xiaomi Fleece-lined/);
    assert.match(texts, /出海牌 Non-slip/, 'the brand is kept as it is');
    assert.equal(data.residual.count, 0, 'a brand kept in Chinese on purpose is not leftover Chinese');
    assert.deepEqual(data.glossary.missed, []);
    assert.deepEqual(data.glossary.used.map((t: { source: string }) => t.source).sort(), [
      '出海牌',
      '加绒',
      '小米',
    ]);
  });

  it('applies an entry only to its language, merged with this request’s keep words', async () => {
    const { data, texts, requests } = await translate(ctx.token, 'de', [line('小米加绒卫衣', 80)], '加绒');
    const system = systemOf(requests[0]);
    assert.doesNotMatch(system, /Fleece-lined/, 'the English entry is not used for German');
    assert.doesNotMatch(system, /出海牌/, 'terms not on the image are not sent');
    assert.match(system, /"term":"加绒","keep":true/);
    assert.match(texts, /Xiaomi 加绒/);
    assert.equal(data.glossary.missed.length, 0);
  });

  it('takes this request’s own terms (「原文=译文」 a line) over the stored ones, and refuses a malformed line', async () => {
    const { texts, requests } = await translate(
      ctx.token,
      'en',
      [line('小米加绒卫衣', 80)],
      '',
      '加绒=Warm Fleece\n卫衣=',
    );
    const system = systemOf(requests[0]);
    assert.match(system, /"term":"加绒","use":"Warm Fleece"/);
    assert.match(system, /"term":"卫衣","keep":true/);
    assert.match(texts, /Xiaomi Warm Fleece 卫衣/);
    const before = ctx.fake.requests.length;
    const bad = await postForm(
      ctx.app,
      '/api/v1/translate/image',
      ctx.token,
      { target: 'en', glossary: '加绒 Fleece' },
      [{ field: 'file', name: 'a.png', bytes: await picture([line('加绒', 80)]) }],
    );
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().msg, '术语第 1 行应写成「原文=译文」，保持原文写「原文=」');
    assert.equal(ctx.fake.requests.length, before, 'nothing was asked');
  });

  it('a whole block that is a fixed term is translated without asking the model about it', async () => {
    const { texts, requests } = await translate(ctx.token, 'en', [line('加绒', 80), line('防滑', 300)]);
    assert.equal(requests.length, 1);
    assert.doesNotMatch(requests[0]?.messages.at(-1)?.content ?? '', /加绒/);
    assert.match(texts, /Fleece-lined/);
  });

  it('asks once more, naming the terms, when the model ignores the glossary', async () => {
    const { data, texts, requests } = await translate(ctx.token, 'en', [line('术语测试 加绒', 80)]);
    assert.equal(requests.length, 2, 'the one repair request');
    const repair = requests[1]?.messages.at(-1)?.content ?? '';
    assert.match(repair, /repair: .*glossary.*write "Fleece-lined" for "加绒"/);
    assert.match(texts, /Fleece-lined/);
    assert.deepEqual(data.glossary.missed, []);
  });

  it('when the repair ignores it too: a fixed term left in Chinese is swapped, a lost brand is reported', async () => {
    const { data, texts, requests } = await translate(ctx.token, 'en', [line('术语顽固 加绒 出海牌', 80)]);
    assert.equal(requests.length, 2, 'no third request');
    assert.match(texts, /Fleece-lined/);
    assert.doesNotMatch(texts, /加绒/);
    assert.deepEqual(data.glossary.missed, [{ source: '出海牌', translation: null }]);
  });

  it('counts a term split over two lines of one block as used', async () => {
    const { data } = await translate(ctx.token, 'en', [line('防滑加', 80), line('绒卫衣', 140)]);
    assert.ok(
      data.glossary.used.some((t: { source: string }) => t.source === '加绒'),
      JSON.stringify(data.glossary),
    );
  });

  it('another seller’s translation knows nothing of these terms', async () => {
    const stranger = await registerUser(ctx, '13900007004', { ip: '10.77.0.4' });
    const { texts, requests } = await translate(stranger, 'en', [line('小米加绒卫衣', 80)]);
    assert.doesNotMatch(systemOf(requests[0]), /Glossary/);
    assert.doesNotMatch(texts, /Xiaomi|Fleece/);
  });
});

describe('术语表 in 批量处理’s 图片翻译 step', () => {
  it('the worker translates with the seller’s glossary', async () => {
    const ctx = await buildChatApp({ LLM_IDLE_TIMEOUT_MS: '20000', BATCH_WORKERS: '1' });
    try {
      await add(ctx, ctx.token, { source: '加绒', target: 'all', translation: 'Fleece-lined' });
      const steps = JSON.stringify({
        cutout: false,
        marketplaces: [],
        backgroundColor: null,
        translate: 'en',
      });
      const files = [{ field: 'files[]', name: 'hoodie.png', bytes: await picture([line('加绒卫衣', 80)]) }];
      const created = await postForm(ctx.app, '/api/v1/batch/jobs', ctx.token, { steps }, files);
      assert.equal(created.statusCode, 200, created.body);
      const jobId = created.json().data.id;
      let status = '';
      for (let i = 0; i < 300; i += 1) {
        const read = (await get(ctx.app, `/api/v1/batch/jobs/${jobId}`, auth(ctx.token))).json().data;
        status = read.items[0].status;
        if (status !== 'waiting' && status !== 'processing') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(status, 'done');
      const requests = translationRequests(ctx.fake.requests);
      assert.equal(requests.length, 1);
      assert.match(systemOf(requests[0]), /"term":"加绒","use":"Fleece-lined"/);
    } finally {
      await ctx.close();
    }
  });
});
