import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BATCH_HELD_LIMITS } from '@chuhai/contract';
import { buildAccountApp, registerUser } from './account-helpers.ts';
import { makePng } from './fakes/png.ts';
import { usePostgresApp } from './postgres-app.ts';
import { CornerColourMatting, postForm } from './studio-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;
const STEPS = JSON.stringify({ cutout: true, marketplaces: ['amazon'], backgroundColor: null });

/** `count` small distinct PNGs, as one upload's files. */
function images(count: number, from = 0) {
  return Array.from({ length: count }, (_, i) => ({
    field: 'files[]',
    name: `p${from + i}.png`,
    bytes: makePng(8, 8, () => [(from + i) % 256, 40, 90]),
  }));
}

const upload = (ctx: Ctx, token: string, files: ReturnType<typeof images>) =>
  postForm(ctx.app, '/api/v1/batch/jobs', token, { steps: STEPS }, files);

/**
 * Originals kept for a free account are capped however they arrive: in one upload, in several, or
 * in uploads sent at once. No worker runs here, so every accepted original stays kept.
 */
function heldSuite(ctx: () => Ctx) {
  const limit = BATCH_HELD_LIMITS.free.images;

  it(`takes ${limit} waiting originals from a free account and refuses the rest with the reason`, async () => {
    const token = await registerUser(ctx(), '13800008001', { ip: '10.96.0.1' });
    const first = await upload(ctx(), token, images(limit - 10));
    assert.equal(first.statusCode, 200, first.body);
    const second = (await upload(ctx(), token, images(20, limit))).json();
    assert.equal(second.data.total, 10);
    assert.equal(second.data.refused.length, 10);
    assert.match(second.data.refused[0].reason, new RegExp(`待处理的原图已达上限（最多 ${limit} 张`));
    const third = await upload(ctx(), token, images(1, 2 * limit));
    assert.equal(third.statusCode, 400);
    assert.match(third.json().msg, /待处理的原图已达上限/);
  });

  it('holds under uploads sent at once', async () => {
    const token = await registerUser(ctx(), '13800008002', { ip: '10.96.0.2' });
    const answers = await Promise.all(
      [0, 1, 2].map((n) => upload(ctx(), token, images(40, n * 40)).then((r) => r.json())),
    );
    const taken = answers.reduce((sum, a) => sum + (a.data?.total ?? 0), 0);
    assert.equal(taken, limit, JSON.stringify(answers.map((a) => a.data?.total ?? a.msg)));
  });
}

describe('批量处理: kept originals per account (SQLite)', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildAccountApp({ BATCH_WORKERS: '0' }, { matting: new CornerColourMatting() });
  });
  after(() => ctx.close());
  heldSuite(() => ctx);
});

describe('批量处理: kept originals per account (PostgreSQL)', () => {
  const ctx = usePostgresApp({ BATCH_WORKERS: '0' });
  heldSuite(ctx);
});
