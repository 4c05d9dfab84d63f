import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CutoutWork, ReplaceWork, StudioImage } from '@chuhai/contract';
import sharp from 'sharp';
import { auth, buildAccountApp, get, post, registerUser, requestCode } from './account-helpers.ts';
import { usePostgres } from './postgres-app.ts';
import { CornerColourMatting, postForm, productPhoto } from './studio-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;
const DAY = 86_400_000;
const PRODUCT = { left: 200, top: 150, width: 240, height: 160 };
const SIZE = { width: 640, height: 480 };

/** A greyscale mask PNG: white inside `box`, black elsewhere (修补's brush, done). */
function maskPng(box: typeof PRODUCT): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE.width}" height="${SIZE.height}">` +
    `<rect width="100%" height="100%" fill="#000"/>` +
    `<rect x="${box.left}" y="${box.top}" width="${box.width}" height="${box.height}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).greyscale().png().toBuffer();
}

/**
 * 继续编辑 for 抠图 and 换背景: a work opens again as last left (the brushed cut-out, the 主图尺寸,
 * the background and its placement) for its owner only, costs nothing, and goes with its pictures
 * (expiry, deletion, 注销); it is in 导出我的数据.
 */
function worksSuite(ctx: () => Ctx) {
  let alice: string;
  let bob: string;
  let phone = 13600008000;
  before(async () => {
    alice = await registerUser(ctx(), String(phone++), { ip: '10.72.0.1' });
    bob = await registerUser(ctx(), String(phone++), { ip: '10.72.0.2' });
  });

  const cutOut = async (token: string, preset = 'tiktok') => {
    const photo = await productPhoto({ ...SIZE, box: PRODUCT });
    const answered = await postForm(ctx().app, '/api/v1/remove/remove', token, { preset }, [
      { name: '保温杯.png', bytes: photo },
    ]);
    assert.equal(answered.statusCode, 200, answered.body);
    return answered.json().data;
  };
  const touchUp = async (token: string, cutoutId: number, main: '1' | '0' = '1') => {
    const mask = await maskPng({ ...PRODUCT, width: PRODUCT.width - 40 });
    const answered = await postForm(
      ctx().app,
      '/api/v1/remove/mask',
      token,
      { cutoutId: String(cutoutId), preset: 'tiktok', main },
      [{ field: 'file', name: 'mask.png', bytes: mask }],
    );
    assert.equal(answered.statusCode, 200, answered.body);
    return answered.json().data;
  };
  const replace = async (token: string, cutoutId: number) => {
    const answered = await postForm(ctx().app, '/api/mokker/replace', token, {
      cutoutIds: String(cutoutId),
      color: '#DCEBFA',
      scale: '0.6',
      x: '0.4',
      y: '0.8',
      shadow: '0',
    });
    assert.equal(answered.statusCode, 200, answered.body);
    return answered.json().data.results[0];
  };
  const open = (token: string, id: number) => get(ctx().app, `/api/v1/studio/works/${id}`, auth(token));
  const recent = async (token: string) =>
    (await get(ctx().app, '/api/v1/studio/images', auth(token))).json().data.list as StudioImage[];
  const used = async (token: string) => {
    const usage = (await get(ctx().app, '/api/v1/info', auth(token))).json().data.usage as {
      feature: string;
      used: number;
    }[];
    return Object.fromEntries(usage.map((u) => [u.feature, u.used]));
  };
  const fetched = (url: string) => ctx().app.inject({ method: 'GET', url });
  const rowsOf = (id: number) =>
    ctx().app.db.selectFrom('studio_works').select('id').where('id', '=', id).execute();

  it('opens the owner’s cut-out with its photo, 主图尺寸 and checks, free, and is a 404 for anyone else', async () => {
    const made = await cutOut(alice);
    assert.ok(made.workId > 0);
    const before = await used(alice);
    const opened = await open(alice, made.workId);
    assert.equal(opened.statusCode, 200, opened.body);
    const work: CutoutWork = opened.json().data;
    assert.equal(work.tool, 'cutout');
    assert.equal(work.name, '保温杯.png');
    assert.equal(work.cutout.id, made.cutout.id);
    assert.equal(work.touchedUp, false);
    assert.equal(work.preset, 'tiktok');
    assert.equal(work.makeMain, true);
    assert.deepEqual(work.check, made.check);
    assert.equal(work.main?.image.id, made.main.image.id);
    assert.deepEqual(work.main?.check, made.main.check);
    assert.equal(work.main?.allParts, false);
    // The photo is the cut-out without its transparency: the blue background is back.
    const photo = await fetched(work.photoUrl);
    assert.equal(photo.statusCode, 200);
    assert.equal(photo.headers['content-type'], 'image/jpeg');
    const { data, info } = await sharp(photo.rawPayload).raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual([info.width, info.height, info.channels], [SIZE.width, SIZE.height, 3]);
    assert.ok((data[2] as number) > 150 && (data[0] as number) < 100, 'the corner is the photo’s blue');
    assert.deepEqual(await used(alice), before, 'opening costs nothing');

    const stolen = await open(bob, made.workId);
    assert.equal(stolen.statusCode, 404);
    assert.doesNotMatch(stolen.body, /保温杯|tiktok/);
    assert.equal((await open(alice, made.workId + 1000)).statusCode, 404);
    assert.equal((await get(ctx().app, `/api/v1/studio/works/${made.workId}`)).statusCode, 401);
    assert.equal((await open(alice, 0)).statusCode, 400);

    const listed = await recent(alice);
    const cutoutCard = listed.find((image) => image.id === made.cutout.id);
    const mainCard = listed.find((image) => image.id === made.main.image.id);
    assert.equal(cutoutCard?.workId, made.workId);
    assert.equal(cutoutCard?.workTool, 'cutout');
    assert.equal(mainCard?.workId, made.workId);
    // The cards say what they are: the photo's name; the main image's marketplace and check.
    assert.deepEqual(cutoutCard?.about, { name: '保温杯.png' });
    assert.deepEqual(mainCard?.about, {
      name: '保温杯.png',
      preset: 'tiktok',
      mainPass: made.main.check.pass,
    });
    assert.equal((await recent(bob)).length, 0);
  });

  it('opens the latest brushed cut-out and main image; 一键修正 and 「这些都是商品」 are kept too', async () => {
    const made = await cutOut(alice);
    const brushed = await touchUp(alice, made.cutout.id);
    assert.equal(brushed.workId, made.workId);
    const before = await used(alice);
    const work: CutoutWork = (await open(alice, made.workId)).json().data;
    assert.equal(work.cutout.id, brushed.cutout.id);
    assert.equal(work.touchedUp, true);
    assert.equal(work.main?.image.id, brushed.main.image.id);
    const listed = await recent(alice);
    const latest = listed.find((image) => image.id === brushed.cutout.id);
    assert.equal(latest?.workId, made.workId);
    assert.equal(latest?.earlier, undefined);
    assert.equal(latest?.about?.name, '保温杯.png', 'the brushed cut-out keeps the photo’s name');
    // The pictures before 修补 still open the work (打开), as earlier ones.
    for (const id of [made.cutout.id, made.main.image.id]) {
      const card = listed.find((image) => image.id === id);
      assert.equal(card?.workId, made.workId);
      assert.equal(card?.workTool, 'cutout');
      assert.equal(card?.earlier, true);
    }

    const kept = await postForm(ctx().app, '/api/v1/remove/remove', alice, {
      cutoutId: String(brushed.cutout.id),
      preset: 'amazon',
      allParts: '1',
    });
    assert.equal(kept.statusCode, 200, kept.body);
    assert.equal(kept.json().data.workId, made.workId);
    const after: CutoutWork = (await open(alice, made.workId)).json().data;
    assert.equal(after.main?.image.id, kept.json().data.main.image.id);
    assert.equal(after.main?.preset, 'amazon');
    assert.equal(after.main?.allParts, true);
    assert.equal(after.cutout.id, brushed.cutout.id, 'still the brushed cut-out');
    assert.equal((await used(alice)).cutout, (before.cutout ?? 0) + 1, 'the fix is one use, as before');

    // Another seller cannot brush it (the cut-out is not theirs), nor move the work.
    const theirs = await postForm(
      ctx().app,
      '/api/v1/remove/mask',
      bob,
      { cutoutId: String(brushed.cutout.id) },
      [{ field: 'file', name: 'mask.png', bytes: await maskPng(PRODUCT) }],
    );
    assert.equal(theirs.statusCode, 404);
    assert.equal(((await open(alice, made.workId)).json().data as CutoutWork).cutout.id, brushed.cutout.id);
  });

  it('opens a 换背景 result with its cut-out, background and placement; its 修补 moves it to the brushed cut-out', async () => {
    const made = await cutOut(alice);
    const brushed = await touchUp(alice, made.cutout.id);
    const result = await replace(alice, brushed.cutout.id);
    assert.ok(result.workId > 0 && result.image);
    const before = await used(alice);
    const work: ReplaceWork = (await open(alice, result.workId)).json().data;
    assert.equal(work.tool, 'replace');
    assert.equal(work.name, '保温杯.png', 'named after the photo 抠图 cut');
    assert.equal(work.cutout.id, brushed.cutout.id);
    assert.equal(work.touchedUp, true);
    assert.equal(work.result.id, result.image.id);
    assert.deepEqual(work.background, { kind: 'color', color: '#DCEBFA' });
    assert.deepEqual(work.placement, { scale: 0.6, x: 0.4, y: 0.8, shadow: false });
    assert.equal((await fetched(work.photoUrl)).statusCode, 200);
    assert.equal((await fetched(work.result.url)).statusCode, 200);
    assert.equal((await open(bob, result.workId)).statusCode, 404);
    const listed = await recent(alice);
    const card = listed.find((i) => i.id === result.image.id);
    assert.equal(card?.workId, result.workId);
    assert.equal(card?.workTool, 'replace');
    assert.equal(card?.about?.name, '保温杯.png');
    // The brushed cut-out is the 抠图 work's: its card opens that work, not the 换背景 one.
    assert.equal(listed.find((i) => i.id === brushed.cutout.id)?.workTool, 'cutout');

    // 换背景's 修补 (no main image): this work opens with the new cut-out; the 抠图 work keeps its own.
    const again = await touchUp(alice, brushed.cutout.id, '0');
    assert.equal(again.main, undefined);
    const moved: ReplaceWork = (await open(alice, result.workId)).json().data;
    assert.equal(moved.cutout.id, again.cutout.id);
    assert.deepEqual(moved.placement, work.placement);
    const cutoutWork: CutoutWork = (await open(alice, made.workId)).json().data;
    assert.equal(cutoutWork.cutout.id, brushed.cutout.id);
    assert.deepEqual(await used(alice), before, 'opening and 修补 cost nothing');
  });

  it('is kept as long as its latest picture, then goes with its pictures', async () => {
    const made = await cutOut(alice);
    ctx().clock.advance(6 * DAY);
    const result = await replace(alice, made.cutout.id);
    // Day 9: the cut-out is past its own 7 days, kept for the 换背景 work made on day 6.
    ctx().clock.advance(3 * DAY);
    const late = await open(alice, result.workId);
    assert.equal(late.statusCode, 200, late.body);
    assert.equal((await fetched(late.json().data.cutout.url)).statusCode, 200);
    assert.equal((await open(alice, made.workId)).statusCode, 404, 'the 抠图 work’s own 7 days are over');
    // Day 14: past the result's 7 days too.
    ctx().clock.advance(5 * DAY);
    const expired = await open(alice, result.workId);
    assert.equal(expired.statusCode, 404);
    assert.match(expired.json().msg, /已过期或已删除/);
    await ctx().app.jobs.run('images.purge-expired');
    assert.equal((await rowsOf(result.workId)).length, 0, 'the work went with its pictures');
    assert.equal((await rowsOf(made.workId)).length, 0);
  });

  it('goes when the seller deletes its picture from 最近作品', async () => {
    const made = await cutOut(alice);
    const result = await replace(alice, made.cutout.id);
    const deleted = await get(
      ctx().app,
      `/api/v1/studio/deleteImages?ids=${result.image.id},${made.main.image.id}`,
      auth(alice),
    );
    assert.equal(deleted.statusCode, 200, deleted.body);
    assert.equal((await open(alice, result.workId)).statusCode, 404);
    assert.equal((await open(alice, made.workId)).statusCode, 404);
  });

  it('is in 导出我的数据 and goes at 注销账号', async () => {
    const phoneOf = String(phone++);
    const carol = await registerUser(ctx(), phoneOf, { ip: '10.72.0.3' });
    const made = await cutOut(carol);
    const result = await replace(carol, made.cutout.id);
    const exported = (await get(ctx().app, '/api/v1/account/export', auth(carol))).json().data;
    assert.deepEqual(
      exported.studioWorks.map((w: { tool: string; name: string }) => [w.tool, w.name]),
      [
        ['cutout', '保温杯.png'],
        ['replace', '保温杯.png'],
      ],
    );
    assert.equal(exported.studioWorks[0].settings.preset, 'tiktok');
    assert.deepEqual(exported.studioWorks[1].settings.background, { kind: 'color', color: '#DCEBFA' });

    assert.equal((await requestCode(ctx().app, ctx().clock, phoneOf, 4, '10.72.0.3')).statusCode, 200);
    const code = ctx().sms.lastCodeFor(phoneOf);
    const gone = await post(ctx().app, '/api/v1/account/delete', { code }, auth(carol));
    assert.equal(gone.statusCode, 200, gone.body);
    assert.equal((await rowsOf(made.workId)).length, 0);
    assert.equal((await rowsOf(result.workId)).length, 0);
  });
}

const build = (env: Record<string, string> = {}) =>
  buildAccountApp(env, { matting: new CornerColourMatting() });

describe('抠图 · 换背景 · 继续编辑 (SQLite)', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await build();
  });
  after(() => ctx?.close());
  worksSuite(() => ctx);
});

describe('抠图 · 换背景 · 继续编辑 (PostgreSQL)', () => {
  worksSuite(usePostgres((database) => build(database)));
});
