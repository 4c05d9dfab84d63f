import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { moveItems } from '../src/jobs/items.ts';
import { cancelJob, pauseJob } from '../src/modules/localise/service.ts';
import { buildAccountApp } from './account-helpers.ts';
import { disagreement, jobState, seedLocaliseJob } from './job-core-helpers.ts';
import { usePostgres } from './postgres-app.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

const QUOTA_WORDS = '今日免费 Listing 次数已用完；明天 00:00 后自动继续，开通 VIP 后可以点「继续」马上继续';

/**
 * 一键出海 tasks paused by the day's quota go on by themselves after 00:00 China time, as 批量处理's
 * images do, through the same job core: nobody has to press 继续. A job the seller paused waits for
 * them, and a seller's 取消 pressed while the midnight round runs wins.
 */
function midnight(ctx: () => Ctx) {
  /** A job of `sites` tasks, every one paused by today's quota, as its worker leaves it. */
  async function quotaPausedJob(sites: number) {
    const { db } = ctx().app.deps;
    const job = await seedLocaliseJob(db, ctx().clock.now(), { products: 1, sites });
    await moveItems(db, 'localise_tasks', job.jobId, ['waiting'], {
      status: 'paused',
      reason: QUOTA_WORDS,
      now: ctx().clock.now(),
    });
    await db.updateTable('localise_jobs').set({ status: 'paused' }).where('id', '=', job.jobId).execute();
    return job;
  }

  /** Every queue message sent while `work` runs. */
  async function sentDuring(work: () => Promise<unknown>): Promise<number[]> {
    const { queue } = ctx().app.deps;
    const sent: number[] = [];
    const send = queue.send;
    queue.send = async (name, data) => {
      sent.push((data as { taskId: number }).taskId);
      return send(name, data);
    };
    try {
      await work();
    } finally {
      queue.send = send;
    }
    return sent.sort((a, b) => a - b);
  }

  it('after midnight the quota-paused job runs again by itself and its tasks are sent; not before, and the seller’s pause waits', async () => {
    ctx().clock.set('2026-11-22T22:00:00+08:00');
    const quota = await quotaPausedJob(3);
    const seller = await seedLocaliseJob(ctx().app.deps.db, ctx().clock.now(), { products: 1, sites: 2 });
    await pauseJob(ctx().app.deps, seller.userId, seller.jobId);

    ctx().clock.set('2026-11-22T23:59:00+08:00');
    assert.equal(await ctx().app.jobs.run('localise.resume-after-midnight'), 0, 'not before midnight');
    assert.equal((await jobState(ctx().app.deps.db, quota.jobId)).status, 'paused');

    ctx().clock.set('2026-11-23T00:10:00+08:00');
    const sent = await sentDuring(async () =>
      assert.equal(await ctx().app.jobs.run('localise.resume-after-midnight'), 3),
    );
    assert.deepEqual(sent, quota.taskIds, 'each quota-paused task sent once');
    assert.deepEqual(await jobState(ctx().app.deps.db, quota.jobId), {
      status: 'running',
      counts: { waiting: 3 },
    });
    assert.deepEqual(
      await jobState(ctx().app.deps.db, seller.jobId),
      { status: 'paused', counts: { paused: 2 } },
      'the seller paused it: it waits for 继续',
    );
    assert.equal(
      await ctx().app.jobs.run('localise.resume-after-midnight'),
      0,
      'a second round finds nothing',
    );
  });

  it('取消 pressed while the midnight round runs: cancelled, every task with it', async () => {
    for (let round = 0; round < 8; round += 1) {
      ctx().clock.set('2026-11-24T22:00:00+08:00');
      const job = await quotaPausedJob(4);
      ctx().clock.set('2026-11-25T00:10:00+08:00');
      const [resumed, cancelled] = await Promise.allSettled([
        ctx().app.jobs.run('localise.resume-after-midnight'),
        cancelJob(ctx().app.deps, job.userId, job.jobId),
      ] as const);
      assert.equal(resumed.status, 'fulfilled');
      assert.equal(cancelled.status, 'fulfilled', 'a cancel goes through a paused or running job');
      const state = await jobState(ctx().app.deps.db, job.jobId);
      assert.equal(disagreement(state), null, `round ${round}`);
      assert.deepEqual(state, { status: 'cancelled', counts: { cancelled: 4 } });
    }
  });
}

describe('一键出海 after midnight (SQLite, test clock)', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildAccountApp();
  });
  after(() => ctx.close());
  midnight(() => ctx);
});

describe('一键出海 after midnight (PostgreSQL, test clock)', () => {
  midnight(usePostgres((env) => buildAccountApp(env)));
});
