import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAILY_QUOTAS, ResultCode } from '@chuhai/contract';
import type { GenerationRequest, ImageGenerator } from '../src/providers/image/image-generator.ts';
import { ProviderError } from '../src/providers/provider-error.ts';
import { auth, buildAccountApp, get, post, registerUser, setFreeLimit } from './account-helpers.ts';
import { sampleImage } from './fakes/fake-image-providers.ts';
import { startTestPostgres } from './postgres.ts';

/**
 * AI 绘画 variants: 1 to 4 images per prompt, one use each, all taken before the provider is asked
 * (or none), each failed image refunded on its own, and parallel requests never overspending.
 */
type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

/** A provider that answers each call with a small picture, or fails the calls `fails` picks. */
function scriptedGenerator(fails: (call: number, request: GenerationRequest) => boolean = () => false) {
  const prompts: string[] = [];
  const generator: ImageGenerator & { prompts: string[] } = {
    name: 'sdwebui',
    prompts,
    async generate(request) {
      prompts.push(request.prompt);
      if (fails(prompts.length, request)) throw new ProviderError('upstream', 'the fake failed this one');
      return sampleImage(96, 96);
    },
  };
  return generator;
}

const draw = (ctx: Ctx, token: string, body: Record<string, unknown>) =>
  post(ctx.app, '/api/v1/createImage/', body, auth(token));

async function drawUsed(ctx: Ctx, token: string): Promise<number> {
  const info = (await get(ctx.app, '/api/v1/info', auth(token))).json().data;
  return info.usage.find((u: { feature: string }) => u.feature === 'draw').used;
}

/** The user's draw rows in the usage ledger: +1 per use taken, -1 per refund. */
async function ledger(ctx: Ctx, token: string): Promise<number[]> {
  const info = (await get(ctx.app, '/api/v1/info', auth(token))).json().data;
  const user = await ctx.app.deps.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', info.username)
    .executeTakeFirstOrThrow();
  const rows = await ctx.app.deps.db
    .selectFrom('usage_ledger')
    .select('delta')
    .where('user_id', '=', user.id)
    .where('feature', '=', 'draw')
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.delta));
}

let ip = 0;
const join = (ctx: Ctx, phone: string) => {
  ip += 1;
  return registerUser(ctx, phone, { ip: `10.9.0.${ip}` });
};

describe('AI 绘画 variants', () => {
  let ctx: Ctx;
  let generator: ReturnType<typeof scriptedGenerator>;
  before(async () => {
    // A prompt with [fail-all] fails every image.
    generator = scriptedGenerator((_, request) => request.prompt.includes('[fail-all]'));
    ctx = await buildAccountApp({}, { imageGenerator: generator });
  });
  after(() => ctx.close());

  it('without count draws one image and answers as before, with no group', async () => {
    const token = await join(ctx, '13100001001');
    const response = await draw(ctx, token, { prompt: '白色背景上的蓝牙耳机' });
    assert.equal(response.statusCode, 200, response.body);
    const image = response.json().data;
    assert.equal(image.prompt, '白色背景上的蓝牙耳机');
    assert.equal('group' in image, false);
    assert.deepEqual(await ledger(ctx, token), [1]);
  });

  it('count 2 draws a group of two, takes two uses and keeps both in the gallery', async () => {
    const token = await join(ctx, '13100001002');
    const calls = generator.prompts.length;
    const response = await draw(ctx, token, { prompt: '木桌上的陶瓷杯', imageSize: '1024x1792', count: 2 });
    assert.equal(response.statusCode, 200, response.body);
    const image = response.json().data;
    assert.equal(image.group.requested, 2);
    assert.equal(image.group.images.length, 2);
    assert.deepEqual(image.group.failures, []);
    assert.equal(image.id, image.group.images[0].id, 'the first image is the answer the spec’s call gets');
    assert.notEqual(image.group.images[0].id, image.group.images[1].id);
    assert.ok(image.group.images.every((i: { imageSize: string }) => i.imageSize === '1024x1792'));
    assert.equal(generator.prompts.length - calls, 2, 'the provider was asked once per image');
    assert.deepEqual(await ledger(ctx, token), [1, 1]);
    assert.equal(await drawUsed(ctx, token), 2);
    assert.equal((await get(ctx.app, '/api/v1/getImageList', auth(token))).json().data.total, 2);
  });

  it('rejects a count outside 1 to 4 in Chinese before anything is spent', async () => {
    const token = await join(ctx, '13100001003');
    const calls = generator.prompts.length;
    for (const count of [0, 5, 2.5, -1, 'abc']) {
      const response = await draw(ctx, token, { prompt: '海报', count });
      assert.equal(response.statusCode, 400, `${count}: ${response.body}`);
      assert.equal(response.json().code, ResultCode.badRequest);
      assert.match(response.json().msg, /[\u4e00-\u9fff]/, `${count} gets a Chinese message`);
    }
    assert.equal(
      (await draw(ctx, token, { prompt: '海报', count: 5 })).json().msg,
      '每次可生成 1 到 4 张图片，请重新选择数量',
    );
    assert.equal(generator.prompts.length, calls);
    assert.deepEqual(await ledger(ctx, token), []);
  });

  it('asking for more images than uses left says how many are left and takes nothing', async () => {
    const token = await join(ctx, '13100001004');
    assert.equal((await draw(ctx, token, { prompt: '一张', count: 1 })).statusCode, 200);
    const calls = generator.prompts.length;
    const response = await draw(ctx, token, { prompt: '三张', count: 3 });
    assert.equal(response.statusCode, 403);
    assert.equal(response.json().code, ResultCode.quotaExceeded);
    assert.equal(
      response.json().msg,
      `今日免费 AI 绘画只剩 1 张，本次需要 3 张（开通 VIP 每天可用 ${DAILY_QUOTAS.vip.draw} 张）`,
    );
    assert.equal(response.json().data.limit, DAILY_QUOTAS.free.draw);
    assert.equal(generator.prompts.length, calls, 'the provider was not asked');
    assert.deepEqual(await ledger(ctx, token), [1], 'nothing more was taken');
  });

  it('an image that fails gives back its own use; the rest of the group is delivered', async () => {
    let call = 0;
    const flaky = scriptedGenerator(() => {
      call += 1;
      return call === 2;
    });
    const flakyCtx = await buildAccountApp({}, { imageGenerator: flaky });
    try {
      const token = await join(flakyCtx, '13100001005');
      const response = await draw(flakyCtx, token, { prompt: '圣诞礼盒', count: 2 });
      assert.equal(response.statusCode, 200, response.body);
      const { group } = response.json().data;
      assert.equal(group.images.length, 1);
      assert.equal(group.failures.length, 1);
      assert.equal(group.failures[0].message, 'AI 绘画服务出错了，请稍后再试');
      assert.deepEqual((await ledger(flakyCtx, token)).sort(), [-1, 1, 1], 'two taken, one given back');
      assert.equal(await drawUsed(flakyCtx, token), 1);
    } finally {
      await flakyCtx.close();
    }
  });

  it('when every image fails the answer is the failure, and every use is given back', async () => {
    const token = await join(ctx, '13100001006');
    const response = await draw(ctx, token, { prompt: '[fail-all] 海报', count: 2 });
    assert.equal(response.statusCode, 502);
    assert.equal(response.json().msg, 'AI 绘画服务出错了，请稍后再试');
    assert.equal(await drawUsed(ctx, token), 0);
    assert.deepEqual((await ledger(ctx, token)).sort(), [-1, -1, 1, 1]);
  });
});

