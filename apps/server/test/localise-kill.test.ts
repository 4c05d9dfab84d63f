import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/index.ts';
import { startJob, uploadPhoto } from '../src/modules/localise/service.ts';
import { startFakeOpenAi } from './fakes/fake-openai.ts';
import { startFakeRembg } from './fakes/fake-rembg.ts';
import { insertBareUser, writeFakeWebBuild } from './helpers.ts';
import { chargedUses, itemStatuses, jobStatus, until, workerProcesses } from './job-helpers.ts';
import { CUP_FACTS, cupPhoto } from './localise-helpers.ts';

const SITES = ['amazon-US'];
/** Two products (the sites of one product share its masks: a second site would not ask the matting service). */
const PRODUCTS = ['#331111', '#113311'];

/**
 * As 批量处理's batch-restart test: `npm run worker` processes, one SIGKILLed while its second product ×
 * site is with the matting service (the fake rembg holds it), a second started on the same database.
 */
describe('一键出海: a worker process killed mid-site (SQLite)', () => {
  const workers = workerProcesses('localise-kill');

  it('a second worker goes on from the unfinished product × site; every one is done and charged once', async () => {
    writeFakeWebBuild(workers.web.dir);
    const rembg = await startFakeRembg();
    workers.closers.push(() => rembg.close());
    const openai = await startFakeOpenAi();
    workers.closers.push(() => openai.close());
    // The second product's main image stays with the matting service until the first worker is killed.
    const release = rembg.hold(2);
    const env = workers.env({
      MATTING_URL: rembg.url,
      LLM_BASE_URL: openai.url,
      LLM_API_KEY: 'sk-test-key',
      LLM_MODEL_STANDARD: 'fake-standard',
      LLM_MODEL_ADVANCED: 'fake-advanced',
    });

    // The start, as the app node takes it: a job of two sites with their queue messages.
    const setup = await buildApp(loadConfig({ ...env, BATCH_WORKERS: '0' }), { logger: false });
    await setup.ready();
    const userId = await insertBareUser(setup.deps.db, {
      phone: '13800008888',
      inviteCode: 'KILL02',
      now: setup.deps.clock.now(),
    });
    const products = [];
    for (const colour of PRODUCTS) {
      const main = await uploadPhoto(setup.deps, userId, await cupPhoto(colour));
      products.push({ facts: CUP_FACTS, mainPhotoId: main.id, detailPhotoIds: [] });
    }
    const jobId = await startJob(setup.deps, userId, { products, sites: SITES });
    await setup.close();

    const database = openDatabase({ dataDir: workers.data.dir });
    workers.closers.push(() => database.close());
    const statuses = () => itemStatuses(database.db, 'localise_tasks', jobId);

    const first = workers.start(env);
    await until(
      async () => rembg.seen.length >= 2 && (await statuses()).includes('done'),
      'the first worker to be mid-site',
    );
    await workers.kill(first);
    assert.deepEqual(await statuses(), ['done', 'processing'], 'killed mid-site');
    const listingsAtKill = openai.requests.length;
    release();

    const second = workers.start(env);
    await until(
      async () =>
        (await statuses()).every((s) => s === 'done') &&
        (await jobStatus(database.db, 'localise_jobs', jobId)) === 'done',
      'the second worker to finish the job',
    );
    second.kill('SIGTERM');

    assert.deepEqual(
      await chargedUses(database.db, userId),
      ['chat:1', 'chat:1', 'cutout:1', 'cutout:1'],
      'one listing and one main image per product × site, charged once',
    );
    assert.ok(openai.requests.length > listingsAtKill, 'the killed product × site was written again');
    assert.ok(rembg.seen.length >= PRODUCTS.length + 1, 'the killed product × site was matted again');
  });
});
