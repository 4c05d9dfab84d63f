import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ResultCode } from '@chuhai/contract';
import { auth, buildAccountApp, get, registerUser } from './account-helpers.ts';
import { usePostgres } from './postgres-app.ts';
import { CornerColourMatting, postForm, productPhoto } from './studio-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

const photo = (product: string) =>
  productPhoto({ width: 480, height: 360, box: { left: 120, top: 80, width: 240, height: 200 }, product });

/** A cut-out only: one use of 抠图与主图 per image. */
const STEPS = JSON.stringify({ cutout: true, marketplaces: [], backgroundColor: null });

/**
 * 批量处理's 开始处理 pressed twice, or retried after a lost answer, or sent five times at once: one
 * job, each image stored, reserved and queued once, and each made image charged once.
 */
function startKeySuite(ctx: () => Ctx) {
  let token: string;
  let userId: number;
  let images: { name: string; bytes: Buffer; field: string }[];
  before(async () => {
    token = await registerUser(ctx(), '13800007001', { ip: '10.93.0.1' });
    userId = Number(
      (
        await ctx()
          .app.deps.db.selectFrom('users')
          .select('id')
          .where('phone', '=', '13800007001')
          .executeTakeFirstOrThrow()
      ).id,
    );
    images = [
      { name: 'red.png', bytes: await photo('#dd2222'), field: 'files[]' },
      { name: 'green.png', bytes: await photo('#22aa22'), field: 'files[]' },
    ];
  });
  const start = (startKey?: string, files = images) =>
    postForm(
      ctx().app,
      startKey === undefined ? '/api/v1/batch/jobs' : `/api/v1/batch/jobs?startKey=${startKey}`,
      token,
      { steps: STEPS },
      files,
    );
  const count = async (table: 'batch_jobs' | 'batch_items') =>
    Number(
      (
        await ctx()
          .app.deps.db.selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const cutoutsUsed = async () =>
    (await get(ctx().app, '/api/v1/info', auth(token)))
      .json()
      .data.usage.find((u: { feature: string }) => u.feature === 'cutout').used as number;
  async function settled(jobId: number) {
    for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
      const detail = (await get(ctx().app, `/api/v1/batch/jobs/${jobId}`, auth(token))).json().data;
      if (detail.job.counts.waiting + detail.job.counts.processing === 0 && detail.job.status !== 'running')
        return detail;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the job did not settle');
  }

  it('five starts with one key at once make one job: its images stored, reserved and charged once', async () => {
    const usedBefore = await cutoutsUsed();
    const answers = await Promise.all(Array.from({ length: 5 }, () => start('9c2e41aa-batch-double-01')));
    for (const answer of answers) assert.equal(answer.json().code, 200, answer.body);
    const ids = new Set(answers.map((a) => a.json().data.id));
    assert.equal(ids.size, 1, 'the same job for every repeat');
    for (const answer of answers) assert.equal(answer.json().data.total, 2, 'every answer is the whole job');
    assert.equal(await count('batch_jobs'), 1);
    assert.equal(await count('batch_items'), 2, 'each image taken (and held against the limit) once');

    const [jobId] = [...ids] as number[];
    const done = await settled(jobId as number);
    assert.equal(done.job.status, 'done');
    assert.equal(await cutoutsUsed(), usedBefore + 2, 'one use per image, not per request');
    const ledger = await ctx()
      .app.deps.db.selectFrom('usage_ledger')
      .select(['feature', 'delta'])
      .where('user_id', '=', userId)
      .execute();
    assert.deepEqual(
      ledger.map((l) => `${l.feature}${Number(l.delta)}`),
      ['cutout1', 'cutout1'],
    );

    // Pressed again once it is done (the answer had been lost): still that job, nothing new.
    const again = await start('9c2e41aa-batch-double-01');
    assert.equal(again.json().data.id, jobId);
    assert.equal(again.json().data.status, 'done');
    assert.equal(await count('batch_jobs'), 1);
    assert.equal(await count('batch_items'), 2);
  });

  it('a new key is a new job, no key is always new, a malformed key is refused before anything is read', async () => {
    const jobsBefore = await count('batch_jobs');
    const one = images.slice(0, 1);
    assert.equal((await start('9c2e41aa-batch-second-02', one)).json().code, 200);
    assert.equal((await start(undefined, one)).json().code, 200);
    assert.equal((await start(undefined, one)).json().code, 200);
    assert.equal(await count('batch_jobs'), jobsBefore + 3);
    const bad = await start('bad key!');
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, ResultCode.badRequest);
    assert.equal(await count('batch_jobs'), jobsBefore + 3);
  });

  it('an upload that was refused leaves its key free: the retry with the right files starts the job', async () => {
    const jobsBefore = await count('batch_jobs');
    const refused = await start('9c2e41aa-batch-retry-003', [
      { name: 'notes.txt', bytes: Buffer.from('not an image'), field: 'files[]' },
    ]);
    assert.equal(refused.json().code, ResultCode.badRequest);
    assert.match(refused.json().msg, /没有可处理的图片/);
    assert.equal(await count('batch_jobs'), jobsBefore);
    const retried = await start('9c2e41aa-batch-retry-003');
    assert.equal(retried.json().code, 200, retried.body);
    assert.equal(retried.json().data.total, 2);
    assert.equal(await count('batch_jobs'), jobsBefore + 1);
  });
}

describe('批量处理 start is idempotent (SQLite, table queue)', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildAccountApp({ BATCH_WORKERS: '1' }, { matting: new CornerColourMatting() });
    await ctx.app.ready();
  });
  after(() => ctx.close());
  startKeySuite(() => ctx);
});

describe('批量处理 start is idempotent (PostgreSQL, pg-boss)', () => {
  startKeySuite(
    usePostgres(async (env) => {
      const built = await buildAccountApp(
        { ...env, BATCH_WORKERS: '1' },
        { matting: new CornerColourMatting() },
      );
      await built.app.ready();
      return built;
    }),
  );
});
