import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createOcrEngine } from '../src/imaging/ocr/index.ts';
import { contentKey, onceInJob } from '../src/modules/localise/once-in-job.ts';
import { setFreeLimit } from './account-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { startFakeRembg } from './fakes/fake-rembg.ts';
import {
  CUP_FACTS,
  chinesePicture,
  cupPhoto,
  type Detail,
  fetchLink,
  startLocalise,
  taskOf,
  uploadLocalisePhoto,
  waitForJob,
} from './localise-helpers.ts';

/**
 * 一键出海 does what does not depend on the site once per job (issue 52): the OCR reads each picture
 * once (the main photo for every main-image rule set's cut, a detail picture and its erased version
 * for every language), and the product is cut out of the main photo once. What each site delivers
 * is what a job of that site alone delivers, byte for byte.
 */

/** The real OCR, counting how often it is asked to read the same bytes. */
function countingOcr() {
  const ocr = createOcrEngine();
  const reads = new Map<string, number>();
  return {
    reads,
    close: () => ocr.close(),
    readLines(image: Buffer) {
      const key = createHash('sha256').update(image).digest('hex');
      reads.set(key, (reads.get(key) ?? 0) + 1);
      return ocr.readLines(image);
    },
  };
}

type Ctx = Awaited<ReturnType<typeof buildChatApp>> & {
  rembg: Awaited<ReturnType<typeof startFakeRembg>>;
  ocr: ReturnType<typeof countingOcr>;
};

/** One job of the product to `sites`, done: its detail, and the reads of bytes the OCR was asked twice. */
async function runJob(ctx: Ctx, product: object, sites: string[]) {
  ctx.ocr.reads.clear();
  const started = await startLocalise(ctx, product, sites);
  const detail = await waitForJob(ctx, started.job.id);
  assert.equal(detail.job.status, 'done', JSON.stringify(detail.tasks.map((t: Detail) => t.reason)));
  return { detail, readTwice: [...ctx.ocr.reads.values()].filter((n) => n > 1).length };
}

describe('一键出海: the OCR and the cut once per job (SQLite, table queue, 2 workers)', () => {
  let ctx: Ctx;
  before(async () => {
    const rembg = await startFakeRembg();
    const ocr = countingOcr();
    const built = await buildChatApp(
      { BATCH_WORKERS: '2', MATTING_URL: rembg.url, LLM_IDLE_TIMEOUT_MS: '20000' },
      {},
      { ocr },
    );
    await built.app.ready();
    for (const feature of ['chat', 'cutout', 'translate'] as const)
      await setFreeLimit(built.app, feature, 50);
    ctx = {
      ...built,
      rembg,
      ocr,
      close: async () => {
        await built.close();
        await rembg.close();
        await ocr.close();
      },
    };
  });
  after(() => ctx.close());

  it('three sites: no picture is read twice, and each site delivers what a job of that site alone delivers', async () => {
    const product = {
      facts: CUP_FACTS,
      mainPhotoId: await uploadLocalisePhoto(ctx.app, ctx.token, await cupPhoto()),
      detailPhotoIds: [
        await uploadLocalisePhoto(ctx.app, ctx.token, await chinesePicture(['防水透气 3层面料', '限时特惠'])),
      ],
    };
    const all = await runJob(ctx, product, ['amazon-US', 'amazon-DE', 'shopee-SG']);
    // Before: the photo read for the amazon and the shopee cut, the picture and its erased
    // version for English and for German.
    assert.equal(all.readTwice, 0, 'the OCR read the same bytes more than once in the job');

    // A job of one site shares nothing with another job, and gives the same bytes and report.
    for (const site of ['shopee-SG', 'amazon-DE']) {
      const alone = await runJob(ctx, product, [site]);
      const shared = taskOf(all.detail, site);
      const own = taskOf(alone.detail, site);
      assert.deepEqual(
        await fetchLink(ctx, shared.mainImageUrl),
        await fetchLink(ctx, own.mainImageUrl),
        `${site}: the main image`,
      );
      assert.deepEqual(
        shared.rules.filter((r: Detail) => r.ruleId.startsWith('main.')),
        own.rules.filter((r: Detail) => r.ruleId.startsWith('main.')),
        `${site}: the main image's checks`,
      );
      assert.equal(shared.pictures[0].translated, true);
      assert.deepEqual(
        await fetchLink(ctx, shared.pictures[0].url),
        await fetchLink(ctx, own.pictures[0].url),
        `${site}: the translated picture`,
      );
    }
  });
});

describe('onceInJob', () => {
  it('makes once per job and key, answers copies, and forgets a failure', async () => {
    const place = {};
    let made = 0;
    const make = async () => {
      made += 1;
      return { bytes: Buffer.from([1, 2, 3]), n: made };
    };
    const job1 = onceInJob(place, 1);
    const [a, b] = await Promise.all([job1('x', 'k', make), job1('x', 'k', make)]);
    assert.equal(made, 1, 'two callers at once wait for one make');
    (a.bytes as Buffer)[0] = 9;
    assert.deepEqual([...b.bytes], [1, 2, 3], 'each caller has its own copy');
    assert.ok(Buffer.isBuffer(b.bytes));
    await onceInJob(place, 2)('x', 'k', make);
    assert.equal(made, 2, 'another job makes its own');
    await assert.rejects(
      job1('y', 'k', () => Promise.reject(new Error('down'))),
      /down/,
    );
    assert.equal((await job1('y', 'k', async () => 'again')) as string, 'again', 'a failure is not kept');
  });

  it('keys byte arrays by their content', () => {
    assert.equal(contentKey({ png: Buffer.from([1, 2]) }), contentKey({ png: new Uint8Array([1, 2]) }));
    assert.notEqual(contentKey({ png: Buffer.from([1, 2]) }), contentKey({ png: Buffer.from([1, 3]) }));
  });
});
