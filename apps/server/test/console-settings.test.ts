import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAY_IN_MS, ResultCode } from '@chuhai/contract';
import { takeUse } from '../src/modules/entitlement/service.ts';
import { seedPricing } from '../src/modules/pricing/service.ts';
import { seedLibrary } from '../src/modules/prompt/library-service.ts';
import { resolveTag } from '../src/modules/prompt/service.ts';
import { adminWithTotp, auth, buildAccountApp, get, post, registerUser } from './account-helpers.ts';
import { orderPlan } from './order-helpers.ts';
import { usePostgresApp } from './postgres-app.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;
const ADMIN = '13700002001';

/** The suite's admin with a bound authenticator, remembered per app for tests outside the suite. */
async function suiteAdmin(ctx: Ctx) {
  const admin = await adminWithTotp(ctx, ADMIN, '10.70.0.1');
  adminsByApp.set(ctx.app, admin);
  return admin;
}

/** The suite's admin per app, for tests outside the suite that need a fresh code. */
const adminsByApp = new WeakMap<object, { token: string; code: () => string }>();

const monthPlan = {
  name: '月度 VIP',
  days: 31,
  price: 1990,
  originalPrice: 3900,
  badge: '限时',
  benefits: ['AI 问答每日 300 次'],
  enabled: true,
  sortOrder: 10,
};

