import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAILY_QUOTAS, FEATURE_OFF_TEXT, ResultCode } from '@chuhai/contract';
import { imageInfo } from '../src/lib/image-size.ts';
import { auth, buildAccountApp, get, post, registerUser } from './account-helpers.ts';
import { type FakeImageProviders, startFakeImageProviders } from './fakes/fake-image-providers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

async function drawUsed(ctx: Ctx, token: string): Promise<number> {
  const info = (await get(ctx.app, '/api/v1/info', auth(token))).json().data;
  return info.usage.find((u: { feature: string }) => u.feature === 'draw').used;
}

function draw(ctx: Ctx, token: string, body: Record<string, unknown>) {
  return post(ctx.app, '/api/v1/createImage/', body, auth(token));
}

async function fetchFile(ctx: Ctx, url: string) {
  return ctx.app.inject({ method: 'GET', url });
}

let ip = 0;
const join = (ctx: Ctx, phone: string) => {
  ip += 1;
  return registerUser(ctx, phone, { ip: `10.8.0.${ip}` });
};

for (const provider of ['openai', 'dashscope', 'sdwebui'] as const) {
  describe(`AI 绘画 with IMAGE_PROVIDER=${provider} against a fake`, () => {
    let fake: FakeImageProviders;
    let ctx: Ctx;
    let token: string;
    before(async () => {
      fake = await startFakeImageProviders();
      ctx = await buildAccountApp(
        {
          IMAGE_PROVIDER: provider,
          IMAGE_BASE_URL: provider === 'openai' ? `${fake.url}/v1` : fake.url,
          IMAGE_API_KEY: 'img-key',
          IMAGE_MODEL: provider === 'sdwebui' ? '' : 'fake-model',
        },
        { imagePollMs: 10 },
      );
      token = await join(ctx, '13100000001');
    });
    after(async () => {
      await ctx.close();
      await fake.close();
    });

    it('draws, stores the image, and lists it in the gallery with a link only the owner gets', async () => {
      const response = await draw(ctx, token, {
        prompt: '白色背景上的蓝牙耳机，产品摄影',
        imageSize: '1024x1792',
      });
      assert.equal(response.statusCode, 200, response.body);
      const image = response.json().data;
      assert.equal(image.imageSize, '1024x1792');
      assert.match(image.url, /^\/files\/u\/\d+\/draw\/[\w-]+\.png\?exp=\d+&sig=/);
      const file = await fetchFile(ctx, image.url);
      assert.equal(file.statusCode, 200);
      assert.equal(file.headers['content-type'], 'image/png');
      const info = imageInfo(file.rawPayload);
      assert.equal(info?.width, image.width);
      assert.ok(image.height > image.width, 'portrait');
      assert.equal(await drawUsed(ctx, token), 1);

      const gallery = (await get(ctx.app, '/api/v1/getImageList', auth(token))).json().data;
      assert.equal(gallery.total, 1);
      assert.equal(gallery.list[0].prompt, '白色背景上的蓝牙耳机，产品摄影');

      const other = await join(ctx, '13100000002');
      assert.equal((await get(ctx.app, '/api/v1/getImageList', auth(other))).json().data.total, 0);
      const forged = image.url.replace(/sig=[^&]+/, 'sig=AAAA');
      assert.equal((await fetchFile(ctx, forged)).statusCode, 403);
      const otherKey = image.url.replace(/\/u\/\d+\//, '/u/999/');
      assert.equal(
        (await fetchFile(ctx, otherKey)).statusCode,
        403,
        'a link cannot be moved to another file',
      );
    });

    if (provider === 'openai') {
      it('sends the size and model, and follows a result URL', async () => {
        await draw(ctx, token, { prompt: '[url] 夏日海滩' });
        const request = fake.requests.findLast((r) => r.path === '/v1/images/generations');
        assert.equal(request?.body.size, '1024x1024', 'the default size');
        assert.equal(request?.body.model, 'fake-model');
        assert.equal(request?.authorization, 'Bearer img-key');
        assert.ok(
          fake.requests.some((r) => r.path.startsWith('/result/')),
          'the URL was downloaded and kept',
        );
      });

      it('a content-policy refusal is 200004 and refunds; a bad key is 503 and refunds', async () => {
        const fresh = await join(ctx, '13100000003');
        const policy = await draw(ctx, fresh, { prompt: '[policy] 某画面' });
        assert.equal(policy.json().code, ResultCode.contentRejected);
        const key = await draw(ctx, fresh, { prompt: '[401] 某画面' });
        assert.equal(key.statusCode, 503);
        assert.equal(key.json().msg, FEATURE_OFF_TEXT, 'the key problem is the operator’s, in the log');
        assert.equal(await drawUsed(ctx, fresh), 0);
      });
    }

    if (provider === 'dashscope') {
      it('polls the task through PENDING and RUNNING; a FAILED task refunds', async () => {
        const polls = fake.requests.filter((r) => r.path.startsWith('/api/v1/tasks/')).length;
        assert.ok(polls >= 3, `polled ${polls} times`);
        const create = fake.requests.find((r) => r.path.endsWith('image-synthesis'));
        assert.deepEqual(create?.body.parameters, { size: '810*1440', n: 1 });
        const before = await drawUsed(ctx, token);
        const failed = await draw(ctx, token, { prompt: '[fail] 失败的任务' });
        assert.equal(failed.statusCode, 502);
        assert.equal(await drawUsed(ctx, token), before);
      });
    }

    if (provider === 'sdwebui') {
      it('asks SD WebUI for a size it handles well', async () => {
        const request = fake.requests.find((r) => r.path === '/sdapi/v1/txt2img');
        assert.deepEqual([request?.body.width, request?.body.height], [768, 1344]);
      });
    }
  });
}

describe('AI 绘画 refusals', () => {
  let ctx: Ctx;
  let token: string;
  let fake: FakeImageProviders;
  before(async () => {
    fake = await startFakeImageProviders();
    ctx = await buildAccountApp({ IMAGE_PROVIDER: 'sdwebui', IMAGE_BASE_URL: fake.url });
    token = await join(ctx, '13100000010');
  });
  after(async () => {
    await ctx.close();
    await fake.close();
  });

  it('bad prompts and sizes get 400 in Chinese; blocked words 200004; none of it costs a use', async () => {
    assert.equal((await draw(ctx, token, { prompt: '  ' })).json().msg, '请描述想要生成的画面');
    assert.match((await draw(ctx, token, { prompt: '画'.repeat(1001) })).json().msg, /最多 1000 个字/);
    const size = await draw(ctx, token, { prompt: '海报', imageSize: '512x512' });
    assert.equal(size.statusCode, 400);
    assert.match(size.json().msg, /1024x1024（方图 1:1）/);
    assert.equal(
      (await draw(ctx, token, { prompt: '代开发票的海报' })).json().code,
      ResultCode.contentRejected,
    );
    assert.equal(await drawUsed(ctx, token), 0);
  });

  it(`after ${DAILY_QUOTAS.free.draw} free drawings a day the next gets 200002`, async () => {
    for (let i = 0; i < DAILY_QUOTAS.free.draw; i += 1)
      assert.equal((await draw(ctx, token, { prompt: `图 ${i}` })).statusCode, 200);
    assert.equal((await draw(ctx, token, { prompt: '再来一张' })).json().code, ResultCode.quotaExceeded);
  });

  it('deleting a drawing removes its file; others’ ids are ignored', async () => {
    const gallery = (await get(ctx.app, '/api/v1/getImageList', auth(token))).json().data;
    const [first] = gallery.list;
    const deleted = await get(ctx.app, `/api/v1/deleteImage?ids=${first.id}`, auth(token));
    assert.equal(deleted.json().data.deleted, 1);
    assert.equal((await fetchFile(ctx, first.url)).statusCode, 404);
  });

  it('not configured: the config says what to set and createImage answers 503', async () => {
    const bare = await buildAccountApp();
    try {
      const config = (await get(bare.app, '/api/v1/getDrawConfig')).json().data;
      assert.equal(config.configured, false);
      assert.equal(config.hint, FEATURE_OFF_TEXT);
      const userToken = await registerUser(bare, '13100000020');
      const response = await draw(bare, userToken, { prompt: '海报' });
      assert.equal(response.statusCode, 503);
      assert.equal(response.json().msg, FEATURE_OFF_TEXT);
    } finally {
      await bare.close();
    }
  });

  it('draws at most two at once per user: a third at the same time gets 429 and costs nothing', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    let calls = 0;
    const slow = {
      name: 'sdwebui' as const,
      async generate() {
        calls += 1;
        await gate;
        return png;
      },
    };
    const gated = await buildAccountApp({}, { imageGenerator: slow });
    try {
      const vip = await registerUser(gated, '13100000030', { ip: '10.8.1.1' });
      const first = draw(gated, vip, { prompt: '白底耳机' });
      const second = draw(gated, vip, { prompt: '木桌上的杯子' });
      while (calls < 2) await new Promise((r) => setTimeout(r, 10));
      const third = await draw(gated, vip, { prompt: '海边的草帽' });
      assert.equal(third.statusCode, 429);
      assert.match(third.json().msg, /最多同时进行 2 次生成/);
      assert.equal(calls, 2, 'the third never reached the provider');
      release();
      assert.deepEqual([(await first).statusCode, (await second).statusCode], [200, 200]);
      assert.equal(await drawUsed(gated, vip), 2);
    } finally {
      await gated.close();
    }
  });
});
