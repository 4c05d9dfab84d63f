import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { auth, get, post } from './account-helpers.ts';
import { csvAsRead } from './csv-helpers.ts';
import { writeChinese } from './fakes/chinese-text.ts';
import {
  buildJobApp,
  CUP_FACTS,
  cupPhoto,
  type JobCtx,
  uploadLocalisePhoto,
  waitForJob,
} from './localise-helpers.ts';

/**
 * Issue 55: one product, with a supplier picture of Chinese selling points, to one site of each new
 * marketplace in each new language. The fake chat provider writes each listing and translates the
 * picture in the site's language, as a model that follows the prompt does; every site is delivered
 * 可以上架, and the report says in which language each listing and picture reads.
 */
const SITES: [string, string, string][] = [
  ['shopee-TW', 'Shopee · 台湾站', '繁体中文'],
  ['shopee-VN', 'Shopee · 越南站', '越南语'],
  ['shopee-BR', 'Shopee · 巴西站', '葡萄牙语（巴西）'],
  ['lazada-TH', 'Lazada · 泰国站', '泰语'],
  ['lazada-ID', 'Lazada · 印尼站', '印尼语'],
  ['tiktok-MY', 'TikTok Shop · 马来西亚站', '马来语'],
  ['mercadolibre-MX', '美客多 · 墨西哥站', '西班牙语（墨西哥）'],
];

const supplierPicture = () =>
  writeChinese(sharp({ create: { width: 800, height: 600, channels: 3, background: '#f4efe6' } }), [
    { text: '防水透气 3层面料', left: 60, top: 80, size: 48, color: '#1d3557' },
    { text: '限时特惠 ¥99', left: 480, top: 420, size: 40, color: '#c1121f' },
  ]);

describe('一键出海 to Shopee, Lazada, TikTok Shop and 美客多 in their buyers’ languages', () => {
  let ctx: JobCtx;
  before(async () => {
    ctx = await buildJobApp({}, 50);
  });
  after(() => ctx.close());

  it('delivers every site 可以上架, each listing and picture in its language, in the report and the ZIP', async () => {
    const mainPhotoId = await uploadLocalisePhoto(ctx.app, ctx.token, await cupPhoto());
    const detail = await uploadLocalisePhoto(ctx.app, ctx.token, await supplierPicture());
    const product = {
      facts: { ...CUP_FACTS, productName: '出海牌保温杯' },
      mainPhotoId,
      detailPhotoIds: [detail],
    };
    const sites = SITES.map(([id]) => id);
    const start = await post(ctx.app, '/api/v1/localise', { products: [product], sites }, auth(ctx.token));
    assert.equal(start.json().code, 200, start.body);
    const job = await waitForJob(ctx, start.json().data.job.id);
    const failing = (task: { rules: { pass: boolean; message: string }[] }) =>
      task.rules.filter((r) => !r.pass).map((r) => r.message);
    for (const task of job.tasks) assert.equal(task.ready, true, `${task.site}: ${failing(task).join('；')}`);

    const link = (await get(ctx.app, `/api/v1/localise/${job.job.id}/download`, auth(ctx.token))).json().data
      .url;
    const zip = unzipSync(new Uint8Array((await ctx.app.inject({ method: 'GET', url: link })).rawPayload));
    const report = csvAsRead(new TextDecoder().decode(zip['report.csv']));
    for (const [, site, language] of SITES) {
      assert.match(
        report,
        new RegExp(`${site},可以上架,全文,listing\\.language,必须,通过,用${language}撰写`),
      );
      assert.match(
        report,
        new RegExp(`${site},可以上架,详情图 1,picture\\.language,必须,通过,图上译文是${language}`),
      );
    }
    const mexico = new TextDecoder().decode(zip['出海牌保温杯/美客多 墨西哥站/listing.csv']);
    assert.match(mexico, /Termo de Acero Inoxidable 750 ml/);
  });
});
