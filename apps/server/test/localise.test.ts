import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ResultCode } from '@chuhai/contract';
import { unzipSync } from 'fflate';
import { auth, get, post, registerUser, setFreeLimit } from './account-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { asExcelOnChineseWindows, csvAsRead } from './csv-helpers.ts';
import {
  CUP_FACTS,
  cupPhoto,
  type JobCtx,
  onBothQueues,
  taskOf,
  uploadLocalisePhoto,
} from './localise-helpers.ts';
import { usePostgres } from './postgres-app.ts';
import { productPhoto } from './studio-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildChatApp>>;

const FACTS = { ...CUP_FACTS, productName: '出海牌保温杯', brand: '出海牌' };

const photo = () =>
  productPhoto({ width: 800, height: 600, box: { left: 200, top: 150, width: 400, height: 300 } });

const uploadPhoto = async (ctx: Ctx, token: string) => uploadLocalisePhoto(ctx.app, token, await photo());

function localiseSuite(ctx: () => Ctx) {
  let main: number;
  let detail: number;
  before(async () => {
    main = await uploadPhoto(ctx(), ctx().token);
    detail = await uploadPhoto(ctx(), ctx().token);
  });
  const body = (sites: string[], detailIds = [detail]) => ({
    products: [{ facts: FACTS, mainPhotoId: main, detailPhotoIds: detailIds }],
    sites,
  });

  it('estimates the uses per kind against what is left today, charging nothing', async () => {
    const res = await post(
      ctx().app,
      '/api/v1/localise/estimate',
      body(['amazon-US', 'amazon-DE']),
      auth(ctx().token),
    );
    const plan = res.json().data;
    assert.equal(res.json().code, 200, res.body);
    assert.deepEqual(
      plan.sites.map((s: { name: string; language: string }) => `${s.name}/${s.language}`),
      ['亚马逊 · 美国站/en', '亚马逊 · 德国站/de'],
    );
    const need = Object.fromEntries(
      plan.uses.map((u: { feature: string; need: number }) => [u.feature, u.need]),
    );
    assert.deepEqual(need, { chat: 2, cutout: 2, translate: 2 });
    assert.equal(plan.canStart, true);
    assert.equal(plan.vip, false);
    const info = (await get(ctx().app, '/api/v1/info', auth(ctx().token))).json().data;
    assert.ok(
      info.usage.every((u: { used: number }) => u.used === 0),
      'nothing charged',
    );
  });

  it('says in Chinese what the quota does not cover, and refuses to start (200002) without a job', async () => {
    await setFreeLimit(ctx().app, 'translate', 1);
    try {
      const plan = (
        await post(
          ctx().app,
          '/api/v1/localise/estimate',
          body(['amazon-US', 'shopee-SG']),
          auth(ctx().token),
        )
      ).json().data;
      assert.equal(plan.canStart, false);
      assert.match(plan.reason, /图片翻译还剩 1 张，本次最多需要 2 张/);
      const start = await post(
        ctx().app,
        '/api/v1/localise',
        body(['amazon-US', 'shopee-SG']),
        auth(ctx().token),
      );
      assert.equal(start.json().code, ResultCode.quotaExceeded);
    } finally {
      await setFreeLimit(ctx().app, 'translate', 5);
    }
  });

  it('refuses an unknown site, a photo that is not the seller’s, and another seller’s job', async () => {
    const unknown = await post(
      ctx().app,
      '/api/v1/localise/estimate',
      body(['coupang-KR']),
      auth(ctx().token),
    );
    assert.equal(unknown.json().code, ResultCode.badRequest);
    assert.match(unknown.json().msg, /coupang-KR/);
    const other = await registerUser(ctx(), '13900002222', { ip: '10.91.0.2' });
    const theirs = await post(ctx().app, '/api/v1/localise/estimate', body(['amazon-US']), auth(other));
    assert.equal(theirs.json().code, ResultCode.notFound);
    assert.match(theirs.json().msg, /主图照片不存在/);
    // A job of the first seller: the other sees a 404 on every route of it.
    const start = await post(ctx().app, '/api/v1/localise', body(['amazon-US'], []), auth(ctx().token));
    assert.equal(start.json().code, 200, start.body);
    const jobId = start.json().data.job.id;
    assert.equal(
      (await get(ctx().app, `/api/v1/localise/${jobId}`, auth(other))).json().code,
      ResultCode.notFound,
    );
    for (const action of ['pause', 'resume', 'cancel'])
      assert.equal(
        (await post(ctx().app, `/api/v1/localise/${jobId}/${action}`, {}, auth(other))).json().code,
        ResultCode.notFound,
      );
    assert.equal(
      (await get(ctx().app, `/api/v1/localise/${jobId}/download`, auth(other))).json().code,
      ResultCode.notFound,
    );
    // No worker runs here (BATCH_WORKERS=0): the owner cancels it and nothing is charged.
    const cancelled = (
      await post(ctx().app, `/api/v1/localise/${jobId}/cancel`, {}, auth(ctx().token))
    ).json();
    assert.equal(cancelled.data.job.status, 'cancelled');
    assert.deepEqual(cancelled.data.job.counts, { cancelled: 1 });
    // 我的出海任务: the owner finds it again without its address; the other seller sees none of it.
    const mine = (await get(ctx().app, '/api/v1/localise/jobs', auth(ctx().token))).json().data;
    assert.equal(mine[0].id, jobId, 'newest first');
    assert.equal(mine[0].status, 'cancelled');
    assert.equal(mine[0].title, start.json().data.job.title);
    assert.deepEqual((await get(ctx().app, '/api/v1/localise/jobs', auth(other))).json().data, []);
  });
}

