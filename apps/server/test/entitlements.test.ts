import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAILY_QUOTAS, ResultCode } from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/database.ts';
import { openDatabase } from '../src/db/index.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { AppError } from '../src/lib/app-error.ts';
import { grantVip, refundUse, takeUse, usageToday } from '../src/modules/entitlement/service.ts';
import { auth, buildAccountApp, FakeClock, get, registerUser } from './account-helpers.ts';
import { tempDir } from './helpers.ts';
import { startTestPostgres } from './postgres.ts';

const DAY = 86_400_000;

async function newUser(db: Kysely<Database>, phone: string): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      phone,
      password_hash: null,
      invite_code: phone.slice(3),
      invited_by: null,
      created_at: 0,
      updated_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function rejectsWith(promise: Promise<unknown>, code: number): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof AppError, String(error));
    assert.equal(error.code, code);
    return error;
  }
  assert.fail(`expected code ${code}`);
}

/** The same rules on both databases. */
function entitlementSuite(
  name: string,
  open: () => Promise<{ url?: string; dataDir: string; stop: () => Promise<void> }>,
) {
  describe(`entitlements on ${name}`, () => {
    let handle: ReturnType<typeof openDatabase>;
    let stop: () => Promise<void>;
    const clock = new FakeClock();
    let deps: { db: Kysely<Database>; clock: FakeClock };

    before(async () => {
      const target = await open();
      stop = target.stop;
      handle = openDatabase({ databaseUrl: target.url, dataDir: target.dataDir });
      await migrateToLatest(handle.db as Kysely<unknown>);
      deps = { db: handle.db, clock };
    });
    after(async () => {
      await handle?.close();
      await stop?.();
    });

    it('takes the free quota, then answers 200002 with the feature, limit and reset time', async () => {
      clock.set('2026-11-22T10:00:00+08:00');
      const userId = await newUser(deps.db, '13900000001');
      for (let i = 0; i < DAILY_QUOTAS.free.draw; i++) await takeUse(deps, userId, 'draw');
      const error = await rejectsWith(takeUse(deps, userId, 'draw'), ResultCode.quotaExceeded);
      assert.deepEqual(error.data, {
        feature: 'draw',
        limit: DAILY_QUOTAS.free.draw,
        resetAt: Date.parse('2026-11-23T00:00:00+08:00'),
      });
      assert.equal(error.message, '今日免费 AI 绘画额度（2 张）已用完，开通 VIP 每天可用 50 张');
      clock.set('2026-11-23T00:00:00+08:00');
      await takeUse(deps, userId, 'draw');
    });

    it('refunds a failed use against the day it was taken, once', async () => {
      clock.set('2026-11-24T23:59:59+08:00');
      const userId = await newUser(deps.db, '13900000002');
      const ticket = await takeUse(deps, userId, 'draw');
      await takeUse(deps, userId, 'draw');
      clock.set('2026-11-25T00:00:01+08:00');
      await takeUse(deps, userId, 'draw');
      await takeUse(deps, userId, 'draw');
      assert.equal(await refundUse(deps, ticket), true);
      assert.equal(await refundUse(deps, ticket), false);
      await rejectsWith(takeUse(deps, userId, 'draw'), ResultCode.quotaExceeded);
      const today = await usageToday(deps.db, userId, false, clock.now());
      assert.equal(today.find((u) => u.feature === 'draw')?.used, 2);
      const yesterday = await usageToday(deps.db, userId, false, Date.parse('2026-11-24T12:00:00+08:00'));
      assert.equal(yesterday.find((u) => u.feature === 'draw')?.used, 1);
      const ledger = await deps.db
        .selectFrom('usage_ledger')
        .selectAll()
        .where('user_id', '=', userId)
        .execute();
      assert.equal(ledger.length, 5, 'four uses and one refund, each a row');
    });

    it('keeps VIP-only features from free users with 200001, and gives VIPs their larger quota', async () => {
      clock.set('2026-11-26T09:00:00+08:00');
      const userId = await newUser(deps.db, '13900000003');
      await rejectsWith(takeUse(deps, userId, 'chat', { vipOnly: true }), ResultCode.vipRequired);
      await grantVip(deps.db, { userId, days: 31, source: 'order', sourceRef: 'T-1' }, clock.now());
      await takeUse(deps, userId, 'chat', { vipOnly: true });
      for (let i = 0; i < DAILY_QUOTAS.free.draw + 3; i++) await takeUse(deps, userId, 'draw');
      const usage = await usageToday(deps.db, userId, true, clock.now());
      assert.deepEqual(
        usage.find((u) => u.feature === 'draw'),
        { feature: 'draw', name: 'AI 绘画', used: 5, limit: 50 },
      );
    });

    it('extends VIP from the later of now and the current end, and applies a grant once', async () => {
      clock.set('2026-11-27T12:00:00+08:00');
      const userId = await newUser(deps.db, '13900000004');
      const first = await grantVip(
        deps.db,
        { userId, days: 31, source: 'order', sourceRef: 'T-2' },
        clock.now(),
      );
      assert.equal(first.levelEndAt, clock.now() + 31 * DAY);
      const second = await grantVip(
        deps.db,
        { userId, days: 3, source: 'invite', sourceRef: 'I-1' },
        clock.now() + DAY,
      );
      assert.equal(second.levelEndAt, first.levelEndAt + 3 * DAY);
      const repeated = await grantVip(
        deps.db,
        { userId, days: 31, source: 'order', sourceRef: 'T-2' },
        clock.now(),
      );
      assert.deepEqual(repeated, { levelEndAt: first.levelEndAt, granted: false });
      const afterLapse = first.levelEndAt + 3 * DAY + 10 * DAY;
      const third = await grantVip(
        deps.db,
        { userId, days: 1, source: 'invite', sourceRef: 'I-2' },
        afterLapse,
      );
      assert.equal(third.levelEndAt, afterLapse + DAY, 'a lapsed VIP starts again from now');
    });

    it('lets exactly the quota through when many uses arrive at once', async () => {
      clock.set('2026-11-28T10:00:00+08:00');
      const userId = await newUser(deps.db, '13900000005');
      const attempts = await Promise.allSettled(
        Array.from({ length: DAILY_QUOTAS.free.chat + 10 }, () => takeUse(deps, userId, 'chat')),
      );
      assert.equal(attempts.filter((a) => a.status === 'fulfilled').length, DAILY_QUOTAS.free.chat);
    });
  });
}

