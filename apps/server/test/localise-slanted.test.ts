import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { writeChinese } from './fakes/chinese-text.ts';
import {
  buildJobApp,
  CUP_FACTS,
  cupPhoto,
  type Detail,
  type JobCtx,
  startLocalise,
  taskOf,
  uploadLocalisePhoto,
  waitForJob,
} from './localise-helpers.ts';

/**
 * 一键出海 with a detail picture whose Chinese is set at 45° (chineseocr_lite's pills photographed
 * askew): 图片翻译 cannot read it level and delivers it as it came. It was reported 「图片里没有需要
 * 翻译的中文」, a pass, and the site 可以上架 with every word of Chinese still on the picture.
 */

/** Two lines of Chinese selling points, turned 45° as a phone photographs a label askew. */
async function slantedPicture(): Promise<Buffer> {
  const upright = await writeChinese(
    sharp({ create: { width: 900, height: 500, channels: 3, background: '#ffffff' } }),
    [
      { text: '专业鉴定', left: 120, top: 80, size: 90, color: '#c1121f' },
      { text: '限时特惠', left: 120, top: 260, size: 90, color: '#1d3557' },
    ],
  );
  return sharp(upright).rotate(-45, { background: '#ffffff' }).png().toBuffer();
}

describe('一键出海 · a detail picture of slanted Chinese (SQLite, fake rembg and fake OpenAI)', () => {
  let ctx: JobCtx;
  before(async () => {
    ctx = await buildJobApp({}, 20);
  });
  after(() => ctx.close());

  it('is no pass: the site cannot be listed, told the Chinese is slanted and what to do, on every site of the language', async () => {
    const product = {
      facts: CUP_FACTS,
      mainPhotoId: await uploadLocalisePhoto(ctx.app, ctx.token, await cupPhoto()),
      detailPhotoIds: [await uploadLocalisePhoto(ctx.app, ctx.token, await slantedPicture())],
    };
    // Two Thai sites: one reads the picture, the other reads back what the first kept.
    const started = await startLocalise(ctx, product, ['lazada-TH', 'shopee-TH']);
    const detail: Detail = await waitForJob(ctx, started.job.id);
    for (const site of ['lazada-TH', 'shopee-TH']) {
      const task = taskOf(detail, site);
      assert.equal(task.status, 'done', task.reason);
      const residual = task.rules.find((r: Detail) => r.ruleId === 'picture.residual');
      assert.deepEqual(
        [residual?.pass, residual?.level, residual?.message],
        [false, 'required', '图上的中文是斜着排的，没能翻译，原图放入结果'],
        site,
      );
      assert.match(residual?.todo ?? '', /转正/);
      assert.equal(task.ready, false, `${site} is not 可以上架 with the Chinese still on its picture`);
      assert.deepEqual(task.charged.translate ?? 0, 0, 'nothing translated, nothing charged');
    }
  });
});
