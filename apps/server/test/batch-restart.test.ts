import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/index.ts';
import { queueBatchJob } from './batch-helpers.ts';
import { startFakeRembg } from './fakes/fake-rembg.ts';
import { insertBareUser, writeFakeWebBuild } from './helpers.ts';
import { chargedUses, itemStatuses, jobStatus, until, workerProcesses } from './job-helpers.ts';
import { productPhoto } from './studio-helpers.ts';

const IMAGES = 3;

/**
 * The real thing: `npm run worker` processes in their own right, one SIGKILLed while its image is
 * with the matting service, a second started on the same database. Matting goes to a fake rembg
 * service that takes its time, so the kill lands mid-image every run.
 */
describe('批量处理: a worker process killed mid-image', () => {
  const workers = workerProcesses('batch-kill');

  it('a second worker goes on from the unfinished image; every image is done and charged once', async () => {
    writeFakeWebBuild(workers.web.dir);
    const rembg = await startFakeRembg();
    workers.closers.push(() => rembg.close());
    // The second image stays with the matting service until the first worker is killed.
    const release = rembg.hold(2);
    const env = workers.env({ MATTING_URL: rembg.url });

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

    const database = openDatabase({ dataDir: workers.data.dir });
    workers.closers.push(() => database.close());
    const statuses = () => itemStatuses(database.db, 'batch_items', jobId);

    const first = workers.start(env);
    // Killed while its second image is with the matting service: one done, one processing.
    await until(
      async () => rembg.seen.length >= 2 && (await statuses()).includes('done'),
      'the first worker to be mid-image',
    );
    await workers.kill(first);
    const atKill = await statuses();
    assert.deepEqual(atKill, ['done', 'processing', 'waiting'], 'killed mid-image');
    release();

    const second = workers.start(env);
    // The job's own status follows its last image a moment later: on a busy machine the worker was
    // stopped in between and the job read 'running'.
    await until(
      async () =>
        (await statuses()).every((s) => s === 'done') &&
        (await jobStatus(database.db, 'batch_jobs', jobId)) === 'done',
      'the second worker to finish the job',
    );
    second.kill('SIGTERM');

    const uses = await chargedUses(database.db, userId);
    assert.equal(
      uses.reduce((sum, use) => sum + Number(use.split(':')[1]), 0),
      IMAGES,
      'one main image each, charged once',
    );
    assert.equal(await jobStatus(database.db, 'batch_jobs', jobId), 'done');
    assert.ok(rembg.seen.length >= IMAGES + 1, 'the killed image was matted again');
  });
});
