import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { buildApp } from '../src/app.ts';
import { createOcrEngine } from '../src/imaging/ocr/index.ts';
import { claimTask, taskById } from '../src/modules/localise/repository.ts';
import { makeOnce, type SharedRun } from '../src/modules/localise/shared-results.ts';
import { processTask } from '../src/modules/localise/worker.ts';
import { TRANSLATE_MARKER } from '../src/modules/translate/translate-text.ts';
import { auth, deleteAccount, get, setFreeLimit } from './account-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { startFakeRembg } from './fakes/fake-rembg.ts';
import { chargedUses } from './job-helpers.ts';
import {
  CUP_FACTS,
  chinesePicture,
  cupPhoto,
  type Detail,
  fetchLink,
  plainPicture,
  startLocalise,
  taskOf,
  uploadLocalisePhoto,
  waitForJob,
} from './localise-helpers.ts';
import { usePostgres } from './postgres-app.ts';

/**
 * 一键出海 computes once and delivers per site: within a job a detail picture is translated once per
 * language and a main image made once per main-image rule set, kept in the store (a row and files in
 * the job's folder) where a restarted or second worker finds it; each site still delivers its own
 * files, listing and 图片翻译 and is charged exactly as before.
 */

/** The main-image rule sets' sizes of the sites here: 亚马逊 2000², Shopee 1024². */
const MAIN_SIZES = [2000, 1024];

/**
 * The real OCR, counting the main images it reads by their size (a square of a rule set's size:
 * nothing else here is one): one read per main image made.
 */
function countingOcr() {
  const ocr = createOcrEngine();
  const mainReads = new Map<number, number>();
  return {
    mainReads,
    close: () => ocr.close(),
    async readLines(image: Buffer) {
      const { width, height } = await sharp(image).metadata();
      if (width === height && MAIN_SIZES.includes(width ?? 0))
        mainReads.set(width as number, (mainReads.get(width as number) ?? 0) + 1);
      return ocr.readLines(image);
    },
  };
}

type Ctx = Awaited<ReturnType<typeof buildChatApp>> & {
  rembg: Awaited<ReturnType<typeof startFakeRembg>>;
  ocr: ReturnType<typeof countingOcr>;
};

/** An app on the fake rembg and OpenAI, with the counting OCR; `workers`: tasks at once (0: the test runs them). */
async function buildSharedApp(env: Record<string, string>, workers: number): Promise<Ctx> {
  const rembg = await startFakeRembg();
  const ocr = countingOcr();
  const ctx = await buildChatApp(
    { BATCH_WORKERS: String(workers), MATTING_URL: rembg.url, LLM_IDLE_TIMEOUT_MS: '20000', ...env },
    {},
    { ocr },
  );
  await ctx.app.ready();
  for (const feature of ['chat', 'cutout', 'translate'] as const) await setFreeLimit(ctx.app, feature, 50);
  return {
    ...ctx,
    rembg,
    ocr,
    close: async () => {
      await ctx.close();
      await rembg.close();
      await ocr.close();
    },
  };
}

/** Translation requests the fake OpenAI got, by the language asked for. */
function translations(ctx: Ctx) {
  const into = (language: string) =>
    ctx.fake.requests.filter((r) =>
      r.messages.some(
        (m) => m.role === 'system' && m.content.includes(TRANSLATE_MARKER) && m.content.includes(language),
      ),
    ).length;
  return { English: into('English'), German: into('German') };
}

const listingWrites = (ctx: Ctx) =>
  ctx.fake.requests.filter((r) => r.messages.some((m) => m.content.includes('商品名称'))).length;

async function sharedRows(ctx: Ctx, jobId: number) {
  return ctx.app.deps.db
    .selectFrom('localise_shared_results')
    .selectAll()
    .where('job_id', '=', jobId)
    .orderBy('id')
    .execute();
}

const userOf = async (ctx: Ctx) =>
  Number(
    (
      await ctx.app.deps.db
        .selectFrom('users')
        .select('id')
        .where('phone', '=', '13900001111')
        .executeTakeFirst()
    )?.id,
  );