describe('AI 绘画 variants on PostgreSQL, requests at once', () => {
  let pg: Awaited<ReturnType<typeof startTestPostgres>>;
  let ctx: Ctx;
  const generator = scriptedGenerator();
  before(async () => {
    pg = await startTestPostgres();
    ctx = await buildAccountApp({ DATABASE_URL: pg.url }, { imageGenerator: generator });
  });
  after(async () => {
    await ctx?.close();
    await pg?.stop();
  });

  it('two requests for 2 images with 3 uses left: one is drawn, the other takes nothing', async () => {
    // The limits' rows are written when the app is ready.
    await ctx.app.ready();
    await setFreeLimit(ctx.app, 'draw', 3);
    const token = await join(ctx, '13100001101');
    const answers = await Promise.all([
      draw(ctx, token, { prompt: '户外露营灯', count: 2 }),
      draw(ctx, token, { prompt: '户外露营灯', count: 2 }),
    ]);
    const codes = answers.map((a) => a.json().code).sort();
    assert.deepEqual(codes, [200, ResultCode.quotaExceeded].sort(), answers.map((a) => a.body).join('\n'));
    assert.match(answers.find((a) => a.json().code !== 200)?.json().msg, /只剩 1 张，本次需要 2 张/);
    assert.equal(generator.prompts.length, 2);
    assert.equal(await drawUsed(ctx, token), 2);
  });

  it('four requests for 4 images each with a quota of 10: at most two are drawn', async () => {
    await setFreeLimit(ctx.app, 'draw', 10);
    const token = await join(ctx, '13100001102');
    const calls = generator.prompts.length;
    // At most two at once per seller: the others are refused with 429 or, when a slot is free, by the quota.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => draw(ctx, token, { prompt: '极简香薰瓶', count: 4 })),
    );
    const drawn = answers.filter((a) => a.json().code === 200).length;
    assert.ok(drawn >= 1 && drawn <= 2, answers.map((a) => a.body).join('\n'));
    assert.equal(await drawUsed(ctx, token), drawn * 4);
    assert.ok(drawn * 4 <= 10, 'never more than the quota');
    assert.equal(generator.prompts.length - calls, drawn * 4);
    assert.ok(
      answers.every((a) =>
        [200, ResultCode.quotaExceeded, ResultCode.tooManyRequests].includes(a.json().code),
      ),
    );
  });
});
