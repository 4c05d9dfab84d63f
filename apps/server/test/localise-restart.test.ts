import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { nextChinaMidnight } from '@chuhai/contract';
import { unzipSync } from 'fflate';
import { claimTask, taskById } from '../src/modules/localise/repository.ts';
import { processTask } from '../src/modules/localise/worker.ts';
import { auth, get, post } from './account-helpers.ts';
import { buildChatApp } from './chat-helpers.ts';
import { chargedUses, until } from './job-helpers.ts';
import { CUP_FACTS, cupPhoto, startLocalise, uploadLocalisePhoto } from './localise-helpers.ts';
import { usePostgres } from './postgres-app.ts';
import { CornerColourMatting } from './studio-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildChatApp>>;

/** Past the 5-minute lease a task may go without a stage change before its worker is taken to be dead. */
const PAST_THE_LEASE_MS = 6 * 60_000;

/**
 * A job for one site whose queue message nobody takes (BATCH_WORKERS=0): this test plays the workers,
 * calling the queue's handler itself.
 */
async function startOneSiteJob(ctx: Ctx): Promise<{ jobId: number; taskId: number; userId: number }> {
  const mainPhotoId = await uploadLocalisePhoto(ctx.app, ctx.token, await cupPhoto());
  const product = { facts: CUP_FACTS, mainPhotoId, detailPhotoIds: [] };
  const started = await startLocalise(ctx, product, ['amazon-US']);
  const taskId = started.tasks[0].id;
  const task = await taskById(ctx.app.deps.db, taskId);
  return { jobId: started.job.id, taskId, userId: Number(task?.user_id) };
}

const ledger = (ctx: Ctx, userId: number) => chargedUses(ctx.app.deps.db, userId);