entitlementSuite('SQLite', async () => {
  const dir = tempDir('entitlements');
  return { dataDir: dir.dir, stop: async () => dir.remove() };
});

entitlementSuite('PostgreSQL', async () => {
  const pg = await startTestPostgres();
  return { url: pg.url, dataDir: '', stop: pg.stop };
});

describe('GET /api/v1/info with VIP', () => {
  let ctx: Awaited<ReturnType<typeof buildAccountApp>>;
  before(async () => {
    ctx = await buildAccountApp();
  });
  after(() => ctx.close());

  it('lists the grant in ConsumerLevel with levelEndAt, and VIP limits with today’s usage', async () => {
    const token = await registerUser(ctx, '13855550000');
    const user = await ctx.app.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', '13855550000')
      .executeTakeFirstOrThrow();
    const { levelEndAt } = await grantVip(
      ctx.app.db,
      { userId: user.id, days: 31, source: 'order', sourceRef: 'T-9' },
      ctx.clock.now(),
    );
    await takeUse({ db: ctx.app.db, clock: ctx.clock }, user.id, 'chat');
    const data = (await get(ctx.app, '/api/v1/info', auth(token))).json().data;
    assert.equal(data.isVip, true);
    assert.equal(data.ConsumerLevel[0].levelEndAt, levelEndAt);
    assert.deepEqual(data.usage[0], { feature: 'chat', name: 'AI 问答', used: 1, limit: 300 });
    ctx.clock.advance(20 * DAY);
    await get(ctx.app, '/api/v1/info', auth(token));
    ctx.clock.advance(12 * DAY);
    const lapsed = (await get(ctx.app, '/api/v1/info', auth(token))).json().data;
    assert.deepEqual(lapsed.ConsumerLevel, []);
    assert.equal(lapsed.usage[0].limit, 20);
  });
});
