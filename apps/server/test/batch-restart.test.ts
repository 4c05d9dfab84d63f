import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/index.ts';
import { queueBatchJob } from './batch-helpers.ts';
import { startFakeRembg } from './fakes/fake-rembg.ts';
import { insertBareUser, tempDir, writeFakeWebBuild } from './helpers.ts';
import { productPhoto } from './studio-helpers.ts';

const WORKER = path.join(import.meta.dirname, '../src/worker.ts');
const IMAGES = 3;

/** Polls `check` until it holds; two minutes, as a worker process starting on a busy machine takes seconds. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The real thing: `npm run worker` processes in their own right, one SIGKILLed while its image is
 * with the matting service, a second started on the same database. Matting goes to a fake rembg
 * service that takes its time, so the kill lands mid-image every run.
 */
describe('批量处理: a worker process killed mid-image', () => {
  const data = tempDir('batch-kill');
  const web = tempDir('batch-kill-web');
  const children: ChildProcess[] = [];
  /** Closed here, failed or not: an open server or database would keep the test file running. */
  const closers: (() => Promise<void>)[] = [];
  after(async () => {
    for (const child of children) child.kill('SIGKILL');
    for (const close of closers) await close();
    data.remove();
    web.remove();
  });

  it('a second worker goes on from the unfinished image; every image is done and charged once', async () => {
    writeFakeWebBuild(web.dir);
    const rembg = await startFakeRembg();
    closers.push(() => rembg.close());
    // The second image stays with the matting service until the first worker is killed.
    const release = rembg.hold(2);
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: data.dir,
      WEB_DIST_DIR: web.dir,
      MATTING_URL: rembg.url,
      BATCH_WORKERS: '1',
      LOG_LEVEL: 'error',
    };

    // The upload, as the app node takes it: a job of three images with their queue messages.
    const setup = await buildApp(loadConfig({ ...env, BATCH_WORKERS: '0' }), { logger: false });
    await setup.ready();
    const userId = await insertBareUser(setup.deps.db, {
      phone: '13800007777',
      inviteCode: 'KILL01',
      now: setup.deps.clock.now(),
    });
    const photo = await productPhoto({
      width: 800,
      height: 600,
      box: { left: 200, top: 150, width: 400, height: 300 },
    });
    const jobId = await queueBatchJob(
      setup.deps,
      userId,
      JSON.stringify({ cutout: false, marketplaces: ['amazon'], backgroundColor: null }),
      Array.from({ length: IMAGES }, (_, n) => ({
        name: `${n + 1}.png`,
        bytes: photo,
        contentType: 'image/png',
      })),
    );
    await setup.close();

    const database = openDatabase({ dataDir: data.dir });
    closers.push(() => database.close());
    const statuses = async () =>
      (
        await database.db
          .selectFrom('batch_items')
          .select('status')
          .where('job_id', '=', jobId)
          .orderBy('id')
          .execute()
      ).map((r) => r.status);

    const first = spawn(process.execPath, [WORKER], { env, stdio: 'ignore' });
    children.push(first);
    // Killed while its second image is with the matting service: one done, one processing.
    await until(
      async () => rembg.seen.length >= 2 && (await statuses()).includes('done'),
      'the first worker to be mid-image',
    );
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const atKill = await statuses();
    assert.deepEqual(atKill, ['done', 'processing', 'waiting'], 'killed mid-image');
    release();

    const second = spawn(process.execPath, [WORKER], { env, stdio: 'ignore' });
    children.push(second);
    const jobStatus = async () =>
      (
        await database.db
          .selectFrom('batch_jobs')
          .select('status')
          .where('id', '=', jobId)
          .executeTakeFirstOrThrow()
      ).status;
    // The job's own status follows its last image a moment later: on a busy machine the worker was
    // stopped in between and the job read 'running'.
    await until(
      async () => (await statuses()).every((s) => s === 'done') && (await jobStatus()) === 'done',
      'the second worker to finish the job',
    );
    second.kill('SIGTERM');

    const uses = await database.db
      .selectFrom('usage_ledger')
      .select(['feature', 'delta'])
      .where('user_id', '=', userId)
      .execute();
    assert.equal(
      uses.reduce((sum, u) => sum + Number(u.delta), 0),
      IMAGES,
      'one main image each, charged once',
    );
    assert.equal(await jobStatus(), 'done');
    assert.ok(rembg.seen.length >= IMAGES + 1, 'the killed image was matted again');
  });
});
