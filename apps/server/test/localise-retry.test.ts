/**
 * 一键出海: a provider that times out is asked once more before a site fails (issue 55). A slow
 * moment of the provider should not fail a site of a job the seller left running; a provider that
 * stays silent fails it after the second try, charged nothing. The idle limit is short here (the job
 * tests use 20 s) so that silence ends quickly.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { auth, get } from './account-helpers.ts';
import { isListingRequest } from './fakes/fake-listing-answers.ts';
import {
  buildJobApp,
  CUP_FACTS,
  cupPhoto,
  type JobCtx,
  startLocalise,
  uploadLocalisePhoto,
  waitForJob,
} from './localise-helpers.ts';

describe('一键出海 · a provider that times out', () => {
  let ctx: JobCtx;
  let photo: number;
  before(async () => {
    ctx = await buildJobApp({ LLM_IDLE_TIMEOUT_MS: '1500' }, 20);
    photo = await uploadLocalisePhoto(ctx.app, ctx.token, await cupPhoto());
  });
  after(() => ctx.close());

  const run = async () => {
    const product = { facts: CUP_FACTS, mainPhotoId: photo, detailPhotoIds: [] };
    const started = await startLocalise(ctx, product, ['amazon-US']);
    const detail = await waitForJob(ctx, started.job.id);
    return detail.tasks[0];
  };
  const chatUsed = async () => {
    const info = (await get(ctx.app, '/api/v1/info', auth(ctx.token))).json().data;
    return info.usage.find((u: { feature: string }) => u.feature === 'chat')?.used ?? 0;
  };
  const listingAsks = () => ctx.fake.requests.filter((r) => isListingRequest(r.messages)).length;

  it('silent once: asked again, delivered, charged once', async () => {
    const [asked, used] = [listingAsks(), await chatUsed()];
    let silences = 0;
    ctx.fake.failWhen = (body) => (isListingRequest(body.messages) && silences++ === 0 ? 'silent' : null);
    try {
      const task = await run();
      assert.equal(task.status, 'done', task.reason);
    } finally {
      ctx.fake.failWhen = null;
    }
    assert.equal(listingAsks() - asked, 2);
    assert.equal((await chatUsed()) - used, 1);
  });

  it('silent every time: failed after the second try, saying it timed out, charged nothing', async () => {
    const [asked, used] = [listingAsks(), await chatUsed()];
    ctx.fake.failWhen = (body) => (isListingRequest(body.messages) ? 'silent' : null);
    let task: { status: string; reason: string };
    try {
      task = await run();
    } finally {
      ctx.fake.failWhen = null;
    }
    assert.equal(task.status, 'failed');
    assert.match(task.reason, /^AI 服务长时间没有响应，本次不扣次数/);
    assert.equal(listingAsks() - asked, 2);
    assert.equal((await chatUsed()) - used, 0);
  });
});