describe('一键出海 (SQLite)', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildChatApp();
  });
  after(() => ctx.close());
  localiseSuite(() => ctx);
});

describe('一键出海 (PostgreSQL)', () => {
  const ctx = usePostgres((env) => buildChatApp(env));
  localiseSuite(ctx);
});

/** Starts a job with a main photo only and waits until it ends (two minutes: a busy machine is slow). */
async function runJob(ctx: Ctx, facts: typeof FACTS, sites: string[]) {
  const mainPhotoId = await uploadLocalisePhoto(ctx.app, ctx.token, await cupPhoto());
  const product = { facts, mainPhotoId, detailPhotoIds: [] };
  const start = await post(ctx.app, '/api/v1/localise', { products: [product], sites }, auth(ctx.token));
  assert.equal(start.json().code, 200, start.body);
  const jobId = start.json().data.job.id;
  let detail = start.json().data;
  for (let deadline = Date.now() + 120_000; detail.job.status === 'running' && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    detail = (await get(ctx.app, `/api/v1/localise/${jobId}`, auth(ctx.token))).json().data;
  }
  return { jobId, detail };
}

/** Today's uses of each feature (0 for one not used). */
async function usedToday(ctx: Ctx): Promise<Record<'chat' | 'cutout' | 'translate', number>> {
  const info = (await get(ctx.app, '/api/v1/info', auth(ctx.token))).json().data;
  const used = Object.fromEntries(
    info.usage.map((u: { feature: string; used: number }) => [u.feature, u.used]),
  );
  return { chat: 0, cutout: 0, translate: 0, ...used };
}

async function zipOf(ctx: Ctx, jobId: number) {
  const link = (await get(ctx.app, `/api/v1/localise/${jobId}/download`, auth(ctx.token))).json().data.url;
  return unzipSync(new Uint8Array((await ctx.app.inject({ method: 'GET', url: link })).rawPayload));
}

