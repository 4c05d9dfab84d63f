import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import type { OcrEngine } from '../src/imaging/ocr/index.ts';
import { ProviderError } from '../src/providers/provider-error.ts';
import { auth, get, post, registerUser } from './account-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { csvAsRead } from './csv-helpers.ts';
import { type Writing, writeChinese } from './fakes/chinese-text.ts';
import { startFakeRembg } from './fakes/fake-rembg.ts';
import { postForm } from './studio-helpers.ts';

/** A supplier-style image: Chinese text on a flat or gradient background. */
function supplierImage(writings: Writing[], background: 'flat' | 'gradient' = 'flat'): Promise<Buffer> {
  const width = 800;
  const height = 600;
  const base =
    background === 'flat'
      ? sharp({ create: { width, height, channels: 3, background: '#f4efe6' } })
      : sharp(
          Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#dfeaf7"/><stop offset="1" stop-color="#9fb8d8"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
          ),
        );
  return writeChinese(base, writings);
}

const HEADING: Writing = { text: '防水透气 3层面料', left: 60, top: 80, size: 48, color: '#1d3557' };
const BADGE: Writing = { text: '限时特惠 ¥99', left: 480, top: 420, size: 40, color: '#c1121f' };

describe('图片翻译', () => {
  let ctx: Awaited<ReturnType<typeof buildChatApp>>;
  let image: Buffer;
  before(async () => {
    ctx = await buildChatApp({ LLM_IDLE_TIMEOUT_MS: '20000' });
    image = await supplierImage([HEADING, BADGE]);
  });
  after(() => ctx?.close());

  const translate = (token: string, fields: Record<string, string>, bytes: Buffer | null = image) =>
    postForm(
      ctx.app,
      '/api/v1/translate/image',
      token,
      fields,
      bytes ? [{ field: 'file', name: 'a.png', bytes }] : [],
    );
  const used = async (token: string) =>
    (await get(ctx.app, '/api/v1/info', auth(token)))
      .json()
      .data.usage.find((u: { feature: string }) => u.feature === 'translate').used as number;

  it('finds the blocks, translates them in one request keeping numbers, erases the Chinese and leaves none', async () => {
    const answered = await translate(ctx.token, { target: 'en' });
    assert.equal(answered.statusCode, 200, answered.body);
    const result = answered.json().data;
    const texts = result.blocks.map((b: { text: string }) => b.text).join(' | ');
    assert.match(texts, /Waterproof and breathable/);
    assert.match(texts, /3/);
    assert.match(texts, /[¥￥]99/);
    assert.equal(result.residual.count, 0, `left: ${JSON.stringify(result.residual)}`);
    assert.equal(result.blocks.length, 2);
    const heading = result.blocks.find((b: { source: string }) => b.source.includes('防水'));
    assert.ok(heading.box.x < HEADING.left + 20 && heading.box.y < HEADING.top + 30, 'the layout is kept');
    assert.match(heading.color, /^#[0-9a-f]{6}$/);
    const translations = ctx.fake.requests.filter((r) =>
      r.messages.some((m) => m.content.includes('[image-text-translation]')),
    );
    assert.equal(translations.length, 1, 'one request for all blocks of the image');
    assert.equal(await used(ctx.token), 1);
    const drawn = await get(ctx.app, result.resultUrl);
    assert.equal(drawn.statusCode, 200);
    assert.equal((await sharp(drawn.rawPayload).metadata()).width, 800);
  });

  it('keeps the words the seller asks to keep, untranslated and not erased', async () => {
    const result = (await translate(ctx.token, { target: 'de', keep: '限时特惠 ¥99' })).json().data;
    assert.equal(result.blocks.length, 1);
    assert.deepEqual(
      result.kept.map((k: { text: string }) => k.text.normalize('NFKC').replace(/\s+/g, '')),
      ['限时特惠¥99'],
    );
  });

  it('asks once more when the answer is not the JSON asked for', async () => {
    const repair = await supplierImage([{ ...HEADING, text: '格式测试 防滑' }]);
    const before = ctx.fake.requests.length;
    const answered = await translate(ctx.token, { target: 'en' }, repair);
    assert.equal(answered.statusCode, 200, answered.body);
    assert.equal(ctx.fake.requests.length - before, 2);
    assert.match(answered.json().data.blocks[0].text, /Non-slip/);
  });

  it('refuses bad input in Chinese without taking a use', async () => {
    const before = await used(ctx.token);
    const noTarget = await translate(ctx.token, { target: 'xx' });
    assert.equal(noTarget.statusCode, 400);
    assert.match(noTarget.json().msg, /语言/);
    const notImage = await translate(ctx.token, { target: 'en' }, Buffer.from('%PDF-1.4 not an image'));
    assert.equal(notImage.statusCode, 415);
    const noFile = await translate(ctx.token, { target: 'en' }, null);
    assert.equal(noFile.statusCode, 400);
    const blank = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const nothing = await translate(ctx.token, { target: 'en' }, blank);
    assert.equal(nothing.statusCode, 400);
    assert.match(nothing.json().msg, /没有找到/);
    assert.equal(await used(ctx.token), before, 'nothing taken');
  });

  it('draws the seller’s edits again on the erased image, for the owner only', async () => {
    const result = (await translate(ctx.token, { target: 'en' })).json().data;
    const blocks = result.blocks.map((b: { text: string; source: string }) =>
      b.source.includes('防水') ? { ...b, text: 'Rainproof' } : { ...b, hidden: true },
    );
    const body = { backgroundId: result.backgroundId, target: 'en', blocks };
    const redrawn = await post(ctx.app, '/api/v1/translate/render', body, auth(ctx.token));
    assert.equal(redrawn.statusCode, 200, redrawn.body);
    assert.notEqual(redrawn.json().data.resultId, result.resultId);
    assert.equal(redrawn.json().data.residual.count, 0);
    const other = await registerUser(ctx, '13900006666', { ip: '10.64.0.1' });
    const stolen = await post(ctx.app, '/api/v1/translate/render', body, auth(other));
    assert.equal(stolen.statusCode, 404);
    const outside = { ...body, blocks: [{ ...blocks[0], box: { ...blocks[0].box, x: 5000 } }] };
    assert.equal((await post(ctx.app, '/api/v1/translate/render', outside, auth(ctx.token))).statusCode, 400);
  });

  it('counts Chinese the seller types into a block as left over, where it is, but not a word kept on purpose', async () => {
    const result = (await translate(ctx.token, { target: 'en' })).json().data;
    const [first, ...rest] = result.blocks;
    const body = (text: string, kept: string[] = []) => ({
      backgroundId: result.backgroundId,
      target: 'en',
      blocks: [{ ...first, text }, ...rest],
      kept,
    });
    const typed = await post(ctx.app, '/api/v1/translate/render', body('Rainproof 防水'), auth(ctx.token));
    assert.equal(typed.statusCode, 200, typed.body);
    assert.equal(typed.json().data.residual.count, 2);
    assert.deepEqual(typed.json().data.residual.boxes, [first.box]);
    const kept = await post(
      ctx.app,
      '/api/v1/translate/render',
      body('Rainproof 防水', ['防水']),
      auth(ctx.token),
    );
    assert.equal(kept.json().data.residual.count, 0, kept.body);
  });
});

describe('图片翻译 when the provider fails', () => {
  it('gives the use back and says so in Chinese', async () => {
    const ctx = await buildChatApp({ LLM_IDLE_TIMEOUT_MS: '20000' }, { always: '[500]' });
    try {
      const image = await supplierImage([HEADING], 'gradient');
      const answered = await postForm(ctx.app, '/api/v1/translate/image', ctx.token, { target: 'ja' }, [
        { field: 'file', name: 'a.png', bytes: image },
      ]);
      assert.equal(answered.statusCode, 502, answered.body);
      assert.match(answered.json().msg, /[\u4e00-\u9fff]/);
      const usage = (await get(ctx.app, '/api/v1/info', auth(ctx.token))).json().data.usage;
      assert.equal(usage.find((u: { feature: string }) => u.feature === 'translate').used, 0);
    } finally {
      await ctx.close();
    }
  });
});

describe('图片翻译 when text recognition is busy', () => {
  it('says the text recognition is busy, not the AI service, and gives the use back', async () => {
    // The OCR engine as it answers with its queue full (imaging/ocr/index.ts).
    const ocr: OcrEngine = {
      readLines: async () => {
        throw new ProviderError('busy', 'the OCR queue is full', { retryAfter: 7, service: 'ocr' });
      },
      close: async () => {},
    };
    const ctx = await buildChatApp({ LLM_IDLE_TIMEOUT_MS: '20000' }, {}, { ocr });
    try {
      const answered = await postForm(ctx.app, '/api/v1/translate/image', ctx.token, { target: 'ja' }, [
        { field: 'file', name: 'a.png', bytes: await supplierImage([HEADING]) },
      ]);
      assert.equal(answered.statusCode, 429, answered.body);
      assert.equal(answered.json().msg, '识别图片文字的人太多了，请 7 秒后再试');
      const usage = (await get(ctx.app, '/api/v1/info', auth(ctx.token))).json().data.usage;
      assert.equal(usage.find((u: { feature: string }) => u.feature === 'translate').used, 0);
    } finally {
      await ctx.close();
    }
  });
});

describe('图片翻译 as a step of 批量处理', () => {
  it('words a matting service that times out as the image processing timing out, not the AI service', async () => {
    const rembg = await startFakeRembg();
    rembg.delayMs = 3000;
    const ctx = await buildChatApp({
      LLM_IDLE_TIMEOUT_MS: '20000',
      BATCH_WORKERS: '1',
      MATTING_URL: rembg.url,
      MATTING_TIMEOUT_MS: '1000',
    });
    try {
      const steps = JSON.stringify({
        cutout: true,
        marketplaces: [],
        backgroundColor: null,
        translate: 'en',
      });
      const created = await postForm(ctx.app, '/api/v1/batch/jobs', ctx.token, { steps }, [
        { field: 'files[]', name: 'jacket.png', bytes: await supplierImage([HEADING]) },
      ]);
      assert.equal(created.statusCode, 200, created.body);
      let item: { status: string; reason: string } | undefined;
      for (let i = 0; i < 300; i += 1) {
        const read = (
          await get(ctx.app, `/api/v1/batch/jobs/${created.json().data.id}`, auth(ctx.token))
        ).json().data;
        item = read.items[0];
        if (item && item.status !== 'waiting' && item.status !== 'processing') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(item?.status, 'failed');
      assert.equal(item?.reason, '图片处理超时，本次不扣次数，请稍后再试');
    } finally {
      await ctx.close();
      await rembg.close();
    }
  });

  it('translates each image with Chinese (one use each), fails one without, and reports the leftovers in report.csv', async () => {
    const ctx = await buildChatApp({ LLM_IDLE_TIMEOUT_MS: '20000', BATCH_WORKERS: '1' });
    try {
      const blank = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer();
      const files = [
        { field: 'files[]', name: 'jacket.png', bytes: await supplierImage([HEADING, BADGE]) },
        { field: 'files[]', name: 'plain.png', bytes: blank },
      ];
      const steps = JSON.stringify({
        cutout: false,
        marketplaces: [],
        backgroundColor: null,
        translate: 'en',
      });
      const created = await postForm(ctx.app, '/api/v1/batch/jobs', ctx.token, { steps }, files);
      assert.equal(created.statusCode, 200, created.body);
      const jobId = created.json().data.id;
      let detail: {
        job: { status: string; counts: Record<string, number> };
        items: { name: string; status: string; reason: string; residual: number | null }[];
      } | null = null;
      for (let i = 0; i < 300 && !detail; i += 1) {
        const read = (await get(ctx.app, `/api/v1/batch/jobs/${jobId}`, auth(ctx.token))).json().data;
        if (read.job.counts.waiting + read.job.counts.processing === 0 && read.job.status !== 'running')
          detail = read;
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.ok(detail, 'the job settled');
      const plain = detail.items.find((item) => item.name === 'plain.png');
      assert.equal(plain?.status, 'failed');
      assert.match(plain?.reason ?? '', /没有找到需要翻译的中文/);
      assert.equal(detail.items.find((item) => item.name === 'jacket.png')?.status, 'done');
      // The job's screen says what report.csv says: the Chinese left on each translated picture.
      assert.equal(detail.items.find((item) => item.name === 'jacket.png')?.residual, 0);
      assert.equal(plain?.residual, null);
      const info = (await get(ctx.app, '/api/v1/info', auth(ctx.token))).json().data;
      assert.equal(info.usage.find((u: { feature: string }) => u.feature === 'translate').used, 1);
      const { url } = (await get(ctx.app, `/api/v1/batch/jobs/${jobId}/download`, auth(ctx.token))).json()
        .data;
      const zip = unzipSync(new Uint8Array((await ctx.app.inject({ method: 'GET', url })).rawPayload));
      assert.ok(zip['图片翻译/jacket.png'], Object.keys(zip).join(', '));
      const report = csvAsRead(new TextDecoder().decode(zip['report.csv']));
      assert.match(report, /jacket\.png,,图片翻译,残留中文,必须,0 个字,通过,/);
      assert.match(report, /plain\.png,.*失败/);
    } finally {
      await ctx.close();
    }
  });

  it('refuses an unknown language for the step', async () => {
    const ctx = await buildChatApp();
    try {
      const steps = JSON.stringify({
        cutout: false,
        marketplaces: [],
        backgroundColor: null,
        translate: 'xx',
      });
      const created = await postForm(ctx.app, '/api/v1/batch/jobs', ctx.token, { steps }, [
        { field: 'files[]', name: 'a.png', bytes: await supplierImage([HEADING]) },
      ]);
      assert.equal(created.statusCode, 400);
      assert.match(created.json().msg, /目标语言/);
    } finally {
      await ctx.close();
    }
  });
});
