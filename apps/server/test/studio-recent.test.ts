import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ResultCode, STUDIO_KEEP_DAYS, type StudioImage } from '@chuhai/contract';
import { localFileStore } from '../src/providers/storage/local-file-store.ts';
import { auth, buildAccountApp, get, registerUser } from './account-helpers.ts';
import { startTestPostgres } from './postgres.ts';
import { CornerColourMatting, postForm, productPhoto } from './studio-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;
const DAY = 86_400_000;

async function cutOut(ctx: Ctx, token: string, preset?: string) {
  const photo = await productPhoto({
    width: 600,
    height: 600,
    box: { left: 200, top: 200, width: 200, height: 200 },
  });
  const response = await postForm(ctx.app, '/api/v1/remove/remove', token, preset ? { preset } : {}, [
    { name: 'cup.png', bytes: photo },
  ]);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data;
}

async function recent(ctx: Ctx, token: string, query = '') {
  const response = await get(ctx.app, `/api/v1/studio/images${query}`, auth(token));
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data as { list: StudioImage[]; total: number };
}

const fetchFile = (ctx: Ctx, url: string) => ctx.app.inject({ method: 'GET', url });

for (const database of ['SQLite', 'PostgreSQL'] as const)
  describe(`智能做图 · 最近作品 (/api/v1/studio/images, deleteImages, the sweep) on ${database}`, () => {
    let pg: Awaited<ReturnType<typeof startTestPostgres>> | undefined;
    let ctx: Ctx;
    let alice: string;
    let bob: string;
    before(async () => {
      pg = database === 'PostgreSQL' ? await startTestPostgres() : undefined;
      ctx = await buildAccountApp(pg ? { DATABASE_URL: pg.url } : {}, { matting: new CornerColourMatting() });
      alice = await registerUser(ctx, '13300000001', { ip: '10.8.0.1' });
      bob = await registerUser(ctx, '13300000002', { ip: '10.8.0.2' });
    });
    after(async () => {
      await ctx?.close();
      await pg?.stop();
    });

    it('lists the caller’s own results newest first with working links, and filters by kind', async () => {
      const first = await cutOut(ctx, alice, 'amazon');
      ctx.clock.advance(60_000);
      const second = await cutOut(ctx, alice);
      await cutOut(ctx, bob);

      const all = await recent(ctx, alice);
      assert.equal(all.total, 3);
      assert.deepEqual(
        all.list.map((image) => [image.id, image.kind]),
        [
          [second.cutout.id, 'cutout'],
          [first.main.image.id, 'main'],
          [first.cutout.id, 'cutout'],
        ],
      );
      const newest = all.list[0] as StudioImage;
      assert.equal(newest.expiresAt - newest.createdAt, STUDIO_KEEP_DAYS * DAY);
      assert.equal((await fetchFile(ctx, newest.url)).headers['content-type'], 'image/png');

      const mains = await recent(ctx, alice, '?kinds=main');
      assert.deepEqual(
        mains.list.map((image) => image.id),
        [first.main.image.id],
      );
      assert.equal((await recent(ctx, alice, '?kinds=cutout,main&pageSize=1&pageNo=2')).list.length, 1);
      assert.equal((await recent(ctx, bob)).total, 1, 'Bob sees only his own');
    });

    it('refuses an unknown kind and needs a session', async () => {
      const bad = await get(ctx.app, '/api/v1/studio/images?kinds=cutout,photo', auth(alice));
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().code, ResultCode.badRequest);
      assert.match(bad.json().msg, /kinds/);
      assert.equal((await get(ctx.app, '/api/v1/studio/images')).statusCode, 401);
    });

    it('deletes the caller’s images and their files; someone else’s ids are left alone', async () => {
      const bobs = (await recent(ctx, bob)).list[0] as StudioImage;
      const [target] = (await recent(ctx, alice, '?kinds=main')).list as StudioImage[];
      assert.ok(target);
      const response = await get(
        ctx.app,
        `/api/v1/studio/deleteImages?ids=${target.id},${bobs.id}`,
        auth(alice),
      );
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().data.deleted, 1);
      assert.equal((await fetchFile(ctx, target.url)).statusCode, 404, 'the file is gone');
      assert.equal((await recent(ctx, alice, '?kinds=main')).total, 0);
      assert.equal((await fetchFile(ctx, bobs.url)).statusCode, 200, 'Bob’s image stays');
      assert.equal((await get(ctx.app, '/api/v1/studio/deleteImages?ids=abc', auth(alice))).statusCode, 400);
    });

    it(`after ${STUDIO_KEEP_DAYS} days the sweep removes rows and files; newer results stay`, async () => {
      const old = (await recent(ctx, alice)).list;
      assert.equal(old.length, 2);
      ctx.clock.advance(STUDIO_KEEP_DAYS * DAY - 30_000);
      const young = await cutOut(ctx, alice);
      // Past the listing window the old ones no longer show, even before the sweep has run.
      ctx.clock.advance(60_000);
      assert.deepEqual(
        (await recent(ctx, alice)).list.map((image) => image.id),
        [young.cutout.id],
      );

      const files = localFileStore(ctx.config.storage.kind === 'local' ? ctx.config.storage.dir : '');
      const oldKeys = await ctx.app.db
        .selectFrom('stored_images')
        .select('file_key')
        .where('id', '!=', young.cutout.id)
        .execute();
      assert.equal(oldKeys.length, 3, 'Alice’s 2 and Bob’s 1');
      assert.equal(await ctx.app.jobs.run('images.purge-expired'), 3);
      for (const { file_key } of oldKeys) assert.equal(await files.get(file_key), null, file_key);
      assert.equal((await fetchFile(ctx, young.cutout.url)).statusCode, 200);
      const rows = await ctx.app.db.selectFrom('stored_images').select('id').execute();
      assert.deepEqual(
        rows.map((row) => Number(row.id)),
        [young.cutout.id],
      );
      assert.equal(await ctx.app.jobs.run('images.purge-expired'), 0, 'nothing left to remove');

      // A removed cut-out can no longer be fixed into a main image, and the try costs nothing.
      const fix = await postForm(ctx.app, '/api/v1/remove/remove', alice, {
        cutoutId: String(old[0]?.id),
        preset: 'amazon',
      });
      assert.equal(fix.statusCode, 404);
    });
  });