function wholeJobSuite(ctx: () => JobCtx) {
  it('delivers each site 可以上架, charges one listing and one main image per site, and zips them', async () => {
    const before = await usedToday(ctx());
    const ledgerRows = () =>
      ctx().app.deps.db.selectFrom('provider_calls').select(['id', 'purpose']).execute();
    const ledgerBefore = new Set((await ledgerRows()).map((row) => row.id));
    const facts = { ...FACTS, productName: '保温杯', brand: 'Chuhai' };
    const { jobId, detail } = await runJob(ctx(), facts, ['amazon-US', 'shopee-SG']);
    // 成本 tells 一键出海's calls from the listing studio's: every call the job made is its own.
    const jobCalls = (await ledgerRows()).filter((row) => !ledgerBefore.has(row.id));
    assert.ok(jobCalls.length >= 2, `${jobCalls.length} calls logged`);
    assert.deepEqual([...new Set(jobCalls.map((row) => row.purpose))], ['localise-listing']);
    assert.equal(detail.job.status, 'done');
    assert.deepEqual(detail.job.counts, { done: 2 });
    assert.equal(detail.job.ready, 2);
    for (const task of detail.tasks) {
      assert.equal(task.ready, true, task.site);
      assert.deepEqual(task.charged, { chat: 1, cutout: 1 });
      assert.ok(task.rules.some((r: { scope: string }) => r.scope === 'main'));
    }
    const used = await usedToday(ctx());
    assert.deepEqual(
      [used.chat - before.chat, used.cutout - before.cutout, used.translate - before.translate],
      [2, 2, 0],
    );
    const zip = await zipOf(ctx(), jobId);
    // Excel on Chinese Windows reads a CSV without a BOM as GBK: each one must open as written.
    for (const [name, bytes] of Object.entries(zip).filter(([name]) => name.endsWith('.csv'))) {
      const inExcel = asExcelOnChineseWindows(bytes);
      assert.equal(inExcel, new TextDecoder().decode(bytes), `${name} opens garbled`);
      assert.match(inExcel, /[\u4e00-\u9fff]/, name);
    }
    assert.deepEqual(Object.keys(zip).sort(), [
      'Shopee 新加坡站.csv',
      'report.csv',
      '亚马逊 美国站.csv',
      '保温杯/Shopee 新加坡站/listing.csv',
      '保温杯/Shopee 新加坡站/main.jpg',
      '保温杯/亚马逊 美国站/listing.csv',
      '保温杯/亚马逊 美国站/main.jpg',
    ]);
  });

  it('a provider failing for one site: that site fails, says why in Chinese and is charged nothing; the other is delivered and charged', async () => {
    const before = await usedToday(ctx());
    // The listing writer's model answers 500 to every request for a German listing.
    ctx().fake.failWhen = (body) =>
      body.messages.some((m) => m.role === 'system' && m.content.includes('German')) ? 500 : null;
    let run: Awaited<ReturnType<typeof runJob>>;
    try {
      run = await runJob(ctx(), { ...FACTS, productName: '保温杯', brand: 'Chuhai' }, [
        'amazon-US',
        'amazon-DE',
      ]);
    } finally {
      ctx().fake.failWhen = null;
    }
    const { jobId, detail } = run;
    assert.notEqual(detail.job.status, 'running');
    assert.deepEqual(detail.job.counts, { done: 1, failed: 1 });
    const us = taskOf(detail, 'amazon-US');
    const de = taskOf(detail, 'amazon-DE');
    assert.equal(us.status, 'done');
    assert.deepEqual(us.charged, { chat: 1, cutout: 1 });
    assert.equal(de.status, 'failed');
    assert.deepEqual(de.charged, {});
    assert.match(de.reason, /[\u4e00-\u9fff]/, `a reason in Chinese: ${de.reason}`);
    assert.match(de.reason, /^AI 服务.*请稍后再试$/, 'the provider failure as the seller reads it');
    assert.doesNotMatch(de.reason, /server had an error|500/);
    const used = await usedToday(ctx());
    assert.equal(used.chat - before.chat, 1, 'one listing charged: the US one');
    assert.equal(used.cutout - before.cutout, 1, 'one main image charged: the US one');
    const zip = await zipOf(ctx(), jobId);
    assert.deepEqual(
      Object.keys(zip).filter((name) => name.includes('德国站')),
      [],
      'nothing delivered for the failed site',
    );
    const report = csvAsRead(new TextDecoder().decode(zip['report.csv']));
    assert.ok(report.includes(`保温杯,亚马逊 · 德国站,失败,,,,,${de.reason},`), report);
  });

  it('reports a 术语表 term the listing writer ignored, with its place; nothing when the writer follows it', async () => {
    const term = await post(
      ctx().app,
      '/api/v1/translate/glossary',
      { source: '出海牌', target: 'all', translation: 'Chuhai' },
      auth(ctx().token),
    );
    assert.equal(term.json().code, 200, term.body);
    const followed = (await runJob(ctx(), { ...FACTS, brand: 'Chuhai' }, ['amazon-US'])).detail;
    const good = taskOf(followed, 'amazon-US');
    assert.equal(good.status, 'done', good.reason);
    assert.match(good.listing.title, /Chuhai/);
    assert.deepEqual(good.glossaryMisses, []);

    // A product whose facts do not name the term: its listing is not made to carry the brand.
    const other = (await runJob(ctx(), { ...FACTS, productName: '不锈钢水壶', brand: '' }, ['amazon-US']))
      .detail;
    assert.doesNotMatch(taskOf(other, 'amazon-US').listing.title, /Chuhai/);

    const ignoring = { ...FACTS, productName: '出海牌保温杯 [ignore-glossary]', brand: 'Chuhai' };
    const { jobId, detail } = await runJob(ctx(), ignoring, ['amazon-US']);
    const bad = taskOf(detail, 'amazon-US');
    assert.equal(bad.status, 'done', bad.reason);
    assert.doesNotMatch(bad.listing.title, /Chuhai/);
    assert.deepEqual(bad.glossaryMisses, [{ place: 'listing 标题', source: '出海牌', expected: 'Chuhai' }]);
    const report = csvAsRead(new TextDecoder().decode((await zipOf(ctx(), jobId))['report.csv']));
    assert.match(report, /亚马逊 · 美国站,[^,]+,listing 标题,术语表：出海牌,术语,未按要求,应写作「Chuhai」,/);
  });
  it('a listing the writer wrote in English for Amazon DE is not 可以上架, and the report names the language rule', async () => {
    const facts = { ...FACTS, productName: '保温杯', brand: 'Chuhai' };
    const german = taskOf((await runJob(ctx(), facts, ['amazon-DE'])).detail, 'amazon-DE');
    assert.equal(german.ready, true, JSON.stringify(german.rules.filter((r: { pass: boolean }) => !r.pass)));
    const wrong = { ...facts, productName: '保温杯 [wrong-language]' };
    const { jobId, detail } = await runJob(ctx(), wrong, ['amazon-DE']);
    const english = taskOf(detail, 'amazon-DE');
    assert.equal(english.status, 'done', english.reason);
    assert.equal(english.ready, false);
    const rule = english.rules.find((r: { ruleId: string }) => r.ruleId === 'listing.language');
    assert.equal(rule.pass, false);
    assert.equal(rule.message, 'listing 读起来是英语，不是站点的德语');
    const report = csvAsRead(new TextDecoder().decode((await zipOf(ctx(), jobId))['report.csv']));
    assert.match(report, /亚马逊 · 德国站,不能上架,全文,listing\.language,必须,不通过,listing 读起来是英语/);
  });
}

onBothQueues('一键出海: whole jobs', wholeJobSuite);
