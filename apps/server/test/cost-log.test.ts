import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAY_IN_MS } from '@chuhai/contract';
import { auth, buildAccountApp, get, registerUser } from './account-helpers.ts';
import { askStreaming } from './chat-helpers.ts';
import { type FakeOpenAi, startFakeOpenAi } from './fakes/fake-openai.ts';
import { cashierForm, confirmAtCashier, orderPlan } from './order-helpers.ts';
import { startTestPostgres } from './postgres.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;
interface Call {
  id: number;
  createdAt: number;
  day: string;
  userId: number | null;
  seller: string;
  purpose: string;
  channel: string;
  inputTokens: number;
  outputTokens: number;
  estimated: boolean;
  images: number;
  cost: number;
  ok: boolean;
  failure: string;
}

const ADMIN = '13700004001';
const SELLER_A = '13900004002';
const SELLER_B = '13900004003';
const micros = (yuan: number) => Math.round(yuan * 1_000_000);

/** Every page of the log for `query`, two calls a page, so paging is part of every figure. */
async function allCalls(ctx: Ctx, admin: string, query: string): Promise<{ calls: Call[]; total: number }> {
  const calls: Call[] = [];
  let total = 0;
  for (let pageNo = 1; pageNo < 100; pageNo++) {
    const response = await get(
      ctx.app,
      `/api/admin/costs/calls?pageSize=2&pageNo=${pageNo}${query}`,
      auth(admin),
    );
    assert.equal(response.statusCode, 200, response.body);
    const page = response.json().data;
    total = page.total;
    calls.push(...page.list);
    if (calls.length >= total || page.list.length === 0) break;
  }
  return { calls, total };
}

/** A ledger row as the channel book writes it, for calls the test cannot make through a fake (days ago). */
async function bookCall(
  ctx: Ctx,
  call: {
    userId: number | null;
    daysAgo: number;
    purpose: string;
    channel: string;
    images?: number;
    costMicros: number;
    ok?: boolean;
    estimated?: boolean;
  },
) {
  const at = ctx.clock.now() - call.daysAgo * DAY_IN_MS;
  await ctx.app.db
    .insertInto('provider_calls')
    .values({
      channel_id: null,
      channel_name: call.channel,
      kind: call.images ? 'image' : 'chat',
      purpose: call.purpose,
      user_id: call.userId,
      model: call.images ? 'wanx-v1' : 'fake-standard',
      ok: call.ok === false ? 0 : 1,
      failure: call.ok === false ? 'upstream' : '',
      input_tokens: call.images ? 0 : 300,
      output_tokens: call.images ? 0 : 120,
      usage_estimated: call.estimated ? 1 : 0,
      images: call.images ?? 0,
      cost_micros: call.costMicros,
      first_byte_ms: null,
      day: new Date(at + 8 * 3_600_000).toISOString().slice(0, 10),
      created_at: at,
    })
    .execute();
}