/** The operator-editable settings, the same on each database. */
function consoleSettingsSuite(ctx: () => Ctx) {
  let admin: Awaited<ReturnType<typeof suiteAdmin>>;
  let seller: string;
  before(async () => {
    admin = await suiteAdmin(ctx());
    seller = await registerUser(ctx(), '13700002002', { ip: '10.70.0.2' });
  });

  it('plans come from the database: a price change shows on /product.json at once; old orders keep theirs', async () => {
    const { app } = ctx();
    const shipped = (await get(app, '/product.json')).json();
    assert.deepEqual(
      shipped.plans.map((p: { id: string; price: number }) => [p.id, p.price]),
      [
        ['vip-month', 2990],
        ['vip-quarter', 7900],
        ['vip-year', 25900],
      ],
    );
    const before = await orderPlan(app, seller, 'vip-month');
    assert.equal(before.order.amount, 2990);

    const edited = await post(
      app,
      '/api/admin/plans/vip-month',
      { ...monthPlan, totp: admin.code() },
      auth(admin.token),
    );
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal((await get(app, '/product.json')).json().plans[0].price, 1990);
    assert.equal((await orderPlan(app, seller, 'vip-month')).order.amount, 1990);
    const orders = (await get(app, '/api/v1/orderList', auth(seller))).json().data.list;
    assert.deepEqual(
      orders.map((o: { amount: number }) => o.amount).sort(),
      [1990, 2990],
      'the first order keeps the price it was made at',
    );

    // Seeding runs once: a second start does not put the file's price back.
    await seedPricing(app.deps);
    assert.equal((await get(app, '/product.json')).json().plans[0].price, 1990);

    const hidden = await post(
      app,
      '/api/admin/plans/vip-year',
      { ...monthPlan, name: '年度 VIP', days: 366, enabled: false, totp: admin.code() },
      auth(admin.token),
    );
    assert.equal(hidden.statusCode, 200);
    assert.deepEqual(
      (await get(app, '/product.json')).json().plans.map((p: { id: string }) => p.id),
      ['vip-month', 'vip-quarter'],
    );
    const refused = await post(
      app,
      '/api/v1/pay/',
      { productId: 'vip-year', channel: 'sandbox' },
      auth(seller),
    );
    assert.equal(refused.statusCode, 400);

    const badPrice = await post(
      app,
      '/api/admin/plans/vip-month',
      { ...monthPlan, originalPrice: 100, totp: admin.code() },
      auth(admin.token),
    );
    assert.equal(badPrice.statusCode, 400);
    assert.match(badPrice.json().msg, /原价/);
    const created = await post(
      app,
      '/api/admin/plans',
      {
        ...monthPlan,
        id: 'vip-week',
        name: '周卡',
        days: 7,
        price: 990,
        originalPrice: 0,
        totp: admin.code(),
      },
      auth(admin.token),
    );
    assert.equal(created.statusCode, 200, created.body);
    const again = await post(
      app,
      '/api/admin/plans',
      { ...monthPlan, id: 'vip-week', totp: admin.code() },
      auth(admin.token),
    );
    assert.match(again.json().msg, /已存在/);
  });

  it('a daily limit changed in the console applies to the very next use and shows in info', async () => {
    const { app } = ctx();
    const limits = (await get(app, '/api/v1/limits')).json().data;
    assert.equal(limits.free.chat, 20);
    const next = { ...limits, free: { ...limits.free, chat: 1 } };
    const unsigned = await post(app, '/api/admin/limits', next, auth(admin.token));
    assert.equal(unsigned.statusCode, 400, 'what sellers get changes only with a two-factor code');
    assert.equal(
      (await post(app, '/api/admin/limits', { ...next, totp: admin.code() }, auth(admin.token))).statusCode,
      200,
    );
    assert.equal((await get(app, '/api/v1/limits')).json().data.free.chat, 1);

    const user = await registerUser(ctx(), '13700002003', { ip: '10.70.0.3' });
    const info = (await get(app, '/api/v1/info', auth(user))).json().data;
    const userId =
      info.userId ??
      (await get(app, '/api/admin/users?keyword=13700002003', auth(admin.token))).json().data.list[0].id;
    assert.equal(info.usage.find((u: { feature: string }) => u.feature === 'chat').limit, 1);
    await takeUse(app.deps, userId, 'chat');
    await assert.rejects(takeUse(app.deps, userId, 'chat'), (error: { code: number; message: string }) => {
      assert.equal(error.code, ResultCode.quotaExceeded);
      assert.match(error.message, /（1 次）/);
      return true;
    });

    const inverted = await post(
      app,
      '/api/admin/limits',
      { ...next, vip: { ...next.vip, chat: 0 }, totp: admin.code() },
      auth(admin.token),
    );
    assert.equal(inverted.statusCode, 400);
    await post(app, '/api/admin/limits', { ...limits, totp: admin.code() }, auth(admin.token));
  });

  it('the prompt library is seeded once, and hidden prompts leave the list and the chat', async () => {
    const { app } = ctx();
    const shown = (await get(app, '/api/v1/getMsgTagCategoryList')).json().data;
    const count = shown.flatMap((c: { prompts: unknown[] }) => c.prompts).length;
    assert.ok(count >= 30);
    const first = shown[0].prompts[0];
    const hide = await post(
      app,
      `/api/admin/library/prompts/${first.id}`,
      {
        categoryId: shown[0].id,
        title: first.msgTagTitleName,
        summary: first.summary,
        prompt: first.prompt,
        enabled: false,
        sortOrder: 10,
      },
      auth(admin.token),
    );
    assert.equal(hide.statusCode, 200, hide.body);
    const after = (await get(app, '/api/v1/getMsgTagCategoryList')).json().data;
    assert.equal(after.flatMap((c: { prompts: unknown[] }) => c.prompts).length, count - 1);
    await assert.rejects(resolveTag(app.deps.db, 1, first.id), /不存在/);

    const added = await post(
      app,
      '/api/admin/library/prompts',
      {
        categoryId: shown[0].id,
        title: 'Temu 标题',
        summary: '按 Temu 规则写标题',
        prompt: '你是 Temu 运营……',
        enabled: true,
        sortOrder: 1,
      },
      auth(admin.token),
    );
    const id = added.json().data.id;
    assert.match(id, /^lib-/);
    const withNew = (await get(app, '/api/v1/getMsgTagCategoryList')).json().data;
    assert.equal(withNew[0].prompts[0].id, id, 'ordered by sortOrder');
    assert.equal((await resolveTag(app.deps.db, 1, id)).prompt, '你是 Temu 运营……');

    await seedLibrary(app.deps);
    const reseeded = (await get(app, '/api/v1/getMsgTagCategoryList')).json().data;
    assert.equal(
      reseeded.flatMap((c: { prompts: unknown[] }) => c.prompts).length,
      count,
      'not seeded twice',
    );
    const noCategory = await post(
      app,
      '/api/admin/library/prompts',
      { categoryId: 'nope', title: 'x', summary: '', prompt: 'y', enabled: true, sortOrder: 1 },
      auth(admin.token),
    );
    assert.equal(noCategory.statusCode, 400);
  });

  it('redeem codes: made with two-factor, redeemed once each, per-user limit, disabled and expired batches', async () => {
    const { app, clock } = ctx();
    const body = {
      name: '双十一',
      days: 30,
      count: 3,
      expiresAt: clock.now() + 10 * DAY_IN_MS,
      perUserLimit: 1,
    };
    const noCode = await post(
      app,
      '/api/admin/redeem-batches',
      { ...body, totp: '000000' },
      auth(admin.token),
    );
    assert.equal(noCode.statusCode, 400);
    const made = await post(
      app,
      '/api/admin/redeem-batches',
      { ...body, totp: admin.code() },
      auth(admin.token),
    );
    assert.equal(made.statusCode, 200, made.body);
    const { batch, codes } = made.json().data;
    assert.equal(codes.length, 3);
    assert.match(codes[0], /^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);

    const user = await registerUser(ctx(), '13700002004', { ip: '10.70.0.4' });
    const typed = codes[0].toLowerCase().replaceAll('-', ' ');
    const redeemed = await post(app, '/api/v1/redeem', { code: typed }, auth(user));
    assert.equal(redeemed.statusCode, 200, redeemed.body);
    assert.equal(redeemed.json().data.vipEndAt, clock.now() + 30 * DAY_IN_MS);
    assert.match(
      (await post(app, '/api/v1/redeem', { code: codes[0] }, auth(seller))).json().msg,
      /已被使用/,
    );
    assert.match(
      (await post(app, '/api/v1/redeem', { code: codes[1] }, auth(user))).json().msg,
      /最多兑换 1 个/,
    );

    const stopped = await post(
      app,
      `/api/admin/redeem-batches/${batch.id}/disable`,
      { disabled: true },
      auth(admin.token),
    );
    assert.equal(stopped.json().data.redeemed, 1);
    assert.match((await post(app, '/api/v1/redeem', { code: codes[1] }, auth(seller))).json().msg, /已停用/);
    await post(app, `/api/admin/redeem-batches/${batch.id}/disable`, { disabled: false }, auth(admin.token));
    clock.advance(11 * DAY_IN_MS);
    assert.match((await post(app, '/api/v1/redeem', { code: codes[1] }, auth(seller))).json().msg, /已过期/);

    const listed = (await get(app, '/api/admin/redeem-batches', auth(admin.token))).json().data;
    assert.equal(listed.list[0].name, '双十一');
    const audit = (await get(app, `/api/admin/audit?target=redeem:${batch.id}`, auth(admin.token))).json()
      .data.list;
    assert.deepEqual(
      audit.map((a: { action: string }) => a.action),
      ['redeem.enable', 'redeem.disable', 'redeem.batch'],
    );
  });

  it('guessing codes is limited: the 11th wrong code in an hour waits', async () => {
    const { app } = ctx();
    const user = await registerUser(ctx(), '13700002005', { ip: '10.70.0.5' });
    for (let i = 0; i < 10; i += 1) {
      const wrong = await post(
        app,
        '/api/v1/redeem',
        { code: `AAAA-BBBB-CCCC-${String(2222 + i)}` },
        auth(user),
        '10.70.9.9',
      );
      assert.equal(wrong.statusCode, 400);
    }
    const limited = await post(
      app,
      '/api/v1/redeem',
      { code: 'AAAA-BBBB-CCCC-DDDD' },
      auth(user),
      '10.70.9.9',
    );
    assert.equal(limited.statusCode, 429);
    assert.ok(limited.json().data.retryAfter > 0);
  });

  it('announcements show between their start and end', async () => {
    const { app, clock } = ctx();
    const now = clock.now();
    const saved = await post(
      app,
      '/api/admin/announcements',
      {
        title: '春节发货提醒',
        body: '**1 月 20 日**起物流停运',
        place: 'bar',
        startsAt: now - 60_000,
        endsAt: now + 3_600_000,
      },
      auth(admin.token),
    );
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(
      (await get(app, '/api/v1/announcements')).json().data.map((a: { title: string }) => a.title),
      ['春节发货提醒'],
    );
    clock.advance(3_600_000);
    assert.deepEqual((await get(app, '/api/v1/announcements')).json().data, []);
    const backwards = await post(
      app,
      '/api/admin/announcements',
      { title: 'x', body: '', place: 'card', startsAt: now, endsAt: now },
      auth(admin.token),
    );
    assert.equal(backwards.statusCode, 400);
  });
}

