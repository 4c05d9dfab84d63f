import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cancelJob, pauseJob, resumeJob } from '../src/modules/localise/service.ts';
import { buildAccountApp } from './account-helpers.ts';
import { claimTask, disagreement, finishTask, jobState, seedLocaliseJob } from './job-core-helpers.ts';
import { usePostgres } from './postgres-app.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

/** Each scene is played this many times over, on fresh jobs: the interleavings differ from one to the next. */
const ROUNDS = 12;

/**
 * 暂停, 继续 and 取消 pressed twice at once, or while the job's last open task settles, end in one
 * state that the job and its tasks agree on. They used to be two writes outside a transaction, in
 * different orders, and the roll-up a read, a read and a write: a 继续 landing between the roll-up's
 * reads and its write left a paused job with waiting tasks, which its workers then paused again.
 */
function races(ctx: () => Ctx) {
  const seller = (jobOwner: { userId: number; jobId: number }) =>
    [ctx().app.deps, jobOwner.userId, jobOwner.jobId] as const;
  const settled = (first: Promise<unknown>, second: Promise<unknown>) =>
    Promise.allSettled([first, second] as const);
  const expectAgreement = async (jobId: number, scene: string) => {
    const state = await jobState(ctx().app.deps.db, jobId);
    assert.equal(disagreement(state), null, scene);
    return state;
  };

  it('暂停 and 取消 at once: cancelled, nothing left waiting or paused', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const job = await seedLocaliseJob(ctx().app.deps.db, ctx().clock.now(), { products: 2, sites: 3 });
      const [pause, cancel] = await settled(pauseJob(...seller(job)), cancelJob(...seller(job)));
      assert.equal(cancel.status, 'fulfilled', 'a cancel always goes through a running or paused job');
      const state = await expectAgreement(job.jobId, `round ${round}: pause ${pause.status}`);
      assert.equal(state.status, 'cancelled');
      assert.deepEqual(state.counts, { cancelled: 6 });
    }
  });

  it('暂停 and 继续 at once: either paused with every task paused or running with every task waiting', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const job = await seedLocaliseJob(ctx().app.deps.db, ctx().clock.now(), { products: 2, sites: 3 });
      await settled(pauseJob(...seller(job)), resumeJob(...seller(job)));
      const state = await expectAgreement(job.jobId, `round ${round}`);
      assert.ok(
        (state.status === 'paused' && state.counts.paused === 6) ||
          (state.status === 'running' && state.counts.waiting === 6),
        JSON.stringify(state),
      );
    }
  });

  it('继续 while the last task being made finishes: running, the paused tasks waiting again', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { db } = ctx().app.deps;
      const job = await seedLocaliseJob(db, ctx().clock.now(), { products: 1, sites: 4 });
      // One task was being made when the seller paused: the rest wait for 继续.
      const claimedAt = await claimTask(db, job.taskIds[0] as number, ctx().clock.now());
      await pauseJob(...seller(job));
      const [resume] = await settled(
        resumeJob(...seller(job)),
        finishTask(ctx().app.deps, job.taskIds[0] as number, claimedAt),
      );
      assert.equal(resume.status, 'fulfilled');
      const state = await expectAgreement(job.jobId, `round ${round}`);
      assert.deepEqual(state, { status: 'running', counts: { done: 1, waiting: 3 } });
    }
  });

  it('暂停 or 取消 while the last open task finishes: paused or cancelled, as pressed', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { db } = ctx().app.deps;
      const press = round % 2 === 0 ? pauseJob : cancelJob;
      const job = await seedLocaliseJob(db, ctx().clock.now(), { products: 1, sites: 2 });
      const claimedAt = await claimTask(db, job.taskIds[0] as number, ctx().clock.now());
      const [pressed] = await settled(
        press(...seller(job)),
        finishTask(ctx().app.deps, job.taskIds[0] as number, claimedAt),
      );
      const state = await expectAgreement(job.jobId, `round ${round}`);
      if (press === cancelJob) {
        assert.equal(pressed.status, 'fulfilled');
        assert.deepEqual(state, { status: 'cancelled', counts: { done: 1, cancelled: 1 } });
      } else {
        assert.equal(pressed.status, 'fulfilled', 'the job was running: the pause goes through');
        assert.deepEqual(state, { status: 'paused', counts: { done: 1, paused: 1 } });
      }
    }
  });

  it('继续 twice at once sends each paused task once', async () => {
    const { db, queue } = ctx().app.deps;
    const job = await seedLocaliseJob(db, ctx().clock.now(), { products: 1, sites: 3 });
    await pauseJob(...seller(job));
    const sent: unknown[] = [];
    const send = queue.send;
    queue.send = async (name, data) => {
      sent.push(data);
      return send(name, data);
    };
    try {
      await settled(resumeJob(...seller(job)), resumeJob(...seller(job)));
    } finally {
      queue.send = send;
    }
    assert.deepEqual(await expectAgreement(job.jobId, 'two resumes'), {
      status: 'running',
      counts: { waiting: 3 },
    });
    assert.deepEqual(
      sent.map((data) => (data as { taskId: number }).taskId).sort((a, b) => a - b),
      job.taskIds,
      'each task sent once',
    );
  });
}

describe('一键出海 pause, resume and cancel races (SQLite)', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildAccountApp();
  });
  after(() => ctx.close());
  races(() => ctx);
});

describe('一键出海 pause, resume and cancel races (PostgreSQL)', () => {
  races(usePostgres((env) => buildAccountApp(env)));
});
