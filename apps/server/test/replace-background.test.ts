import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  DAILY_QUOTAS,
  FEATURE_OFF_TEXT,
  PLACEMENT_LIMITS,
  productLayerPosition,
  productLayerSize,
  ResultCode,
  UPLOAD_LIMITS,
} from '@chuhai/contract';
import sharp from 'sharp';
import type { ImageGenerator } from '../src/providers/image/image-generator.ts';
import { auth, buildAccountApp, get, registerUser } from './account-helpers.ts';
import { CornerColourMatting, inkBox, postForm, productPhoto } from './studio-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

let ip = 0;
const join = (ctx: Ctx, phone: string) => {
  ip += 1;
  return registerUser(ctx, phone, { ip: `10.10.0.${ip}` });
};

async function usedToday(ctx: Ctx, token: string, feature: 'replace' | 'draw'): Promise<number> {
  const info = (await get(ctx.app, '/api/v1/info', auth(token))).json().data;
  return info.usage.find((u: { feature: string }) => u.feature === feature).used;
}
const replaceUsed = (ctx: Ctx, token: string) => usedToday(ctx, token, 'replace');

async function rgbAt(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 3;
  return [...data.subarray(i, i + 3)];
}

const close = (a: number[], b: number[], tolerance = 10) =>
  a.every((v, i) => Math.abs(v - (b[i] as number)) <= tolerance);

/** A generator double: the scene asked for is a flat green square; it records the prompt. */
class GreenScenes implements ImageGenerator {
  readonly name = 'sdwebui' as const;
  prompts: string[] = [];
  failNext = false;
  async generate(request: { prompt: string }): Promise<Buffer> {
    this.prompts.push(request.prompt);
    if (this.failNext) {
      this.failNext = false;
      throw new Error('the provider is down');
    }
    return sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#22aa44' } })
      .png()
      .toBuffer();
  }
}

describe('the background library (/api/mokker/category, /api/mokker/backgrounds)', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildAccountApp({}, { matting: new CornerColourMatting() });
  });
  after(() => ctx.close());

  it('has at least 40 designs in at least 6 categories, by page, each with a WebP thumbnail', async () => {
    const categories = (await get(ctx.app, '/api/mokker/category')).json().data;
    assert.ok(categories.length >= 6);
    assert.deepEqual(
      categories.map((c: { name: string }) => c.name),
      ['纯色', '渐变', '影棚', '纹理', '场景', '节日'],
    );
    const all = (await get(ctx.app, '/api/mokker/backgrounds?pageSize=60')).json().data;
    assert.ok(all.total >= 40, `only ${all.total}`);
    assert.equal(
      categories.reduce((sum: number, c: { count: number }) => sum + c.count, 0),
      all.total,
    );
    const studio = (
      await get(ctx.app, '/api/mokker/backgrounds?categoryId=studio&pageNo=2&pageSize=4')
    ).json().data;
    assert.equal(studio.pageNo, 2);
    assert.ok(studio.list.length > 0 && studio.list.length <= 4);
    assert.ok(studio.list.every((b: { categoryId: string }) => b.categoryId === 'studio'));

    const thumb = await ctx.app.inject({ method: 'GET', url: studio.list[0].thumbUrl });
    assert.equal(thumb.statusCode, 200);
    assert.equal(thumb.headers['content-type'], 'image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['webp', 320, 320]);
    assert.equal((await ctx.app.inject({ method: 'GET', url: '/backgrounds/nope.webp' })).statusCode, 404);
  });
});

