import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { DAILY_QUOTAS, type MainImageReport, type MainImageRule, ResultCode } from '@chuhai/contract';
import sharp from 'sharp';
import { auth, buildAccountApp, get, registerUser } from './account-helpers.ts';
import { CornerColourMatting, postForm, productPhoto } from './studio-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

let ip = 0;
const join = (ctx: Ctx, phone: string) => {
  ip += 1;
  return registerUser(ctx, phone, { ip: `10.9.0.${ip}` });
};

async function used(ctx: Ctx, token: string, feature: 'cutout' | 'replace'): Promise<number> {
  const info = (await get(ctx.app, '/api/v1/info', auth(token))).json().data;
  return info.usage.find((u: { feature: string }) => u.feature === feature).used;
}

async function download(ctx: Ctx, url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  assert.equal(response.statusCode, 200, url);
  return response.rawPayload;
}

/** The pixel at (x, y) as [r, g, b, a]. */
async function pixel(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return [...data.subarray(i, i + 4)];
}

const near = (actual: number[], expected: number[], tolerance = 6) =>
  expected.every((value, i) => Math.abs((actual[i] as number) - value) <= tolerance);

describe('智能做图 · 抠图 (/api/v1/remove/remove)', () => {
  const matting = new CornerColourMatting();
  let ctx: Ctx;
  let token: string;
  before(async () => {
    ctx = await buildAccountApp({}, { matting });
    token = await join(ctx, '13200000001');
  });
  after(() => ctx.close());
  beforeEach(() => {
    matting.next = 'ok';
  });

  it('cuts out the product, checks the photo, and makes an Amazon main image that passes', async () => {
    const photo = await productPhoto({
      width: 1200,
      height: 800,
      box: { left: 500, top: 300, width: 300, height: 200 },
    });
    const response = await postForm(ctx.app, '/api/v1/remove/remove', token, { preset: 'amazon' }, [
      { name: '耳机.png', bytes: photo },
    ]);
    assert.equal(response.statusCode, 200, response.body);
    const { cutout, check, main } = response.json().data;

    const png = await download(ctx, cutout.url);
    assert.deepEqual([cutout.width, cutout.height], [1200, 800]);
    assert.deepEqual(await pixel(png, 10, 10), [51, 102, 204, 0], 'background is transparent');
    assert.ok(near(await pixel(png, 650, 400), [221, 34, 34, 255]), 'product stays opaque');

    // The photo as uploaded: blue background, product 25% of the width, not square.
    const rule = (report: MainImageReport, key: string) =>
      report.rules.find((r) => r.key === key) as MainImageRule;
    assert.equal(check.pass, false);
    assert.equal(rule(check, 'background').pass, false);
    assert.match(rule(check, 'background').measured, /背景 0% 为纯白/);
    assert.equal(rule(check, 'fill').measured, '产品占 25%');
    assert.equal(rule(check, 'size').pass, false);
    assert.equal(rule(check, 'square').pass, false);

    assert.equal(main.preset, 'amazon');
    assert.deepEqual([main.image.width, main.image.height], [2000, 2000]);
    assert.equal(main.check.pass, true, JSON.stringify(main.check));
    assert.match(rule(main.check, 'fill').measured, /产品占 8[4-6](\.\d)?%/);
    const jpeg = await download(ctx, main.image.url);
    assert.deepEqual((await sharp(jpeg).metadata()).format, 'jpeg');
    assert.deepEqual(await pixel(jpeg, 5, 5), [255, 255, 255, 255], 'pure white corner');
    assert.ok(near(await pixel(jpeg, 1000, 1000), [221, 34, 34, 255], 8), 'product in the middle');
    assert.equal(await used(ctx, token, 'cutout'), 1, 'one processed image is one use');
  });

  it('makes a main image in another size from the stored cut-out (the one-click fix)', async () => {
    const photo = await productPhoto({
      width: 600,
      height: 600,
      box: { left: 100, top: 100, width: 100, height: 300 },
    });
    const first = (
      await postForm(ctx.app, '/api/v1/remove/remove', token, {}, [{ name: 'a.png', bytes: photo }])
    ).json().data;
    assert.equal(first.main, undefined, 'no main image unless asked');
    const before = await used(ctx, token, 'cutout');
    const calls = matting.calls;
    const fixed = await postForm(ctx.app, '/api/v1/remove/remove', token, {
      cutoutId: String(first.cutout.id),
      preset: 'shopee',
    });
    assert.equal(fixed.statusCode, 200, fixed.body);
    const { main } = fixed.json().data;
    assert.deepEqual([main.image.width, main.image.height], [1024, 1024]);
    assert.equal(main.check.pass, true);
    assert.equal(matting.calls, calls, 'the stored cut-out is not matted again');
    assert.equal(await used(ctx, token, 'cutout'), before + 1);

    const other = await join(ctx, '13200000002');
    const stolen = await postForm(ctx.app, '/api/v1/remove/remove', other, {
      cutoutId: String(first.cutout.id),
    });
    assert.equal(stolen.statusCode, 404);
    assert.equal(await used(ctx, other, 'cutout'), 0, 'a refused fix costs nothing');
  });

  it('refuses bad uploads with 413 or 415 before using anything', async () => {
    const before = await used(ctx, token, 'cutout');
    const calls = matting.calls;
    const photo = await productPhoto({
      width: 200,
      height: 200,
      box: { left: 50, top: 50, width: 100, height: 100 },
    });
    const cases: [string, Buffer, number, RegExp][] = [
      ['报价.jpg', Buffer.from('这不是图片，只是改了扩展名的文本'), 415, /改了扩展名/],
      ['logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'), 415, /SVG/],
      ['空.png', Buffer.alloc(0), 415, /空文件/],
      ['半张.png', photo.subarray(0, Math.floor(photo.length / 2)), 415, /损坏或不完整/],
      ['大.jpg', Buffer.alloc(10 * 1024 * 1024 + 1, 0xff), 413, /10 MB/],
    ];
    for (const [name, bytes, status, message] of cases) {
      const response = await postForm(ctx.app, '/api/v1/remove/remove', token, {}, [{ name, bytes }]);
      assert.equal(response.statusCode, status, `${name}: ${response.body}`);
      assert.match(response.json().msg, message, name);
    }
    assert.equal((await postForm(ctx.app, '/api/v1/remove/remove', token, {})).statusCode, 400, 'no file');
    const badPreset = await postForm(ctx.app, '/api/v1/remove/remove', token, { preset: 'etsy' }, [
      { name: 'a.png', bytes: photo },
    ]);
    assert.equal(badPreset.statusCode, 400);
    assert.match(badPreset.json().msg, /amazon/);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/remove/remove',
      payload: { file: 'x' },
      headers: { ...auth(token), 'x-token': 'x' },
    });
    assert.ok([400, 401, 403].includes(json.statusCode));
    assert.equal(await used(ctx, token, 'cutout'), before);
    assert.equal(matting.calls, calls, 'nothing reached the model');
  });

  it('reports each stage as it starts when asked for an event stream, then the same result', async () => {
    const photo = await productPhoto({
      width: 600,
      height: 400,
      box: { left: 250, top: 150, width: 150, height: 100 },
    });
    const events = (body: string) =>
      body
        .split('\n\n')
        .filter((frame) => frame.startsWith('event:'))
        .map((frame) => {
          const [event, data] = frame.split('\n');
          return { event: event?.slice(7), data: JSON.parse(data?.slice(6) ?? 'null') };
        });
    const stream = { accept: 'text/event-stream' };
    const made = await postForm(
      ctx.app,
      '/api/v1/remove/remove',
      token,
      { preset: 'shopee' },
      [{ name: 'a.png', bytes: photo }],
      stream,
    );
    assert.equal(made.statusCode, 200);
    assert.match(String(made.headers['content-type']), /^text\/event-stream/);
    const seen = events(made.body);
    assert.deepEqual(
      seen.slice(0, 3).map((e) => e.data.stage),
      ['matting', 'main', 'check'],
    );
    const result = seen.at(-1);
    assert.equal(result?.event, 'result');
    assert.equal(result?.data.code, 200);
    assert.equal(result?.data.data.main.preset, 'shopee');
    assert.equal(result?.data.data.main.check.pass, true);

    // A failure once streaming is the last event, with the code and message the JSON answer has.
    const before = await used(ctx, token, 'cutout');
    matting.next = 'fail';
    const failed = await postForm(
      ctx.app,
      '/api/v1/remove/remove',
      token,
      {},
      [{ name: 'a.png', bytes: photo }],
      stream,
    );
    const last = events(failed.body).at(-1);
    assert.deepEqual([last?.event, last?.data.code], ['result', 502]);
    assert.match(last?.data.msg, /不扣次数/);
    assert.equal(await used(ctx, token, 'cutout'), before);
    // Refused before anything runs: a plain JSON answer with its status, no stream.
    const bad = await postForm(
      ctx.app,
      '/api/v1/remove/remove',
      token,
      { preset: 'nowhere' },
      [{ name: 'a.png', bytes: photo }],
      stream,
    );
    assert.equal(bad.statusCode, 400);
  });

  it('gives the use back when matting fails, and answers 429 with the wait when the queue is full', async () => {
    const photo = await productPhoto({
      width: 300,
      height: 300,
      box: { left: 100, top: 100, width: 100, height: 100 },
    });
    const before = await used(ctx, token, 'cutout');
    matting.next = 'fail';
    const failed = await postForm(ctx.app, '/api/v1/remove/remove', token, {}, [
      { name: 'a.png', bytes: photo },
    ]);
    assert.equal(failed.statusCode, 502);
    assert.match(failed.json().msg, /不扣次数/);
    matting.next = 'busy';
    const busy = await postForm(ctx.app, '/api/v1/remove/remove', token, {}, [
      { name: 'a.png', bytes: photo },
    ]);
    assert.equal(busy.statusCode, 429);
    assert.equal(busy.headers['retry-after'], '7');
    assert.equal(busy.json().data.retryAfter, 7);
    const blank = await productPhoto({
      width: 300,
      height: 300,
      box: { left: 0, top: 0, width: 0, height: 0 },
    });
    const empty = await postForm(ctx.app, '/api/v1/remove/remove', token, {}, [
      { name: 'blank.png', bytes: blank },
    ]);
    assert.equal(empty.statusCode, 400);
    assert.match(empty.json().msg, /没有在图片里找到产品/);
    assert.equal(await used(ctx, token, 'cutout'), before);
  });

  it('needs a session, and stops at the free daily quota', async () => {
    const photo = await productPhoto({
      width: 300,
      height: 300,
      box: { left: 100, top: 100, width: 100, height: 100 },
    });
    const anonymous = await postForm(ctx.app, '/api/v1/remove/remove', null, {}, [
      { name: 'a.png', bytes: photo },
    ]);
    assert.equal(anonymous.statusCode, 401);
    const fresh = await join(ctx, '13200000003');
    for (let i = 0; i < DAILY_QUOTAS.free.cutout; i += 1) {
      const ok = await postForm(ctx.app, '/api/v1/remove/remove', fresh, {}, [
        { name: 'a.png', bytes: photo },
      ]);
      assert.equal(ok.statusCode, 200, ok.body);
    }
    const over = await postForm(ctx.app, '/api/v1/remove/remove', fresh, {}, [
      { name: 'a.png', bytes: photo },
    ]);
    assert.equal(over.statusCode, 403);
    assert.equal(over.json().code, ResultCode.quotaExceeded);
    assert.equal(over.json().data.feature, 'cutout');
  });
});
