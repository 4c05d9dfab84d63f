import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { jobTasks } from '../src/modules/localise/repository.ts';
import { auth, post } from './account-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { CUP_FACTS, cupPhoto, uploadLocalisePhoto } from './localise-helpers.ts';
import { usePostgres } from './postgres-app.ts';

type Ctx = Awaited<ReturnType<typeof buildChatApp>>;

/**
 * 开始出海 pressed twice (or ten times at once, or retried after a lost answer): one job, its tasks
 * queued once. Nobody works the queue here (BATCH_WORKERS=0): the test counts what was started.
 */
function startKeySuite(ctx: () => Ctx) {
  let body: { products: object[]; sites: string[] };
  before(async () => {
    const mainPhotoId = await uploadLocalisePhoto(ctx().app, ctx().token, await cupPhoto());
    body = {
      products: [{ facts: CUP_FACTS, mainPhotoId, detailPhotoIds: [] }],
      sites: ['amazon-US', 'shopee-SG'],
    };
  });
  const start = (extra: object) =>
    post(ctx().app, '/api/v1/localise', { ...body, ...extra }, auth(ctx().token));
  const jobs = async () =>
    Number(
      (
        await ctx()
          .app.deps.db.selectFrom('localise_jobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('ten starts with one key at once make one job, queued once, and each gets its answer', async () => {
    const jobsBefore = await jobs();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => start({ startKey: '4b1d6f0e-double-click-01' })),
    );
    for (const answer of answers) assert.equal(answer.json().code, 200, answer.body);
    const ids = new Set(answers.map((a) => a.json().data.job.id));
    assert.equal(ids.size, 1, 'the same job for every repeat');
    assert.equal(await jobs(), jobsBefore + 1);
    const tasks = await jobTasks(ctx().app.deps.db, [...ids][0]);
    assert.equal(tasks.length, 2, 'one task per site, once');
    for (const task of tasks)
      assert.equal(await ctx().app.deps.queue.pending('localise.task', { taskId: Number(task.id) }), true);

    // Pressed again a minute later: still that job.
    const again = await start({ startKey: '4b1d6f0e-double-click-01' });
    assert.equal(again.json().data.job.id, [...ids][0]);
    assert.equal(await jobs(), jobsBefore + 1);
  });

  it('a new key is a new job; a start without a key is always new; a malformed key is refused', async () => {
    const jobsBefore = await jobs();
    assert.equal((await start({ startKey: '4b1d6f0e-second-job-0002' })).json().code, 200);
    assert.equal((await start({})).json().code, 200);
    assert.equal((await start({})).json().code, 200);
    assert.equal(await jobs(), jobsBefore + 3);
    const bad = await start({ startKey: 'x' });
    assert.equal(bad.statusCode, 400);
    assert.equal(await jobs(), jobsBefore + 3);
  });
}

describe('开始出海 is idempotent (SQLite, table queue)', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildChatApp({ BATCH_WORKERS: '0' });
    await ctx.app.ready();
  });
  after(() => ctx.close());
  startKeySuite(() => ctx);
});

describe('开始出海 is idempotent (PostgreSQL, pg-boss)', () => {
  startKeySuite(usePostgres((env) => buildChatApp({ ...env, BATCH_WORKERS: '0' })));
});