describe('换背景 (/api/mokker/replace)', () => {
  const scenes = new GreenScenes();
  const matting = new CornerColourMatting();
  let ctx: Ctx;
  let token: string;
  const photo = (product = '#dd2222') =>
    productPhoto({ width: 800, height: 800, box: { left: 300, top: 200, width: 200, height: 400 }, product });
  before(async () => {
    ctx = await buildAccountApp({}, { matting, imageGenerator: scenes });
    token = await join(ctx, '13300000001');
  });
  after(() => ctx.close());

  it('puts each product on a library background with its placement and a contact shadow', async () => {
    const response = await postForm(
      ctx.app,
      '/api/mokker/replace',
      token,
      { backgroundId: 'solid-charcoal', scale: '0.5', x: '0.5', y: '0.9' },
      [
        { name: '杯子.png', bytes: await photo() },
        { name: '瓶子.png', bytes: await photo('#eeeeee') },
      ],
    );
    assert.equal(response.statusCode, 200, response.body);
    const { results } = response.json().data;
    assert.deepEqual(
      results.map((r: { name: string }) => r.name),
      ['杯子.png', '瓶子.png'],
    );
    const size = PLACEMENT_LIMITS.outputSize;
    const jpeg = (await ctx.app.inject({ method: 'GET', url: results[0].image.url })).rawPayload;
    assert.deepEqual([results[0].image.width, results[0].image.height], [size, size]);
    assert.ok(close(await rgbAt(jpeg, 20, 20), [0x26, 0x28, 0x2c]), 'the charcoal background');
    // Scale 0.5: the product (twice as tall as wide) is 800 px tall, standing at 90% of the frame.
    const bottom = Math.round(0.9 * size);
    assert.ok(close(await rgbAt(jpeg, size / 2, bottom - 400), [0xdd, 0x22, 0x22], 16), 'the product');
    assert.ok(close(await rgbAt(jpeg, size / 2, bottom - 790), [0xdd, 0x22, 0x22], 16), 'its top');
    assert.ok(close(await rgbAt(jpeg, size / 2, bottom - 820), [0x26, 0x28, 0x2c]), 'above it, background');
    const [shadow] = await rgbAt(jpeg, size / 2 + 150, bottom + 2);
    assert.ok((shadow as number) < 0x26 - 4, `a darker contact shadow beside the foot, got ${shadow}`);
    assert.equal(await replaceUsed(ctx, token), 2, 'one use per output image');

    const plain = await postForm(ctx.app, '/api/mokker/replace', token, { color: '#ffffff', shadow: '0' }, [
      { name: 'a.png', bytes: await photo() },
    ]);
    const white = (await ctx.app.inject({ method: 'GET', url: plain.json().data.results[0].image.url }))
      .rawPayload;
    const bottomDefault = Math.round(PLACEMENT_LIMITS.y.default * size);
    assert.ok(
      close(await rgbAt(white, size / 2 + 200, bottomDefault + 2), [255, 255, 255], 3),
      'no shadow when off',
    );
  });

  it('keeps the cut-out it made, and the next try from that cut-out cuts nothing again', async () => {
    const token = await join(ctx, '13300000021');
    const first = await postForm(ctx.app, '/api/mokker/replace', token, { color: '#ffffff' }, [
      { name: 'a.png', bytes: await photo() },
    ]);
    const made = first.json().data.results[0];
    assert.ok(made.image && made.cutout, first.body);
    assert.deepEqual([made.cutout.width, made.cutout.height], [800, 800], 'the photo’s size, as 抠图’s');
    const png = (await ctx.app.inject({ method: 'GET', url: made.cutout.url })).rawPayload;
    assert.equal((await sharp(png).metadata()).hasAlpha, true);
    const recent = (await get(ctx.app, '/api/v1/studio/images?kinds=cutout', auth(token))).json().data;
    assert.ok(
      recent.list.some((i: { id: number }) => i.id === made.cutout.id),
      'in 最近作品 with 抠图’s',
    );

    const calls = matting.calls;
    const used = await replaceUsed(ctx, token);
    const again = await postForm(ctx.app, '/api/mokker/replace', token, {
      color: '#ffffff',
      scale: '0.4',
      cutoutIds: String(made.cutout.id),
    });
    assert.equal(again.statusCode, 200, again.body);
    assert.ok(again.json().data.results[0].image);
    assert.equal(again.json().data.results[0].cutout, undefined, 'no new cut-out: the earlier one was used');
    assert.equal(matting.calls, calls, 'the photo was not cut again');
    assert.equal(await replaceUsed(ctx, token), used + 1, 'still one use per output image');
  });

  it('places the product where the shared geometry (the page’s preview) says', async () => {
    const token = await join(ctx, '13300000022');
    const placement = { scale: 0.45, x: 0.3, y: 0.75 };
    const response = await postForm(
      ctx.app,
      '/api/mokker/replace',
      token,
      {
        color: '#ffffff',
        shadow: '0',
        ...Object.fromEntries(Object.entries(placement).map(([k, v]) => [k, String(v)])),
      },
      [{ name: 'a.png', bytes: await photo() }],
    );
    const jpeg = (await ctx.app.inject({ method: 'GET', url: response.json().data.results[0].image.url }))
      .rawPayload;
    const size = PLACEMENT_LIMITS.outputSize;
    // The photo's product is a 200×400 box: the preview measures that box on the cut-out.
    const layer = productLayerSize(
      { width: 200, height: 400 },
      { width: 200, height: 400 },
      placement.scale,
      size,
    );
    const at = productLayerPosition(layer, placement, size);
    const ink = await inkBox(jpeg);
    assert.ok(Math.abs(ink.left - at.left) <= 2, `left ${ink.left} vs ${at.left}`);
    assert.ok(Math.abs(ink.top - at.top) <= 2, `top ${ink.top} vs ${at.top}`);
    assert.ok(Math.abs(ink.width - layer.width) <= 3, `width ${ink.width} vs ${layer.width}`);
    assert.ok(Math.abs(ink.height - layer.height) <= 3, `height ${ink.height} vs ${layer.height}`);
  });

  it('makes a scene from a prompt with the text-to-image provider', async () => {
    const response = await postForm(
      ctx.app,
      '/api/mokker/replace',
      token,
      { prompt: '清晨的木质桌面，柔和自然光' },
      [{ name: 'a.png', bytes: await photo() }],
    );
    assert.equal(response.statusCode, 200, response.body);
    assert.match(scenes.prompts.at(-1) ?? '', /^清晨的木质桌面，柔和自然光，商品摄影背景/);
    const jpeg = (await ctx.app.inject({ method: 'GET', url: response.json().data.results[0].image.url }))
      .rawPayload;
    assert.ok(
      close(await rgbAt(jpeg, 10, 10), [0x22, 0xaa, 0x44]),
      'the generated scene, scaled to the frame',
    );
  });

  it('an AI scene is paid for first: one 绘画 use, given back with the replace use when it fails', async () => {
    const fresh = await join(ctx, '13300000011');
    const one = [{ name: 'a.png', bytes: await photo() }];
    const ok = await postForm(ctx.app, '/api/mokker/replace', fresh, { prompt: '木质桌面' }, one);
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(await usedToday(ctx, fresh, 'draw'), 1, 'the scene is one drawing');
    assert.equal(await usedToday(ctx, fresh, 'replace'), 1);

    scenes.failNext = true;
    const failed = await postForm(ctx.app, '/api/mokker/replace', fresh, { prompt: '大理石台面' }, one);
    assert.equal(failed.statusCode, 502, failed.body);
    assert.equal(await usedToday(ctx, fresh, 'draw'), 1, 'the failed scene costs nothing');
    assert.equal(await usedToday(ctx, fresh, 'replace'), 1);

    // The free plan draws 2 a day: the third scene is refused before the provider is called.
    assert.equal(
      (await postForm(ctx.app, '/api/mokker/replace', fresh, { prompt: '海边' }, one)).statusCode,
      200,
    );
    const calls = scenes.prompts.length;
    const over = await postForm(ctx.app, '/api/mokker/replace', fresh, { prompt: '草地' }, one);
    assert.equal(over.json().code, ResultCode.quotaExceeded);
    assert.equal(scenes.prompts.length, calls, 'no generation without a drawing use');
    assert.equal(await usedToday(ctx, fresh, 'replace'), 2, 'the replace use taken first went back');
  });

  it('generates nothing for a caller without replace uses or with someone else’s cut-out', async () => {
    const spent = await join(ctx, '13300000012');
    const one = await photo();
    const files = Array.from({ length: DAILY_QUOTAS.free.replace }, () => ({ name: 'a.png', bytes: one }));
    await postForm(ctx.app, '/api/mokker/replace', spent, { color: '#ffffff' }, files);
    assert.equal(await replaceUsed(ctx, spent), DAILY_QUOTAS.free.replace);
    const calls = scenes.prompts.length;
    const noUses = await postForm(ctx.app, '/api/mokker/replace', spent, { prompt: '木质桌面' }, [
      { name: 'a.png', bytes: one },
    ]);
    assert.equal(noUses.json().code, ResultCode.quotaExceeded);

    const owner = await join(ctx, '13300000013');
    const cut = await postForm(ctx.app, '/api/v1/remove/remove', owner, {}, [{ name: 'a.png', bytes: one }]);
    const theirs = String(cut.json().data.cutout.id);
    const thief = await join(ctx, '13300000014');
    const stolen = await postForm(ctx.app, '/api/mokker/replace', thief, {
      prompt: '木质桌面',
      cutoutIds: theirs,
    });
    assert.equal(stolen.statusCode, 404);
    assert.equal(scenes.prompts.length, calls, 'the provider was never called');
    assert.equal(await usedToday(ctx, thief, 'draw'), 0);
    assert.equal(await replaceUsed(ctx, thief), 0);
  });

  it('refuses bad requests clearly and spends nothing on them', async () => {
    const before = await replaceUsed(ctx, token);
    const one = [{ name: 'a.png', bytes: await photo() }];
    const cases: [Record<string, string>, typeof one, number, RegExp][] = [
      [{ backgroundId: 'solid-white' }, [], 400, /至少一张/],
      [{}, one, 400, /请选择一个背景/],
      [{ backgroundId: 'solid-white', color: '#ffffff' }, one, 400, /请选择一个背景/],
      [{ backgroundId: 'no-such' }, one, 400, /背景不存在/],
      [{ color: 'red' }, one, 400, /#RRGGBB/],
      [{ color: '#ffffff', scale: '3' }, one, 400, /scale/],
      [{ color: '#ffffff', x: 'left' }, one, 400, /x 应为/],
      [{ prompt: '买 枪' }, one, 422, /违规/],
      [{ prompt: '好'.repeat(501) }, one, 400, /500/],
      [
        { color: '#ffffff' },
        [...one, { name: '假图.jpg', bytes: Buffer.from('not an image at all') }],
        415,
        /第 2 张「假图.jpg」/,
      ],
      [
        { color: '#ffffff' },
        Array.from({ length: UPLOAD_LIMITS.maxFiles + 10 }, () => one[0] as (typeof one)[number]),
        413,
        /最多上传 10 张/,
      ],
    ];
    for (const [fields, files, status, message] of cases) {
      const response = await postForm(ctx.app, '/api/mokker/replace', token, fields, files);
      assert.equal(response.statusCode, status, `${JSON.stringify(fields)}: ${response.body}`);
      assert.match(response.json().msg, message);
    }
    assert.equal(await replaceUsed(ctx, token), before);
  });

  it('delivers what the quota allows and says why the rest failed', async () => {
    const fresh = await join(ctx, '13300000002');
    const files = await Promise.all(
      Array.from({ length: DAILY_QUOTAS.free.replace + 2 }, async (_, i) => ({
        name: `${i + 1}.png`,
        bytes: await photo(),
      })),
    );
    const response = await postForm(
      ctx.app,
      '/api/mokker/replace',
      fresh,
      { backgroundId: 'studio-white' },
      files,
    );
    assert.equal(response.statusCode, 200, response.body);
    const { results } = response.json().data;
    assert.equal(results.filter((r: { image?: unknown }) => r.image).length, DAILY_QUOTAS.free.replace);
    assert.match(results.at(-1).error, /今日免费换背景额度（5 张）已用完/);
    assert.match(response.json().msg, /完成 5 张，2 张失败/);

    const again = await postForm(ctx.app, '/api/mokker/replace', fresh, { backgroundId: 'studio-white' }, [
      files[0] as (typeof files)[number],
    ]);
    assert.equal(again.statusCode, 403);
    assert.equal(again.json().code, ResultCode.quotaExceeded);
  });

  it('says what to set when a prompt scene is asked for without a provider', async () => {
    const bare = await buildAccountApp({}, { matting: new CornerColourMatting(), imageGenerator: null });
    try {
      const user = await registerUser(bare, '13300000009', { ip: '10.10.1.1' });
      const response = await postForm(bare.app, '/api/mokker/replace', user, { prompt: '海边' }, [
        { name: 'a.png', bytes: await photo() },
      ]);
      assert.equal(response.statusCode, 503);
      assert.equal(response.json().msg, FEATURE_OFF_TEXT);
    } finally {
      await bare.close();
    }
  });
});
