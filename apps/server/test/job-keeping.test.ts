import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ResultCode } from '@chuhai/contract';
import { AppError } from '../src/lib/app-error.ts';
import { insertJob } from '../src/modules/batch/repository.ts';
import * as batch from '../src/modules/batch/service.ts';
import * as localise from '../src/modules/localise/service.ts';
import { buildAccountApp } from './account-helpers.ts';
import { seedLocaliseJob } from './job-core-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

const DAY = 86_400_000;

/** Whether the seller's job page opens: its detail, or the 404 of a job that does not exist. */
async function opens(detail: Promise<unknown>): Promise<boolean> {
  try {
    await detail;
    return true;
  } catch (error) {
    assert.ok(error instanceof AppError && error.code === ResultCode.notFound, String(error));
    return false;
  }
}

/**
 * 批量处理 and 一键出海 keep a job for a while, then it goes: the seller's list, the job's page and
 * the hourly purge must agree on when. 批量处理's page used to open a job its list no longer showed
 * (it never looked at the job's end), and 一键出海's page and purge kept a job one moment longer
 * than its list did.
 */
describe('a job past its keeping (SQLite)', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildAccountApp();
  });
  after(() => ctx.close());

  it('is gone from the list and the page at once, in 批量处理 and 一键出海 alike, and the purge takes it then', async () => {
    const { deps } = ctx.app;
    const start = ctx.clock.now();
    const { userId, jobId: localiseJob } = await seedLocaliseJob(deps.db, start, { products: 1, sites: 1 });
    const batchJob = await insertJob(deps.db, { userId, now: start, expiresAt: start + DAY });
    const listed = async () => ({
      batch: (await batch.listJobs(deps, userId)).map((job) => job.id),
      localise: (await localise.listJobs(deps, userId)).map((job) => job.id),
    });
    const pages = async () => ({
      batch: await opens(batch.jobDetail(deps, userId, batchJob)),
      localise: await opens(localise.jobDetail(deps, userId, localiseJob)),
    });

    ctx.clock.advance(DAY - 1);
    assert.deepEqual(await listed(), { batch: [batchJob], localise: [localiseJob] });
    assert.deepEqual(await pages(), { batch: true, localise: true });
    assert.equal(await ctx.app.jobs.run('batch.purge-expired'), 0);
    assert.equal(await ctx.app.jobs.run('localise.purge-expired'), 0);

    ctx.clock.advance(1);
    assert.deepEqual(await listed(), { batch: [], localise: [] });
    assert.deepEqual(await pages(), { batch: false, localise: false });
    assert.equal(await ctx.app.jobs.run('batch.purge-expired'), 1);
    assert.equal(await ctx.app.jobs.run('localise.purge-expired'), 1);
  });
});
