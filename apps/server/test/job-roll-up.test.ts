import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { rollUpJob } from '../src/jobs/roll-up.ts';
import { LOCALISE_TABLES, settleTask } from '../src/modules/localise/repository.ts';
import { EMPTY_RESULT } from '../src/modules/localise/task-result.ts';
import { buildAccountApp } from './account-helpers.ts';
import { claimTask, finishTask, jobState, queryCounter, seedLocaliseJob } from './job-core-helpers.ts';

/**
 * A job's status follows its items: after each item settles the job is rolled up. That roll-up used
 * to read the job and then every task of it with its JSON result, after every task: a catalogue of
 * 50 products × 20 sites read half a million task rows to finish. Now it is one GROUP BY per item
 * (a handful of rows), and the job is locked and written once, when nothing is left open.
 */
describe('the roll-up of a job of 50 products × 20 sites', () => {
  let ctx: Awaited<ReturnType<typeof buildAccountApp>>;
  before(async () => {
    ctx = await buildAccountApp();
  });
  after(() => ctx.close());

  it('is one query per settled task, reading a few rows each, and ends the job done once', async () => {
    const { db } = ctx.app.deps;
    const { jobId, taskIds } = await seedLocaliseJob(db, ctx.clock.now(), { products: 50, sites: 20 });
    assert.equal(taskIds.length, 1000);
    const counter = queryCounter();
    const counted = { db: db.withPlugin(counter.plugin), clock: ctx.clock };
    let rollUpQueries = 0;
    let rollUpRows = 0;
    let mostInOne = 0;
    for (const taskId of taskIds) {
      const claimedAt = await claimTask(db, taskId, ctx.clock.now());
      await settleTask(db, taskId, claimedAt, {
        status: 'done',
        reason: '',
        result: EMPTY_RESULT,
        now: ctx.clock.now(),
      });
      counter.reset();
      await rollUpJob(counted, LOCALISE_TABLES, jobId);
      rollUpQueries += counter.queries;
      rollUpRows += counter.rows;
      mostInOne = Math.max(mostInOne, counter.queries);
      if (taskId !== taskIds.at(-1))
        assert.equal((await jobState(db, jobId)).status, 'running', 'running while any task is open');
    }
    // 999 roll-ups with tasks still open: one GROUP BY each. The last: the GROUP BY, then under the
    // job's lock its row, the GROUP BY again and the write.
    assert.equal(rollUpQueries, 1000 + 3, `${rollUpQueries} queries for 1000 roll-ups`);
    assert.ok(mostInOne <= 4, `one roll-up ran ${mostInOne} queries`);
    // A GROUP BY reads one row per status present: at most two here (waiting and done).
    assert.ok(rollUpRows <= 2 * 1000 + 3, `${rollUpRows} rows read for 1000 roll-ups`);
    const done = await db
      .selectFrom('localise_jobs')
      .select(['status', 'ended_at'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    assert.equal(done.status, 'done');
    assert.equal(Number(done.ended_at), ctx.clock.now());
  });

  it('a job with only paused tasks left pauses; a cancelled one stays cancelled', async () => {
    const { db } = ctx.app.deps;
    const paused = await seedLocaliseJob(db, ctx.clock.now(), { products: 1, sites: 2 });
    const [first, second] = paused.taskIds as [number, number];
    const at = await claimTask(db, first, ctx.clock.now());
    await settleTask(db, first, at, { status: 'paused', reason: '今日免费次数已用完', now: ctx.clock.now() });
    await rollUpJob(ctx.app.deps, LOCALISE_TABLES, paused.jobId);
    assert.equal((await jobState(db, paused.jobId)).status, 'running', 'the second is still waiting');
    await finishTask(ctx.app.deps, second, await claimTask(db, second, ctx.clock.now()));
    assert.equal((await jobState(db, paused.jobId)).status, 'paused');

    const cancelled = await seedLocaliseJob(db, ctx.clock.now(), { products: 1, sites: 1 });
    const only = cancelled.taskIds[0] as number;
    await db
      .updateTable('localise_jobs')
      .set({ status: 'cancelled' })
      .where('id', '=', cancelled.jobId)
      .execute();
    await finishTask(ctx.app.deps, only, await claimTask(db, only, ctx.clock.now()));
    assert.equal((await jobState(db, cancelled.jobId)).status, 'cancelled');
  });
});