function costLogSuite(
  name: string,
  database: () => Promise<{ env: Record<string, string>; stop(): Promise<void> }>,
) {
  describe(`成本 · 调用明细与卖家排行 (${name})`, () => {
    let ctx: Ctx;
    let fake: FakeOpenAi;
    let stopDb: () => Promise<void>;
    let admin: string;
    let sellerA: string;
    let idA: number;
    let idB: number;
    before(async () => {
      const db = await database();
      stopDb = db.stop;
      fake = await startFakeOpenAi();
      ctx = await buildAccountApp({
        ...db.env,
        ADMIN_PHONES: ADMIN,
        LLM_BASE_URL: fake.url,
        LLM_API_KEY: 'sk-test-key',
        LLM_MODEL_STANDARD: 'fake-standard',
        LLM_PRICE_INPUT: '2',
        LLM_PRICE_OUTPUT: '8',
      });
      admin = await registerUser(ctx, ADMIN, { ip: '10.70.0.1' });
      sellerA = await registerUser(ctx, SELLER_A, { ip: '10.70.0.2' });
      const sellerB = await registerUser(ctx, SELLER_B, { ip: '10.70.0.3' });
      const idOf = async (phone: string) =>
        (await get(ctx.app, `/api/admin/users?keyword=${phone}`, auth(admin))).json().data.list[0]
          .id as number;
      idA = await idOf(SELLER_A);
      idB = await idOf(SELLER_B);
      // The ledger grows with time: A asked (no usage reported) ten days ago, B drew two pictures yesterday.
      await bookCall(ctx, {
        userId: idA,
        daysAgo: 10,
        purpose: 'listing',
        channel: '默认对话渠道',
        costMicros: 1560,
        estimated: true,
      });
      await bookCall(ctx, {
        userId: idB,
        daysAgo: 1,
        purpose: 'draw',
        channel: '绘画主账号',
        images: 2,
        costMicros: 400_000,
      });
      // Today: two real questions from A and one from B through the fake provider (its usage is booked).
      for (const [token, content] of [
        [sellerA, '帮我写一个标题'],
        [sellerA, '再写五个卖点'],
        [sellerB, '怎么回复差评'],
      ] as const) {
        const asked = await askStreaming(ctx.app, token, { content });
        assert.equal(asked.response.statusCode, 200);
        ctx.clock.advance(1000);
      }
      // Then a channel test today and a failed call of B's on a backup channel.
      await bookCall(ctx, {
        userId: null,
        daysAgo: 0,
        purpose: 'probe',
        channel: '默认对话渠道',
        costMicros: 50,
      });
      await bookCall(ctx, {
        userId: idB,
        daysAgo: 0,
        purpose: 'chat',
        channel: '备用渠道',
        costMicros: 0,
        ok: false,
      });
      // A bought a month of VIP today.
      const pay = await orderPlan(ctx.app, sellerA, 'vip-month');
      await confirmAtCashier(ctx.app, pay.order.orderNo, await cashierForm(ctx.app, pay.order.orderNo));
    });
    after(async () => {
      await ctx.close();
      await fake.close();
      await stopDb();
    });

    it('lists each call newest first with its seller masked, tokens as the provider reported them, and its cost', async () => {
      const { calls, total } = await allCalls(ctx, admin, '');
      assert.equal(total, 7);
      assert.equal(calls.length, 7, 'paging two at a time reaches every call once');
      assert.equal(new Set(calls.map((c) => c.id)).size, 7);
      for (let i = 1; i < calls.length; i++)
        assert.ok((calls[i - 1] as Call).createdAt >= (calls[i] as Call).createdAt, 'newest first');
      const real = calls.filter((c) => c.purpose === 'chat' && c.ok && c.channel === '默认对话渠道');
      assert.equal(real.length, 3);
      assert.deepEqual(
        real.map((c) => [c.inputTokens, c.outputTokens, c.estimated]).reverse(),
        fake.usage.map((u) => [u.promptTokens, u.completionTokens, false]),
      );
      for (const call of real) assert.equal(micros(call.cost), call.inputTokens * 2 + call.outputTokens * 8);
      assert.deepEqual(
        calls.filter((c) => c.userId === idA).map((c) => c.seller),
        ['139****4002', '139****4002', '139****4002'],
      );
      assert.equal(calls.find((c) => c.purpose === 'probe')?.seller, '—');
      assert.equal(calls.find((c) => c.purpose === 'listing')?.estimated, true);
      const failed = calls.find((c) => !c.ok);
      assert.equal(failed?.failure, 'upstream');
      assert.equal(failed?.cost, 0);
      assert.equal(calls.find((c) => c.purpose === 'draw')?.images, 2);
    });

    it('sums a day’s calls in the log to that day’s cost and call count in the report', async () => {
      const report = (await get(ctx.app, '/api/admin/costs?days=14', auth(admin))).json().data;
      const busy = report.days.filter((d: { calls: number }) => d.calls > 0);
      assert.equal(busy.length, 3, 'today, yesterday and ten days ago');
      for (const day of report.days as { day: string; cost: number; calls: number }[]) {
        const { calls, total } = await allCalls(ctx, admin, `&day=${day.day}`);
        assert.equal(total, day.calls, day.day);
        assert.equal(
          calls.reduce((sum, c) => sum + micros(c.cost), 0),
          micros(day.cost),
          `${day.day}: the log's calls add up to the report's cost`,
        );
      }
    });

    it('filters by seller (phone or id), feature and channel, and says what is wrong with a bad phone', async () => {
      const byPhone = await allCalls(ctx, admin, `&phone=${SELLER_A}`);
      const byId = await allCalls(ctx, admin, `&userId=${idA}`);
      assert.equal(byPhone.total, 3);
      assert.deepEqual(byPhone.calls, byId.calls);
      assert.ok(byPhone.calls.every((c) => c.userId === idA));
      const draws = await allCalls(ctx, admin, '&purpose=draw');
      assert.deepEqual(
        draws.calls.map((c) => [c.userId, c.images]),
        [[idB, 2]],
      );
      const backup = await allCalls(ctx, admin, `&channel=${encodeURIComponent('备用渠道')}`);
      assert.deepEqual(
        backup.calls.map((c) => c.ok),
        [false],
      );
      const both = await allCalls(ctx, admin, `&userId=${idB}&purpose=chat`);
      assert.equal(both.total, 2);
      assert.equal((await allCalls(ctx, admin, '&phone=13900009999')).total, 0, 'nobody has that phone');
      const bad = await get(ctx.app, '/api/admin/costs/calls?phone=139', auth(admin));
      assert.equal(bad.statusCode, 400);
      assert.match(bad.json().msg, /11 位手机号/);
      const badPurpose = await get(ctx.app, '/api/admin/costs/calls?purpose=nope', auth(admin));
      assert.equal(badPurpose.statusCode, 400);
    });

    it('ranks sellers by cost with their paid revenue and margin; the totals and the report agree', async () => {
      const week = (await get(ctx.app, '/api/admin/costs/sellers?period=7', auth(admin))).json().data;
      assert.deepEqual(
        week.sellers.map((s: { userId: number }) => s.userId),
        [idB, idA],
        'B drew two pictures: the costliest',
      );
      const [b, a] = week.sellers;
      assert.equal(a.seller, '139****4002');
      assert.equal(a.revenue, 29.9);
      assert.equal(micros(a.margin), micros(29.9) - micros(a.cost));
      assert.equal(b.revenue, 0);
      assert.equal(b.images, 2);
      const logA = await allCalls(ctx, admin, `&userId=${idA}`);
      const inWeek = logA.calls.filter((c) => c.createdAt >= ctx.clock.now() - 6 * DAY_IN_MS);
      assert.equal(a.calls, inWeek.length);
      assert.equal(
        micros(a.cost),
        inWeek.reduce((sum, c) => sum + micros(c.cost), 0),
      );
      assert.equal(
        a.tokens,
        inWeek.reduce((sum, c) => sum + c.inputTokens + c.outputTokens, 0),
      );

      const report = (await get(ctx.app, '/api/admin/costs?days=7', auth(admin))).json().data;
      assert.equal(week.totals.sellers, 2);
      assert.equal(micros(week.totals.cost), micros(a.cost) + micros(b.cost));
      assert.equal(micros(week.totals.cost) + micros(week.unattributed.cost), micros(report.totals.cost));
      assert.equal(
        week.totals.calls + week.unattributed.calls,
        report.days.reduce((sum: number, d: { calls: number }) => sum + d.calls, 0),
      );
      assert.deepEqual(week.unattributed, { calls: 1, cost: 0.00005 });

      const month = (await get(ctx.app, '/api/admin/costs/sellers?period=month', auth(admin))).json().data;
      const monthA = month.sellers.find((s: { userId: number }) => s.userId === idA);
      assert.equal(monthA.calls, 3, 'ten days ago is in this month (22 November)');
      const drawer = (await get(ctx.app, `/api/admin/users/${idA}`, auth(admin))).json().data;
      assert.equal(micros(monthA.cost), micros(drawer.monthCost), 'the user drawer shows the same figure');
      const thirty = (await get(ctx.app, '/api/admin/costs/sellers?period=30', auth(admin))).json().data;
      assert.equal(thirty.from, '2026-10-24');
      assert.equal(thirty.totals.calls, 6);
    });

    it('refuses a seller and a visitor', async () => {
      for (const url of ['/api/admin/costs/calls', '/api/admin/costs/sellers?period=30']) {
        const asSeller = await get(ctx.app, url, auth(sellerA));
        assert.equal(asSeller.statusCode, 403, url);
        assert.equal(asSeller.json().data, null);
        assert.equal((await get(ctx.app, url)).statusCode, 401, url);
      }
    });
  });
}

costLogSuite('SQLite', async () => ({ env: {}, stop: async () => {} }));
costLogSuite('PostgreSQL', async () => {
  const pg = await startTestPostgres();
  return { env: { DATABASE_URL: pg.url }, stop: pg.stop };
});
