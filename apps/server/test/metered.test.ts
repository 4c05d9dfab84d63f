import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ResultCode } from '@chuhai/contract';
import { AppError } from '../src/lib/app-error.ts';
import { ProviderError } from '../src/providers/provider-error.ts';
import { type MeteredSpec, runMeteredEach } from '../src/work/metered.ts';
import { auth, buildAccountApp, get, registerUser } from './account-helpers.ts';

/** `runMeteredEach`: several paid calls as one request, against the app's real ledger and slots. */
describe('runMeteredEach', () => {
  let ctx: Awaited<ReturnType<typeof buildAccountApp>>;
  let token: string;
  let userId: number;
  const spec: MeteredSpec = {
    feature: 'draw',
    service: 'draw',
    slot: { kind: 'test-each', limit: 1, staleMs: 60_000, message: '请稍候', retryAfter: 5 },
  };
  before(async () => {
    ctx = await buildAccountApp();
    token = await registerUser(ctx, '13100002001', { ip: '10.9.1.1' });
    userId = (await ctx.app.deps.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
  });
  after(() => ctx.close());

  const used = async () =>
    (await get(ctx.app, '/api/v1/info', auth(token)))
      .json()
      .data.usage.find((u: { feature: string }) => u.feature === 'draw').used as number;

  it('gives each call its own use, refunds only the failed one, and keeps the order', async () => {
    const outcomes = await runMeteredEach(ctx.app.deps, { userId }, spec, 2, async (ticket, index) => {
      if (index === 0) throw new ProviderError('busy', 'queue full', { retryAfter: 7 });
      return ticket.id;
    });
    assert.equal(outcomes.length, 2);
    const [failed, done] = outcomes;
    assert.ok(failed && !failed.ok && failed.error instanceof AppError);
    assert.equal(failed.error.code, ResultCode.tooManyRequests);
    assert.equal(failed.error.message, 'AI 绘画服务繁忙，请 7 秒后再试');
    assert.ok(done?.ok && typeof done.value === 'number');
    assert.equal(await used(), 1);
  });

  it('takes nothing and frees the slot when fewer uses are left than asked', async () => {
    let asked = 0;
    await assert.rejects(
      runMeteredEach(ctx.app.deps, { userId }, spec, 2, async () => {
        asked += 1;
      }),
      (error: AppError) =>
        error.code === ResultCode.quotaExceeded && /只剩 1 张，本次需要 2 张/.test(error.message),
    );
    assert.equal(asked, 0);
    assert.equal(await used(), 1);
    // The one slot is free again: a call that fits goes through.
    const [last] = await runMeteredEach(ctx.app.deps, { userId }, spec, 1, async () => 'drawn');
    assert.deepEqual(last, { ok: true, value: 'drawn' });
    assert.equal(await used(), 2);
  });
});