function sharedSuite(ctx: () => Ctx) {
  it('three sites at once, two of them English and two on Amazon’s rules: each picture translated once per language, each main image once per rule set, every site delivered and charged as before', async () => {
    const plain = await plainPicture();
    const product = {
      facts: CUP_FACTS,
      mainPhotoId: await uploadLocalisePhoto(ctx().app, ctx().token, await cupPhoto()),
      detailPhotoIds: [
        await uploadLocalisePhoto(
          ctx().app,
          ctx().token,
          await chinesePicture(['防水透气 3层面料', '限时特惠']),
        ),
        await uploadLocalisePhoto(
          ctx().app,
          ctx().token,
          await chinesePicture(['保冷保温 24小时', '食品级不锈钢']),
        ),
        await uploadLocalisePhoto(ctx().app, ctx().token, plain),
      ],
    };
    const userId = await userOf(ctx());
    const ledger = await chargedUses(ctx().app.deps.db, userId);
    const asked = translations(ctx());
    ctx().ocr.mainReads.clear();

    const started = await startLocalise(ctx(), product, ['amazon-US', 'amazon-DE', 'shopee-SG']);
    const detail = await waitForJob(ctx(), started.job.id);
    assert.equal(detail.job.status, 'done');
    assert.deepEqual(detail.job.counts, { done: 3 });

    // Each of the 2 pictures with Chinese into English once (US and SG share it), into German once.
    const now = translations(ctx());
    const english = now.English - asked.English;
    const german = now.German - asked.German;
    assert.ok(german >= 2, `German: ${german} requests`);
    assert.equal(english, german, 'as many English requests as German ones: not one per English site');
    // Amazon US and DE share one 2000² main image; Shopee's 1024² is made on its own.
    assert.deepEqual(Object.fromEntries(ctx().ocr.mainReads), { 2000: 1, 1024: 1 });

    const [us, de, sg] = ['amazon-US', 'amazon-DE', 'shopee-SG'].map((site) => taskOf(detail, site));
    const usMain = await fetchLink(ctx(), us.mainImageUrl);
    assert.deepEqual(await fetchLink(ctx(), de.mainImageUrl), usMain, 'DE delivers the image US got');
    assert.equal((await sharp(await fetchLink(ctx(), sg.mainImageUrl)).metadata()).width, 1024);
    for (const n of [0, 1]) {
      assert.deepEqual(
        await fetchLink(ctx(), sg.pictures[n].url),
        await fetchLink(ctx(), us.pictures[n].url),
        `picture ${n + 1}: SG delivers the translation US got`,
      );
      assert.notEqual(
        sg.pictures[n].documentId,
        us.pictures[n].documentId,
        'each site keeps its own 图片翻译',
      );
    }
    // The fake translator has no German phrase book and answers English, as a model may: the German
    // picture sharing nothing with the English one is told apart, and DE is not 可以上架 for it.
    const languageOfPicture1 = (task: Detail) =>
      task.rules.find((rule: Detail) => rule.ruleId === 'picture.language' && rule.place === '详情图 1');
    assert.equal(languageOfPicture1(us)?.pass, true);
    assert.equal(languageOfPicture1(de)?.pass, false);
    assert.match(languageOfPicture1(de)?.message ?? '', /英语.*德语/);
    assert.equal(de.ready, false);
    for (const task of [us, de, sg]) {
      assert.deepEqual(task.charged, { chat: 1, cutout: 1, translate: 2 }, task.site);
      assert.deepEqual(
        task.pictures.map((p: Detail) => p.translated),
        [true, true, false],
      );
    }
    assert.deepEqual(
      await chargedUses(ctx().app.deps.db, userId),
      [...ledger, ...Array(3).fill(['chat:1', 'cutout:1', 'translate:1', 'translate:1']).flat()].sort(),
      'each product × site charged its listing, main image and 2 pictures, as before',
    );

    const rows = await sharedRows(ctx(), started.job.id);
    const kinds = (kind: string) => rows.filter((r) => r.kind === kind).length;
    assert.equal(kinds('main'), 2, 'a main image per rule set');
    assert.equal(kinds('picture'), 6, 'each of the 3 pictures once per language');
    assert.ok(rows.every((r) => r.status === 'made' && r.task_id === null));
  });
}

describe('一键出海: compute once, deliver per site (SQLite, table queue, 3 workers)', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildSharedApp({}, 3);
  });
  after(() => ctx.close());
  sharedSuite(() => ctx);
});

describe('一键出海: compute once, deliver per site (PostgreSQL, pg-boss, 3 workers)', () => {
  sharedSuite(usePostgres((env) => buildSharedApp(env, 3)));
});

/** The runs of two tasks of one job, claimed as workers claim them (nobody else works here). */
async function twoRuns(ctx: Ctx, product: object, sites: string[]): Promise<SharedRun[]> {
  const started = await startLocalise(ctx, product, sites);
  const runs: SharedRun[] = [];
  for (const task of started.tasks) {
    const claimedAt = ctx.clock.now();
    assert.equal(await claimTask(ctx.app.deps.db, task.id, claimedAt), true);
    const row = await taskById(ctx.app.deps.db, task.id);
    runs.push({ taskId: task.id, claimedAt, jobId: started.job.id, userId: Number(row?.user_id) });
  }
  return runs;
}

