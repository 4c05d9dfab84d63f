import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { nextChinaMidnight, ResultCode, type StudioImage } from '@chuhai/contract';
import { TRANSLATE_MARKER } from '../src/modules/translate/translate-text.ts';
import { auth, get, post, registerUser, setFreeLimit } from './account-helpers.ts';
import {
  CUP_FACTS,
  chinesePicture,
  cupPhoto,
  type Detail,
  fetchLink,
  type JobCtx,
  onBothQueues,
  plainPicture,
  startLocalise,
  taskOf,
  uploadLocalisePhoto,
  waitForJob,
} from './localise-helpers.ts';

/**
 * 一键出海: what a delivered product × site leaves the seller (its listing among their listings, each
 * translated detail picture as a 图片翻译 they can open), and the charges of detail pictures: with
 * Chinese translated and charged per site, without passed on unchanged and free, a provider failing
 * for one site's pictures, today's quota running out mid-job.
 */

const upload = (ctx: JobCtx, bytes: Buffer) => uploadLocalisePhoto(ctx.app, ctx.token, bytes);

interface Photos {
  main: number;
  details: number[];
  plain: Buffer;
}

/** One product with two pictures of Chinese text and a plain one (uploaded once per suite). */
async function uploadPhotos(ctx: JobCtx): Promise<Photos> {
  const plain = await plainPicture();
  return {
    main: await upload(ctx, await cupPhoto()),
    details: [
      await upload(ctx, await chinesePicture(['防水透气 3层面料', '限时特惠'])),
      await upload(ctx, await chinesePicture(['保冷保温 24小时', '食品级不锈钢'])),
      await upload(ctx, plain),
    ],
    plain,
  };
}

async function startJob(ctx: JobCtx, photos: Photos, sites: string[]): Promise<number> {
  const product = { facts: CUP_FACTS, mainPhotoId: photos.main, detailPhotoIds: photos.details };
  return (await startLocalise(ctx, product, sites)).job.id;
}

async function usedToday(ctx: JobCtx): Promise<Record<'chat' | 'cutout' | 'translate', number>> {
  const info = (await get(ctx.app, '/api/v1/info', auth(ctx.token))).json().data;
  const used = (feature: string) =>
    info.usage.find((u: { feature: string }) => u.feature === feature)?.used ?? 0;
  return { chat: used('chat'), cutout: used('cutout'), translate: used('translate') };
}

const delta = (after: Record<string, number>, before: Record<string, number>) =>
  Object.fromEntries(Object.keys(after).map((k) => [k, (after[k] ?? 0) - (before[k] ?? 0)]));

