import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/index.ts';
import { startJob, uploadPhoto } from '../src/modules/localise/service.ts';
import { startFakeOpenAi } from './fakes/fake-openai.ts';
import { startFakeRembg } from './fakes/fake-rembg.ts';
import { insertBareUser, tempDir, writeFakeWebBuild } from './helpers.ts';
import { productPhoto } from './studio-helpers.ts';

const WORKER = path.join(import.meta.dirname, '../src/worker.ts');
const SITES = ['amazon-US'];
/** Two products (the sites of one product share its masks: a second site would not ask the matting service). */
const PRODUCTS = ['#331111', '#113311'];

/** Polls `check` until it holds; two minutes, as a worker process starting on a busy machine takes seconds. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * As 批量处理's batch-restart test: `npm run worker` processes, one SIGKILLed while its second
 * product × site is with the matting service (the fake rembg holds it), a second started on the
 * same database.
 */
describe('一键出海: a worker process killed mid-site (SQLite)', () => {
  const data = tempDir('localise-kill');
  const web = tempDir('localise-kill-web');
  const children: ChildProcess[] = [];
  const closers: (() => Promise<void>)[] = [];
  after(async () => {
    for (const child of children) child.kill('SIGKILL');
    for (const close of closers) await close();
    data.remove();
    web.remove();
  });

  it('a second worker goes on from the unfinished product × site; every one is done and charged once', async () => {
    writeFakeWebBuild(web.dir);
    const rembg = await startFakeRembg();
    closers.push(() => rembg.close());
    const openai = await startFakeOpenAi();
    closers.push(() => openai.close());
    // The second product's main image stays with the matting service until the first worker is killed.
    const release = rembg.hold(2);
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: data.dir,
      WEB_DIST_DIR: web.dir,
      MATTING_URL: rembg.url,
      LLM_BASE_URL: openai.url,
      LLM_API_KEY: 'sk-test-key',
      LLM_MODEL_STANDARD: 'fake-standard',
      LLM_MODEL_ADVANCED: 'fake-advanced',
      BATCH_WORKERS: '1',
      LOG_LEVEL: 'error',
    };

    // The start, as the app node takes it: a job of two sites with their queue messages.
    const setup = await buildApp(loadConfig({ ...env, BATCH_WORKERS: '0' }), { logger: false });
    await setup.ready();
    const userId = await insertBareUser(setup.deps.db, {
      phone: '13800008888',
      inviteCode: 'KILL02',
      now: setup.deps.clock.now(),
    });
    const facts = {
      productName: '保温杯',
      brand: 'Chuhai',
      material: '304 不锈钢',
      size: '750 ml',
      sellingPoints: '保冷 24 小时',
      keywords: '保温杯',
      inTheBox: '水杯 1 个',
    };
    const products = [];
    for (const colour of PRODUCTS) {
      const photo = await productPhoto({
        width: 800,
        height: 600,
        box: { left: 200, top: 150, width: 400, height: 300 },
        product: colour,
      });
      const main = await uploadPhoto(setup.deps, userId, photo);
      products.push({ facts, mainPhotoId: main.id, detailPhotoIds: [] });
    }
    const jobId = await startJob(setup.deps, userId, { products, sites: SITES });
    await setup.close();

    const database = openDatabase({ dataDir: data.dir });
    closers.push(() => database.close());
    const statuses = async () =>
      (
        await database.db
          .selectFrom('localise_tasks')
          .select('status')
          .where('job_id', '=', jobId)
          .orderBy('id')
          .execute()
      ).map((r) => r.status);

    const first = spawn(process.execPath, [WORKER], { env, stdio: 'ignore' });
    children.push(first);
    await until(
      async () => rembg.seen.length >= 2 && (await statuses()).includes('done'),
      'the first worker to be mid-site',
    );
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    assert.deepEqual(await statuses(), ['done', 'processing'], 'killed mid-site');
    const listingsAtKill = openai.requests.length;
    release();

    const second = spawn(process.execPath, [WORKER], { env, stdio: 'ignore' });
    children.push(second);
    const jobStatus = async () =>
      (
        await database.db
          .selectFrom('localise_jobs')
          .select('status')
          .where('id', '=', jobId)
          .executeTakeFirstOrThrow()
      ).status;
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
    assert.deepEqual(
      uses.map((u) => `${u.feature}:${u.delta}`).sort(),
      ['chat:1', 'chat:1', 'cutout:1', 'cutout:1'],
      'one listing and one main image per product × site, charged once',
    );
    assert.ok(openai.requests.length > listingsAtKill, 'the killed product × site was written again');
    assert.ok(rembg.seen.length >= PRODUCTS.length + 1, 'the killed product × site was matted again');
  });
});