/** The value slowMake makes, as a kind's check reads it back. */
const isNamed = (value: unknown): value is { value: string } =>
  typeof value === 'object' && value !== null && 'value' in value && typeof value.value === 'string';

/** A computation that counts itself and takes a while, as a picture's does. */
function slowMake(value: string) {
  const make = async () => {
    make.calls += 1;
    await new Promise((resolve) => setTimeout(resolve, 300));
    return {
      value: { value },
      files: { main: { bytes: Buffer.from(value), extension: 'jpg', contentType: 'image/jpeg' } },
    };
  };
  make.calls = 0;
  return make;
}

function storeSuite(ctx: () => Ctx) {
  let mainPhotoId: number;
  before(async () => {
    mainPhotoId = await uploadLocalisePhoto(ctx().app, ctx().token, await cupPhoto('#113311'));
  });

  it('two runs asking at the same moment: one makes it, the other waits and reads it; both get the same', async () => {
    const runs = await twoRuns(ctx(), { facts: CUP_FACTS, mainPhotoId, detailPhotoIds: [] }, [
      'amazon-US',
      'amazon-UK',
    ]);
    const first = slowMake('first');
    const second = slowMake('second');
    const what = { kind: 'main', key: 'a'.repeat(64), isValue: isNamed };
    const [a, b] = await Promise.all([
      makeOnce(ctx().app.deps, runs[0] as SharedRun, what, first),
      makeOnce(ctx().app.deps, runs[1] as SharedRun, what, second),
    ]);
    assert.equal(first.calls + second.calls, 1, 'made once');
    assert.deepEqual(a.value, b.value);
    assert.deepEqual(a.files.main, b.files.main);
    assert.deepEqual([a.madeHere, b.madeHere].sort(), [false, true]);
  });

  it('a result whose run died (its task no longer processing under that claim) is made again by the next run; one that failed is let go at once', async () => {
    const runs = await twoRuns(ctx(), { facts: CUP_FACTS, mainPhotoId, detailPhotoIds: [] }, [
      'amazon-US',
      'amazon-UK',
    ]);
    const [dead, next] = runs as [SharedRun, SharedRun];
    const what = { kind: 'main', key: 'b'.repeat(64), isValue: isNamed };
    // The first run fails: the claim goes, and the next run makes it without waiting.
    await assert.rejects(
      makeOnce(ctx().app.deps, dead, what, async () => {
        throw new Error('provider down');
      }),
      /provider down/,
    );
    const made = slowMake('next');
    assert.equal((await makeOnce(ctx().app.deps, next, what, made)).value.value, 'next');
    assert.equal(made.calls, 1);

    // A run killed while making: its row stays `making`; once its task is handed out again it is dead.
    const other = { kind: 'main', key: 'c'.repeat(64), isValue: isNamed };
    const killed = makeOnce(ctx().app.deps, dead, other, async () => new Promise<never>(() => {}));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await ctx()
      .app.deps.db.updateTable('localise_tasks')
      .set({ status: 'waiting', claimed_at: null })
      .where('id', '=', dead.taskId)
      .execute();
    const again = slowMake('again');
    assert.equal((await makeOnce(ctx().app.deps, next, other, again)).value.value, 'again');
    assert.equal(again.calls, 1);
    void killed;
  });

  it('a made result whose stored value its kind does not recognise fails loudly, naming the column, instead of being delivered', async () => {
    const [run] = await twoRuns(ctx(), { facts: CUP_FACTS, mainPhotoId, detailPhotoIds: [] }, ['amazon-US']);
    const what = { kind: 'main', key: 'e'.repeat(64), isValue: isNamed };
    await makeOnce(ctx().app.deps, run as SharedRun, what, slowMake('made'));
    await ctx()
      .app.deps.db.updateTable('localise_shared_results')
      .set({ result: JSON.stringify({ value: { score: 3 }, files: {} }) })
      .where('key', '=', what.key)
      .execute();
    const again = slowMake('again');
    await assert.rejects(
      makeOnce(ctx().app.deps, run as SharedRun, what, again),
      /localise_shared_results\.result of main e+ does not hold what it should/,
    );
    assert.equal(again.calls, 0, 'not made again over a row that is there');
  });

  it('a restarted worker (a new app on the same database) finds the shared results in the store: nothing translated, matted or made again, the site still delivered and charged', async () => {
    const product = {
      facts: CUP_FACTS,
      mainPhotoId,
      detailPhotoIds: [
        await uploadLocalisePhoto(
          ctx().app,
          ctx().token,
          await chinesePicture(['轻便耐用 防滑把手', '新品上市']),
        ),
      ],
    };
    const started = await startLocalise(ctx(), product, ['amazon-US', 'amazon-UK']);
    const [us, uk] = started.tasks.map((t: Detail) => t.id) as [number, number];
    const userId = await userOf(ctx());
    await processTask(ctx().app.deps, us);
    assert.equal((await taskById(ctx().app.deps.db, us))?.status, 'done');

    // The node restarts: a new app, its own OCR, matting client and memory, on the same database and files.
    const ocr = countingOcr();
    const restarted = await buildApp(ctx().config, { logger: false, clock: ctx().clock, ocr });
    try {
      await restarted.ready();
      const ledger = await chargedUses(ctx().app.deps.db, userId);
      const asked = translations(ctx());
      const matted = ctx().rembg.seen.length;
      const written = listingWrites(ctx());
      await processTask(restarted.deps, uk);
      assert.equal((await taskById(ctx().app.deps.db, uk))?.status, 'done');
      assert.deepEqual(translations(ctx()), asked, 'the picture not translated again');
      assert.equal(ctx().rembg.seen.length, matted, 'nothing matted again');
      assert.deepEqual(Object.fromEntries(ocr.mainReads), {}, 'the main image not made again');
      assert.ok(listingWrites(ctx()) > written, 'the site’s own listing is still written');
      assert.deepEqual(
        await chargedUses(ctx().app.deps.db, userId),
        [...ledger, 'chat:1', 'cutout:1', 'translate:1'].sort(),
        'charged as before: its listing, main image and picture',
      );
    } finally {
      await restarted.close();
      await ocr.close();
    }
    const detail = (await get(ctx().app, `/api/v1/localise/${started.job.id}`, auth(ctx().token))).json()
      .data;
    const [a, b] = ['amazon-US', 'amazon-UK'].map((site) => taskOf(detail, site));
    assert.deepEqual(await fetchLink(ctx(), b.mainImageUrl), await fetchLink(ctx(), a.mainImageUrl));
    assert.deepEqual(await fetchLink(ctx(), b.pictures[0].url), await fetchLink(ctx(), a.pictures[0].url));
    assert.equal(b.pictures[0].translated, true);
    assert.deepEqual(b.charged, { chat: 1, cutout: 1, translate: 1 });
  });

  it('an expired job takes its shared results with it: rows and files', async () => {
    const jobs = await ctx().app.deps.db.selectFrom('localise_jobs').select('id').execute();
    const rows = await ctx().app.deps.db.selectFrom('localise_shared_results').select('files').execute();
    const keys = rows.flatMap((r) => JSON.parse(r.files) as string[]);
    assert.ok(keys.length >= 3, 'the tests above kept files');
    const kept = await Promise.all(keys.map((key) => ctx().app.deps.files.get(key)));
    assert.ok(kept.filter(Boolean).length >= 3);
    ctx().clock.advance(8 * 86_400_000);
    assert.equal(await ctx().app.jobs.run('localise.purge-expired'), jobs.length);
    assert.equal(
      (await ctx().app.deps.db.selectFrom('localise_shared_results').select('id').execute()).length,
      0,
    );
    for (const key of keys) assert.equal(await ctx().app.deps.files.get(key), null, key);
  });

  it('注销账号 takes the shared results of the seller’s jobs with them: rows and files', async () => {
    const photo = await uploadLocalisePhoto(ctx().app, ctx().token, await cupPhoto('#331133'));
    const [run] = await twoRuns(ctx(), { facts: CUP_FACTS, mainPhotoId: photo, detailPhotoIds: [] }, [
      'amazon-US',
      'amazon-UK',
    ]);
    await makeOnce(
      ctx().app.deps,
      run as SharedRun,
      { kind: 'main', key: 'd'.repeat(64), isValue: isNamed },
      slowMake('d'),
    );
    const rows = await ctx().app.deps.db.selectFrom('localise_shared_results').select('files').execute();
    const keys = rows.flatMap((r) => JSON.parse(r.files) as string[]);
    assert.equal(keys.length, 1);
    assert.ok(await ctx().app.deps.files.get(keys[0] as string));

    const gone = await deleteAccount(ctx(), '13900001111', ctx().token, '10.72.0.9');
    assert.equal(gone.json().code, 200, gone.body);
    assert.equal(
      (await ctx().app.deps.db.selectFrom('localise_shared_results').select('id').execute()).length,
      0,
    );
    assert.equal(await ctx().app.deps.files.get(keys[0] as string), null);
  });
}

describe('一键出海: shared results in the store (SQLite)', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildSharedApp({}, 0);
  });
  after(() => ctx.close());
  storeSuite(() => ctx);
});

describe('一键出海: shared results in the store (PostgreSQL)', () => {
  storeSuite(usePostgres((env) => buildSharedApp(env, 0)));
});