function restartSuite(ctx: () => Ctx, matting: CornerColourMatting) {
  it('a task claimed by a worker that was killed: nothing is charged until the sweep hands it out, then once', async () => {
    const { app, clock } = ctx();
    const { jobId, taskId, userId } = await startOneSiteJob(ctx());
    const before = await ledger(ctx(), userId);
    // The dead worker claimed it and was killed; the message redelivered meanwhile finds it taken.
    assert.equal(await claimTask(app.deps.db, taskId, clock.now()), true);
    await processTask(app.deps, taskId);
    assert.equal((await taskById(app.deps.db, taskId))?.status, 'processing');
    assert.deepEqual(await ledger(ctx(), userId), before, 'nothing charged while it is the dead worker’s');
    assert.equal(await app.jobs.run('localise.requeue-stale'), 0, 'not before its lease ran out');

    clock.advance(PAST_THE_LEASE_MS);
    assert.equal(await app.jobs.run('localise.requeue-stale'), 1);
    // Handed out again, and its message delivered twice: two workers at once, one takes it.
    await Promise.all([processTask(app.deps, taskId), processTask(app.deps, taskId)]);
    const detail = (await get(app, `/api/v1/localise/${jobId}`, auth(ctx().token))).json().data;
    assert.equal(detail.job.status, 'done');
    assert.deepEqual(detail.tasks[0].charged, { chat: 1, cutout: 1 });
    assert.deepEqual(await ledger(ctx(), userId), [...before, 'chat:1', 'cutout:1'].sort());
  });

  it('a worker that only looked dead finishes after another took its task over: its result is dropped, charged once, delivered once', async () => {
    const { app, clock, fake } = ctx();
    const { jobId, taskId, userId } = await startOneSiteJob(ctx());
    const before = await ledger(ctx(), userId);
    const listings = () =>
      fake.requests.filter((r) => r.messages.some((m) => m.content.includes('商品名称'))).length;
    const listingsBefore = listings();
    // The slow worker stays with the matting service past its lease.
    matting.delayMs = 1500;
    const slow = processTask(app.deps, taskId);
    await until(
      async () => (await taskById(app.deps.db, taskId))?.stage === 'main',
      'the slow worker at the main image',
      { timeoutMs: 60_000, pollMs: 20 },
    );
    clock.advance(PAST_THE_LEASE_MS);
    assert.equal(await app.jobs.run('localise.requeue-stale'), 1);
    matting.delayMs = 0;
    await processTask(app.deps, taskId);
    const taken = await taskById(app.deps.db, taskId);
    assert.equal(taken?.status, 'done');
    await slow;

    const after = await taskById(app.deps.db, taskId);
    assert.deepEqual(after, taken, 'the slow worker changed nothing once it came back');
    assert.equal(listings() - listingsBefore, 2, 'both workers wrote a listing');
    assert.deepEqual(await ledger(ctx(), userId), [...before, 'chat:1', 'cutout:1'].sort(), 'charged once');
    const detail = (await get(app, `/api/v1/localise/${jobId}`, auth(ctx().token))).json().data;
    assert.equal(detail.job.status, 'done');
    assert.deepEqual(detail.job.counts, { done: 1 });
    const link = (await get(app, `/api/v1/localise/${jobId}/download`, auth(ctx().token))).json().data.url;
    const zip = unzipSync(new Uint8Array((await app.inject({ method: 'GET', url: link })).rawPayload));
    assert.deepEqual(Object.keys(zip).sort(), [
      'report.csv',
      '亚马逊 美国站.csv',
      '保温杯/亚马逊 美国站/listing.csv',
      '保温杯/亚马逊 美国站/main.jpg',
    ]);
  });

  it('a job the seller paused stays paused after midnight: only the day’s quota pauses end by themselves', async () => {
    const { app, clock } = ctx();
    const { jobId, taskId } = await startOneSiteJob(ctx());
    const paused = await post(app, `/api/v1/localise/${jobId}/pause`, {}, auth(ctx().token));
    assert.equal(paused.json().code, 200, paused.body);
    assert.equal((await taskById(app.deps.db, taskId))?.reason, '已暂停');
    clock.set(new Date(nextChinaMidnight(clock.now()) + 60_000).toISOString());
    assert.equal(await app.jobs.run('localise.resume-after-midnight'), 0);
    const detail = (await get(app, `/api/v1/localise/${jobId}`, auth(ctx().token))).json().data;
    assert.equal(detail.job.status, 'paused');
    assert.equal(detail.tasks[0].status, 'paused');
    await post(app, `/api/v1/localise/${jobId}/cancel`, {}, auth(ctx().token));
  });

  it('the sweep leaves a waiting task alone while its message is queued, and sends it again once the message is gone', async () => {
    const { app, clock } = ctx();
    const { taskId } = await startOneSiteJob(ctx());
    const message = { taskId };
    assert.equal(await app.deps.queue.pending('localise.task', message), true);
    const depth = await app.deps.queue.depth('localise.task');
    // A long job's tasks wait longer than the lease: each is still in the queue, nothing is added.
    clock.advance(PAST_THE_LEASE_MS);
    assert.equal(await app.jobs.run('localise.requeue-stale'), 0);
    assert.equal(await app.deps.queue.depth('localise.task'), depth, 'no second copy of a queued message');

    // The message is taken and dropped (its tries spent) while the task still waits: sent again.
    await app.deps.queue.work('localise.task', { concurrency: 1 }, async () => {});
    await until(async () => !(await app.deps.queue.pending('localise.task', message)), 'the message taken', {
      timeoutMs: 30_000,
      pollMs: 50,
    });
    clock.advance(PAST_THE_LEASE_MS);
    assert.equal(await app.jobs.run('localise.requeue-stale'), 1);
    assert.equal((await taskById(app.deps.db, taskId))?.status, 'waiting');
  });
}

// The chat tests' 400 ms idle limit would fail a site when a loaded machine makes the fake slow to
// start an answer (it did once, beside other tests): these tests are about claims, not silence.
describe('一键出海: exactly once across dead workers (SQLite, table queue)', () => {
  const matting = new CornerColourMatting();
  let ctx: Ctx;
  before(async () => {
    ctx = await buildChatApp({ BATCH_WORKERS: '0', LLM_IDLE_TIMEOUT_MS: '20000' }, {}, { matting });
    await ctx.app.ready();
  });
  after(() => ctx.close());
  restartSuite(() => ctx, matting);
});

describe('一键出海: exactly once across dead workers (PostgreSQL, pg-boss)', () => {
  const matting = new CornerColourMatting();
  restartSuite(
    usePostgres((env) =>
      buildChatApp({ ...env, BATCH_WORKERS: '0', LLM_IDLE_TIMEOUT_MS: '20000' }, {}, { matting }),
    ),
    matting,
  );
});