async function countRows(ctx: JobCtx, table: 'listings' | 'translations') {
  const row = await ctx.app.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function outputsSuite(ctx: () => JobCtx) {
  let photos: Photos;
  before(async () => {
    photos = await uploadPhotos(ctx());
  });

  it('translates the 2 pictures with Chinese per site (2 charged each), passes the plain one on unchanged and free, and leaves a listing and 图片翻译 the seller opens', async () => {
    const before = await usedToday(ctx());
    const matted = ctx().rembg.seen.length;
    const detail = await waitForJob(ctx(), await startJob(ctx(), photos, ['amazon-US', 'amazon-DE']));
    assert.equal(detail.job.status, 'done');
    assert.deepEqual(detail.job.counts, { done: 2 });
    assert.equal(
      ctx().rembg.seen.length - matted,
      3,
      'the main photo and the 2 pictures with Chinese matted once for both sites',
    );
    assert.deepEqual(delta(await usedToday(ctx()), before), { chat: 2, cutout: 2, translate: 4 });
    const other = await registerUser(ctx(), '13900003333', { ip: '10.93.0.3' });
    for (const site of ['amazon-US', 'amazon-DE']) {
      const task = taskOf(detail, site);
      assert.equal(task.status, 'done', task.reason);
      assert.deepEqual(task.charged, { chat: 1, cutout: 1, translate: 2 });
      assert.deepEqual(
        task.pictures.map((p: Detail) => [p.index, p.translated, p.documentId === null]),
        [
          [1, true, false],
          [2, true, false],
          [3, false, true],
        ],
      );
      assert.ok((await fetchLink(ctx(), task.mainImageUrl)).length > 1000, 'the main image opens');
      assert.deepEqual(
        await fetchLink(ctx(), task.pictures[2].url),
        photos.plain,
        'the plain picture as it came',
      );
      // The listing opens in Listing 工作台 as the seller's own, with the same fields.
      const listing = await get(ctx().app, `/api/v1/listing/${task.listingId}`, auth(ctx().token));
      assert.equal(listing.json().code, 200, listing.body);
      const saved = listing.json().data;
      assert.equal(saved.text.title, task.listing.title);
      assert.deepEqual(saved.text, task.listing);
      assert.equal(`${saved.marketplace}-${saved.site}`, site);
      assert.equal(saved.language, task.language);
      assert.deepEqual(saved.facts, CUP_FACTS);
      // Each translated picture opens in the translation editor, in the site's language.
      for (const picture of task.pictures.slice(0, 2)) {
        const opened = await get(ctx().app, `/api/v1/translate/${picture.documentId}`, auth(ctx().token));
        assert.equal(opened.json().code, 200, opened.body);
        const document = opened.json().data;
        assert.equal(document.translationId, picture.documentId);
        assert.equal(document.target, task.language);
        assert.ok(document.blocks.length > 0, 'the translated blocks, to edit');
        assert.match(document.fileName, /保温杯 .*详情图\d\.png/);
        // Its 最近作品 card says which product, site and picture it is, and in which language.
        const recent = await get(ctx().app, '/api/v1/studio/images?kinds=translate', auth(ctx().token));
        const card = (recent.json().data.list as StudioImage[]).find(
          (image) => image.translationId === picture.documentId,
        );
        assert.equal(card?.about?.name, document.fileName);
        assert.equal(card?.about?.language, task.language);
        assert.ok((await fetchLink(ctx(), document.resultUrl)).length > 1000);
        assert.ok((await fetchLink(ctx(), document.backgroundUrl)).length > 1000);
        const theirs = await get(ctx().app, `/api/v1/translate/${picture.documentId}`, auth(other));
        assert.equal(theirs.json().code, ResultCode.notFound, 'another seller: as if it did not exist');
      }
      const theirs = await get(ctx().app, `/api/v1/listing/${task.listingId}`, auth(other));
      assert.equal(theirs.json().code, ResultCode.notFound, 'another seller: as if it did not exist');
    }
    assert.equal((await get(ctx().app, `/api/v1/localise/${detail.job.id}`, auth(other))).json().code, 404);
  });

  it('a provider failing for one site’s pictures: that site fails saying nothing was charged, leaves nothing; the other is charged', async () => {
    const before = await usedToday(ctx());
    const listings = await countRows(ctx(), 'listings');
    const translations = await countRows(ctx(), 'translations');
    // The model answers 500 to every German picture translation; the German listing still works.
    ctx().fake.failWhen = (body) =>
      body.messages.some(
        (m) => m.role === 'system' && m.content.includes(TRANSLATE_MARKER) && m.content.includes('German'),
      )
        ? 500
        : null;
    let detail: Detail;
    try {
      detail = await waitForJob(ctx(), await startJob(ctx(), photos, ['amazon-US', 'amazon-DE']));
    } finally {
      ctx().fake.failWhen = null;
    }
    assert.deepEqual(detail.job.counts, { done: 1, failed: 1 });
    const de = taskOf(detail, 'amazon-DE');
    assert.equal(de.status, 'failed');
    assert.deepEqual(de.charged, {});
    assert.match(de.reason, /^AI 服务.*本次不扣次数，请稍后再试$/, de.reason);
    assert.equal(de.listingId, null);
    assert.deepEqual(de.pictures, []);
    assert.equal(taskOf(detail, 'amazon-US').status, 'done');
    assert.deepEqual(delta(await usedToday(ctx()), before), { chat: 1, cutout: 1, translate: 2 });
    assert.equal(await countRows(ctx(), 'listings'), listings + 1, 'only the US listing saved');
    assert.equal(await countRows(ctx(), 'translations'), translations + 2, 'only the US pictures kept');
  });

  it('today’s quota running out mid-job: the rest pauses saying when it goes on; after China midnight it goes on by itself, charged once', async () => {
    // A fresh day, then a free seller whose 图片翻译 covers the job at the start but, used up
    // elsewhere, only the first site by the time it runs (3 asked before each site, 2 charged).
    ctx().clock.set(new Date(nextChinaMidnight(ctx().clock.now()) + 60_000).toISOString());
    await setFreeLimit(ctx().app, 'translate', 6);
    const jobId = await startJob(ctx(), photos, ['amazon-US', 'amazon-DE']);
    await setFreeLimit(ctx().app, 'translate', 4);
    const paused = await waitForJob(ctx(), jobId);
    assert.equal(paused.job.status, 'paused');
    assert.deepEqual(paused.job.counts, { done: 1, paused: 1 });
    const waiting = paused.tasks.find((t: Detail) => t.status === 'paused');
    assert.match(waiting.reason, /图片翻译.*明天 00:00 后自动继续/, waiting.reason);
    assert.deepEqual(waiting.charged, {});
    assert.equal((await usedToday(ctx())).translate, 2);

    assert.equal(await ctx().app.jobs.run('localise.resume-after-midnight'), 0, 'not before midnight');
    ctx().clock.set(new Date(nextChinaMidnight(ctx().clock.now()) + 60_000).toISOString());
    // Nobody presses 继续: the periodic job after midnight sends it on.
    assert.equal(await ctx().app.jobs.run('localise.resume-after-midnight'), 1);
    const done = await waitForJob(ctx(), jobId);
    assert.equal(done.job.status, 'done');
    assert.deepEqual(done.job.counts, { done: 2 });
    assert.deepEqual(await usedToday(ctx()), { chat: 1, cutout: 1, translate: 2 });
    const finished = done.tasks.find((t: Detail) => t.id === waiting.id);
    assert.deepEqual(finished.charged, { chat: 1, cutout: 1, translate: 2 });
    assert.equal(finished.reason, '');
    assert.ok(finished.listingId);
  });

  it('follows the seller’s 术语表 on the detail pictures, and reports the picture and term where the translator did not', async () => {
    await setFreeLimit(ctx().app, 'translate', 50);
    for (const entry of [
      { source: '加绒', target: 'en', translation: 'Fleece-lined' },
      { source: '出海牌', target: 'all', translation: null },
    ])
      assert.equal(
        (await post(ctx().app, '/api/v1/translate/glossary', entry, auth(ctx().token))).json().code,
        200,
      );
    // The fake translator follows the 术语表, except on a picture saying 「术语顽固」: there it
    // translates away 出海牌, which was to be kept as it is.
    const followed = await upload(ctx(), await chinesePicture(['加绒 保暖外套', '限时特惠']));
    const ignored = await upload(ctx(), await chinesePicture(['出海牌 术语顽固', '限时特惠']));
    const product = { facts: CUP_FACTS, mainPhotoId: photos.main, detailPhotoIds: [followed, ignored] };
    const ledgerRows = () =>
      ctx().app.deps.db.selectFrom('provider_calls').select(['id', 'purpose']).execute();
    const ledgerBefore = new Set((await ledgerRows()).map((row) => row.id));
    const started = await startLocalise(ctx(), product, ['amazon-US']);
    const task = taskOf(await waitForJob(ctx(), started.job.id), 'amazon-US');
    assert.equal(task.status, 'done', task.reason);
    assert.deepEqual(task.glossaryMisses, [{ place: '详情图 2', source: '出海牌', expected: '出海牌' }]);
    // 成本 tells 一键出海's calls from the tools': its listing and its pictures under their own purposes.
    const purposes = (await ledgerRows())
      .filter((row) => !ledgerBefore.has(row.id))
      .map((row) => row.purpose);
    assert.deepEqual([...new Set(purposes)].sort(), ['localise-listing', 'localise-translate']);
    const first = (
      await get(ctx().app, `/api/v1/translate/${task.pictures[0].documentId}`, auth(ctx().token))
    ).json().data;
    assert.ok(
      first.blocks.some((block: { text: string }) => block.text.includes('Fleece-lined')),
      JSON.stringify(first.blocks.map((block: { text: string }) => block.text)),
    );
  });
}

onBothQueues('一键出海 outputs', outputsSuite, 50);