describe('运营后台 II on SQLite: plans, limits, prompt library, redeem codes, announcements, providers', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildAccountApp({ ADMIN_PHONES: ADMIN });
  });
  after(() => ctx.close());
  consoleSettingsSuite(() => ctx);

  it('服务状态 lists every provider; a test makes a real call and 客服 cannot run one', async () => {
    const { app } = ctx;
    const admin = (await adminToken(ctx)) as string;
    const listed = (await get(app, '/api/admin/providers', auth(admin))).json().data;
    assert.deepEqual(
      listed.map((p: { kind: string }) => p.kind),
      ['chat', 'drawing', 'matting', 'sms', 'payment', 'storage'],
    );
    const chat = listed.find((p: { kind: string }) => p.kind === 'chat');
    assert.equal(chat.configured, false);
    assert.match(chat.howTo, /LLM_API_KEY/);
    const storage = (await post(app, '/api/admin/providers/storage/test', {}, auth(admin))).json().data;
    assert.equal(storage.ok, true, storage.message);
    assert.ok(storage.tookMs >= 0);
    const chatTest = (await post(app, '/api/admin/providers/chat/test', {}, auth(admin))).json().data;
    assert.deepEqual([chatTest.ok, chatTest.message], [false, '调用失败：未配置']);
    const smsTest = (await post(app, '/api/admin/providers/sms/test', {}, auth(admin))).json().data;
    assert.equal(smsTest.ok, true);
    assert.equal(ctx.sms.sent.at(-1)?.phone, ADMIN, 'the test text goes to the operator');

    const support = await registerUser(ctx, '13700002007', { ip: '10.70.0.7' });
    await app.deps.db
      .updateTable('users')
      .set({ role: 'support' })
      .where('phone', '=', '13700002007')
      .execute();
    assert.equal((await get(app, '/api/admin/providers', auth(support))).statusCode, 200);
    const sent = ctx.sms.sent.length;
    assert.equal((await post(app, '/api/admin/providers/sms/test', {}, auth(support))).statusCode, 403);
    assert.equal(ctx.sms.sent.length, sent);
  });
});

