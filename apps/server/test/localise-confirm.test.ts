import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { unzipSync } from 'fflate';
import { auth, get, post, registerUser } from './account-helpers.ts';
import { csvAsRead } from './csv-helpers.ts';
import {
  CUP_FACTS,
  cupPhoto,
  type JobCtx,
  onBothQueues,
  uploadLocalisePhoto,
  waitForJob,
} from './localise-helpers.ts';

/**
 * 「我已核对」: a listing too short for the language check to tell is 不能上架 until the seller has
 * looked; confirming it passes that one rule on their word, and nothing else.
 */

// biome-ignore lint/suspicious/noExplicitAny: tests read whichever fields the answer has
type Detail = any;

const confirm = (ctx: JobCtx, jobId: number, taskId: number, body: object, token = ctx.token) =>
  post(ctx.app, `/api/v1/localise/${jobId}/tasks/${taskId}/confirm`, body, auth(token));

const LANGUAGE = { ruleId: 'listing.language', place: '全文' };

function confirmSuite(ctx: () => JobCtx) {
  let jobId: number;
  let short: Detail;
  let wrong: Detail;

  before(async () => {
    const main = await uploadLocalisePhoto(ctx().app, ctx().token, await cupPhoto());
    const product = (name: string) => ({
      facts: { ...CUP_FACTS, productName: name },
      mainPhotoId: main,
      detailPhotoIds: [],
    });
    const start = await post(
      ctx().app,
      '/api/v1/localise',
      {
        products: [product('保温杯 [too-little]'), product('水杯 [wrong-language]')],
        sites: ['shopee-SG', 'amazon-DE'],
      },
      auth(ctx().token),
    );
    assert.equal(start.json().code, 200, start.body);
    jobId = start.json().data.job.id;
    const detail = await waitForJob(ctx(), jobId);
    short = detail.tasks.find((t: Detail) => t.product === 0 && t.site === 'shopee-SG');
    wrong = detail.tasks.find((t: Detail) => t.product === 1 && t.site === 'amazon-DE');
  });

  it('a listing of a few words is unsure, not ready; 「我已核对」 makes it ready, says so, and the report and report.csv agree', async () => {
    assert.equal(short.status, 'done');
    assert.equal(short.ready, false);
    const unsure = short.rules.find((r: Detail) => r.ruleId === 'listing.language');
    assert.deepEqual(
      { pass: unsure.pass, unsure: unsure.unsure, message: unsure.message },
      { pass: false, unsure: true, message: '内容太少，无法判断是不是英语' },
    );
    const readyBefore = (await get(ctx().app, `/api/v1/localise/${jobId}`, auth(ctx().token))).json().data.job
      .ready;

    const res = await confirm(ctx(), jobId, short.id, LANGUAGE);
    assert.equal(res.json().code, 200, res.body);
    assert.equal(res.json().msg, '已核对');
    const after = res.json().data.tasks.find((t: Detail) => t.id === short.id);
    assert.equal(after.ready, true);
    const rule = after.rules.find((r: Detail) => r.ruleId === 'listing.language');
    assert.deepEqual(
      { pass: rule.pass, confirmed: rule.confirmed, message: rule.message, todo: rule.todo },
      { pass: true, confirmed: true, message: '卖家已核对：是英语', todo: '' },
    );
    assert.equal(res.json().data.job.ready, readyBefore + 1);

    // A double click: the same answer, nothing counted twice.
    const again = await confirm(ctx(), jobId, short.id, LANGUAGE);
    assert.equal(again.json().code, 200, again.body);
    assert.equal(again.json().data.job.ready, readyBefore + 1);

    const link = (await get(ctx().app, `/api/v1/localise/${jobId}/download`, auth(ctx().token))).json().data
      .url;
    const zip = unzipSync(new Uint8Array((await ctx().app.inject({ method: 'GET', url: link })).rawPayload));
    const report = csvAsRead(new TextDecoder().decode(zip['report.csv']));
    assert.match(
      report,
      /保温杯 \[too-little\],Shopee · 新加坡站,可以上架,全文,listing\.language,必须,通过,卖家已核对：是英语/,
    );
  });

  it('a listing read as another language cannot be waved through, and nothing changes', async () => {
    assert.equal(wrong.ready, false);
    const rule = wrong.rules.find((r: Detail) => r.ruleId === 'listing.language' && r.place === '全文');
    assert.match(rule.message, /读起来是英语，不是站点的德语/);
    assert.equal(rule.unsure, undefined);
    const res = await confirm(ctx(), jobId, wrong.id, LANGUAGE);
    assert.equal(res.statusCode, 400);
    assert.match(res.json().msg, /不能由卖家确认/);
    const detail = (await get(ctx().app, `/api/v1/localise/${jobId}`, auth(ctx().token))).json().data;
    assert.equal(detail.tasks.find((t: Detail) => t.id === wrong.id).ready, false);
  });

  it('another seller’s job, a task of another job, a rule that is not there and a bad body are refused', async () => {
    const stranger = await registerUser(ctx(), '13800009931');
    const foreign = await confirm(ctx(), jobId, short.id, LANGUAGE, stranger);
    assert.equal(foreign.statusCode, 404, foreign.body);
    assert.equal((await confirm(ctx(), jobId + 1000, short.id, LANGUAGE)).statusCode, 404);
    assert.equal(
      (await confirm(ctx(), jobId, short.id, { ruleId: 'listing.language', place: '标题' })).statusCode,
      404,
    );
    assert.equal((await confirm(ctx(), jobId, short.id, { ruleId: '' })).statusCode, 400);
  });
}

onBothQueues('一键出海 · 我已核对', confirmSuite);
