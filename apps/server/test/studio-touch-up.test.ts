import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { MASK_EDITS } from '../src/modules/studio/touch-up.ts';
import { recordEvent } from '../src/modules/throttle/service.ts';
import { auth, buildAccountApp, get, registerUser } from './account-helpers.ts';
import { CornerColourMatting, inkBox, postForm, productPhoto } from './studio-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

const PRODUCT = { left: 500, top: 300, width: 300, height: 200 };

/** A red product with a dark leftover in the corner (a cable, a shelf edge) the matting takes for product. */
async function photoWithLeftover(): Promise<Buffer> {
  const base = await productPhoto({ width: 1200, height: 800, box: PRODUCT });
  const leftover = await sharp({
    create: { width: 160, height: 120, channels: 3, background: '#444444' },
  })
    .png()
    .toBuffer();
  return sharp(base)
    .composite([{ input: leftover, left: 40, top: 600 }])
    .png()
    .toBuffer();
}

/** A greyscale mask PNG: white inside `boxes`, black elsewhere. */
async function maskPng(width: number, height: number, boxes: (typeof PRODUCT)[]): Promise<Buffer> {
  const rects = boxes
    .map((b) => `<rect x="${b.left}" y="${b.top}" width="${b.width}" height="${b.height}" fill="#fff"/>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#000"/>${rects}</svg>`;
  return sharp(Buffer.from(svg)).greyscale().png().toBuffer();
}

async function download(ctx: Ctx, url: string): Promise<Buffer> {
  const response = await ctx.app.inject({ method: 'GET', url });
  assert.equal(response.statusCode, 200, url);
  return response.rawPayload;
}

async function alphaAt(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return [...data.subarray(i, i + 4)];
}

describe('智能做图 · 修补画笔 (/api/v1/remove/mask)', () => {
  let ctx: Ctx;
  let token: string;
  let other: string;
  let cutoutId: number;
  const usedCutouts = async (t: string) =>
    (await get(ctx.app, '/api/v1/info', auth(t)))
      .json()
      .data.usage.find((u: { feature: string }) => u.feature === 'cutout').used;
  const touchUp = (t: string, fields: Record<string, string>, mask?: Buffer) =>
    postForm(
      ctx.app,
      '/api/v1/remove/mask',
      t,
      fields,
      mask ? [{ field: 'file', name: 'mask.png', bytes: mask }] : [],
    );

  before(async () => {
    ctx = await buildAccountApp({}, { matting: new CornerColourMatting() });
    token = await registerUser(ctx, '13300000001', { ip: '10.8.0.1' });
    other = await registerUser(ctx, '13300000002', { ip: '10.8.0.2' });
    const response = await postForm(ctx.app, '/api/v1/remove/remove', token, { preset: 'amazon' }, [
      { name: '杯子.png', bytes: await photoWithLeftover() },
    ]);
    assert.equal(response.statusCode, 200, response.body);
    const { cutout, main } = response.json().data;
    cutoutId = cutout.id;
    // The leftover, a part apart from the product, is kept in the cut-out (to be erased with the
    // brush) but left out of the main image, and the report says so.
    const { width: w, height: h } = await inkBox(await download(ctx, main.image.url));
    assert.ok(Math.abs(w / h - 1.5) < 0.02, `main image frames the product alone (${w}×${h})`);
    const objects = main.check.rules.find((r: { key: string }) => r.key === 'objects');
    assert.equal(objects?.pass, true);
    assert.match(objects?.measured ?? '', /已去掉与商品分开的 1 处/);
  });
  after(() => ctx.close());

  it('erasing the leftover makes a new cut-out and main image with the product alone, free of charge', async () => {
    const before = await usedCutouts(token);
    const response = await touchUp(
      token,
      { cutoutId: String(cutoutId), preset: 'amazon' },
      await maskPng(1200, 800, [PRODUCT]),
    );
    assert.equal(response.statusCode, 200, response.body);
    const { cutout, main } = response.json().data;
    assert.notEqual(cutout.id, cutoutId, 'a new cut-out; the earlier one stays');
    assert.deepEqual(
      await alphaAt(await download(ctx, cutout.url), 100, 650),
      [68, 68, 68, 0],
      'leftover erased',
    );
    assert.equal(main.check.pass, true, JSON.stringify(main.check));
    const { width: w, height: h } = await inkBox(await download(ctx, main.image.url));
    assert.ok(Math.abs(w / h - 1.5) < 0.02, `main image frames the product alone (${w}×${h})`);
    assert.ok(Math.abs(w - 1700) <= 4, `the product fills 85% (${w} px of 2000)`);
    assert.equal(await usedCutouts(token), before, 'edits take no use');
    // The earlier cut-out is untouched.
    const old = (
      await get(ctx.app, '/api/v1/studio/images?kinds=cutout&pageNo=1&pageSize=10', auth(token))
    ).json().data;
    assert.ok(old.list.some((image: { id: number }) => image.id === cutoutId));
  });

  it('restoring brings back the photo’s own pixels where the model had dropped them', async () => {
    const grown = { left: 450, top: 250, width: 400, height: 300 };
    const response = await touchUp(token, { cutoutId: String(cutoutId) }, await maskPng(1200, 800, [grown]));
    assert.equal(response.statusCode, 200, response.body);
    const png = await download(ctx, response.json().data.cutout.url);
    assert.deepEqual(await alphaAt(png, 460, 260), [51, 102, 204, 255], 'the photo’s background, now opaque');
    assert.equal(response.json().data.main.preset, 'amazon', 'Amazon when no preset is named');
  });

  it('with main=0 (换背景’s 修补) makes only the new cut-out, no main image', async () => {
    const before = await usedCutouts(token);
    const response = await touchUp(
      token,
      { cutoutId: String(cutoutId), main: '0' },
      await maskPng(1200, 800, [PRODUCT]),
    );
    assert.equal(response.statusCode, 200, response.body);
    const { cutout, main } = response.json().data;
    assert.ok(cutout.id > cutoutId);
    assert.equal(main, undefined);
    assert.deepEqual(await alphaAt(await download(ctx, cutout.url), 100, 650), [68, 68, 68, 0]);
    assert.equal(await usedCutouts(token), before, 'free, as every 修补');
    const bad = await touchUp(
      token,
      { cutoutId: String(cutoutId), main: 'yes' },
      await maskPng(1200, 800, [PRODUCT]),
    );
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().msg, /main 只能是/);
  });

  it('refuses what is not a mask of this cut-out, and another seller’s cut-out, before doing anything', async () => {
    const before = await usedCutouts(token);
    const wrongSize = await touchUp(
      token,
      { cutoutId: String(cutoutId) },
      await maskPng(600, 400, [PRODUCT]),
    );
    assert.equal(wrongSize.statusCode, 400);
    assert.match(wrongSize.json().msg, /修补后的蒙版是 600×400，抠图是 1200×800/);
    const text = await touchUp(token, { cutoutId: String(cutoutId) }, Buffer.from('not an image at all'));
    assert.equal(text.statusCode, 415);
    const none = await touchUp(token, { cutoutId: String(cutoutId) });
    assert.equal(none.statusCode, 400);
    assert.match(none.json().msg, /请上传修补后的蒙版/);
    const badId = await touchUp(token, { cutoutId: 'abc' }, await maskPng(1200, 800, [PRODUCT]));
    assert.equal(badId.statusCode, 400);
    const empty = await touchUp(token, { cutoutId: String(cutoutId) }, await maskPng(1200, 800, []));
    assert.equal(empty.statusCode, 400);
    assert.match(empty.json().msg, /没有剩下产品/);
    const theirs = await touchUp(other, { cutoutId: String(cutoutId) }, await maskPng(1200, 800, [PRODUCT]));
    assert.equal(theirs.statusCode, 404);
    const anonymous = await touchUp('', { cutoutId: String(cutoutId) }, await maskPng(1200, 800, [PRODUCT]));
    assert.equal(anonymous.statusCode, 401);
    assert.equal(await usedCutouts(token), before);
  });

  it('runs one edit at a time per seller: a second sent meanwhile is answered 429 and not counted', async () => {
    const mask = await maskPng(1200, 800, [PRODUCT]);
    const answers = await Promise.all(
      [1, 2, 3].map(() => touchUp(token, { cutoutId: String(cutoutId), preset: 'amazon' }, mask)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    assert.deepEqual(codes, [200, 429, 429], answers.map((a) => a.body).join('\n'));
    for (const refused of answers.filter((a) => a.statusCode === 429))
      assert.equal(refused.json().msg, '上一次修补还没完成，请等它完成后再试');
    const again = await touchUp(token, { cutoutId: String(cutoutId), preset: 'amazon' }, mask);
    assert.equal(again.statusCode, 200, 'the slot is free once the edit is done');
  });

  it('answers 429 with the wait past the hourly number of edits', async () => {
    const user = await ctx.app.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', '13300000002')
      .executeTakeFirstOrThrow();
    const now = ctx.clock.now();
    for (let i = 0; i < MASK_EDITS.limit; i += 1)
      await recordEvent(ctx.app.db, MASK_EDITS, String(user.id), now);
    const ownCutout = await postForm(ctx.app, '/api/v1/remove/remove', other, {}, [
      { name: 'a.png', bytes: await productPhoto({ width: 1200, height: 800, box: PRODUCT }) },
    ]);
    const id = ownCutout.json().data.cutout.id;
    const refused = await touchUp(other, { cutoutId: String(id) }, await maskPng(1200, 800, [PRODUCT]));
    assert.equal(refused.statusCode, 429);
    assert.match(refused.json().msg, /修补太频繁了，请 (\d+ 分钟|1 小时)后再试/);
  });
});