/** The admin's session: a fresh login through the real call. */
async function adminToken(ctx: Ctx): Promise<string | null> {
  const login = await post(ctx.app, '/api/v1/login/', { phone: ADMIN, password: 'Seller2026go' });
  return login.statusCode === 200 ? login.json().data.token : null;
}

describe('运营后台 II on PostgreSQL', () => {
  const ctx = usePostgresApp({ ADMIN_PHONES: ADMIN });
  consoleSettingsSuite(ctx);

  it('50 simultaneous redemptions of one code grant once', async () => {
    const { app, clock } = ctx();
    const admin = (await adminToken(ctx())) as string;
    const users: string[] = [];
    for (let i = 0; i < 5; i += 1)
      users.push(await registerUser(ctx(), `137000021${i}0`, { ip: `10.71.0.${i}` }));
    // Two-factor for the batch: the suite's admin bound an authenticator already.
    const bound = adminsByApp.get(app);
    assert.ok(bound);
    const made = await post(
      app,
      '/api/admin/redeem-batches',
      {
        name: '并发',
        days: 7,
        count: 1,
        expiresAt: clock.now() + DAY_IN_MS,
        perUserLimit: 100,
        totp: bound.code(),
      },
      auth(admin),
    );
    assert.equal(made.statusCode, 200, made.body);
    const [code] = made.json().data.codes;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(app, '/api/v1/redeem', { code }, auth(users[i % 5] as string), `10.72.0.${i}`),
      ),
    );
    const won = answers.flatMap((a, i) => (a.statusCode === 200 ? [{ user: i % 5, a }] : []));
    assert.equal(new Set(won.map((w) => w.user)).size, 1, 'one account has the code');
    // The winner's other requests are its own repeats: answered that redemption, nothing added.
    assert.equal(won.filter((w) => !w.a.json().data.repeat).length, 1);
    assert.ok(answers.filter((a) => a.statusCode !== 200).every((a) => /已被使用/.test(a.json().msg)));
    const grants = await app.deps.db
      .selectFrom('consumer_levels')
      .select('id')
      .where('source', '=', 'redeem')
      .execute();
    assert.equal(grants.length, 2, 'one from this code, one from the suite before');
  });
});
