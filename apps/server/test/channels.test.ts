import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { keyBox, keyTail } from '../src/channels/key-box.ts';
import { costMicros, estimateTokens } from '../src/channels/ledger.ts';
import { tryOrder } from '../src/channels/pick.ts';
import { adminWithTotp, auth, buildAccountApp, get, post, registerUser } from './account-helpers.ts';
import { refusedUrl } from './channel-helpers.ts';
import { askStreaming, streamedText } from './chat-helpers.ts';
import { startFakeImageProviders } from './fakes/fake-image-providers.ts';
import { type FakeOpenAi, type FakeOpenAiOptions, startFakeOpenAi } from './fakes/fake-openai.ts';
import { startTestPostgres } from './postgres.ts';

describe('channel picking, keys and prices', () => {
  it('spreads first picks by weight within ±10% over 1,000 picks, and keeps to the best priority tier', () => {
    const channels = [
      { name: 'a', priority: 5, weight: 1 },
      { name: 'b', priority: 5, weight: 3 },
      { name: 'c', priority: 5, weight: 6 },
      { name: 'backup', priority: 1, weight: 100 },
    ];
    const firsts: Record<string, number> = { a: 0, b: 0, c: 0, backup: 0 };
    // A seeded generator: Math.random missed the bound about once in a hundred runs (2.7σ in CI-21).
    let seed = 2026;
    const random = () => {
      // mulberry32
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    for (let i = 0; i < 1000; i++) {
      const order = tryOrder(channels, random);
      firsts[order[0]?.name as string] = (firsts[order[0]?.name as string] ?? 0) + 1;
      assert.equal(order.at(-1)?.name, 'backup', 'a lower tier only after the whole higher tier');
    }
    for (const [name, share] of [
      ['a', 0.1],
      ['b', 0.3],
      ['c', 0.6],
    ] as const) {
      const expected = share * 1000;
      assert.ok(
        Math.abs((firsts[name] ?? 0) - expected) <= expected * 0.1 + 15,
        `${name}: ${firsts[name]} first picks, expected about ${expected}`,
      );
    }
    assert.equal(firsts.backup, 0);
  });

  it('seals keys so that another secret or an edited value cannot open them, and shows only the tail', () => {
    const box = keyBox('a-secret-of-sixteen+');
    const sealed = box.seal(['sk-live-1234567890abcd', 'sk-second-9999']);
    assert.ok(!sealed.includes('sk-live'));
    assert.deepEqual(box.open(sealed), ['sk-live-1234567890abcd', 'sk-second-9999']);
    assert.throws(() => keyBox('another-secret-of-16').open(sealed));
    const edited = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    assert.throws(() => box.open(edited));
    assert.equal(keyTail('sk-live-1234567890abcd'), 'abcd');
  });

  it('prices a call in micro-yuan: tokens × yuan per million, images × yuan each', () => {
    assert.equal(
      costMicros({ input: 2, output: 8, image: 0 }, { usage: { promptTokens: 1000, completionTokens: 500 } }),
      6000,
    );
    assert.equal(costMicros({ input: 0, output: 0, image: 0.14 }, { images: 3 }), 420_000);
    assert.equal(estimateTokens('你好，世界'), 5);
    assert.equal(estimateTokens('hello world!'), 3);
  });
});

interface Fleet {
  fakes: Record<string, FakeOpenAi & { options: FakeOpenAiOptions }>;
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Five chat channels in front of one good one: refused connections, a 401, a 429, one that dies
 * mid-answer and one that never sends its first byte. The bad ones have the higher priority, so
 * every question meets them first until they are cooled down.
 */
async function startFleet(): Promise<Fleet> {
  const fakes: Fleet['fakes'] = {};
  for (const [name, always] of [
    ['unauthorised', '[401]'],
    ['limited', '[429]'],
    ['silent', '[silent]'],
    ['good', ''],
  ] as const) {
    const options: FakeOpenAiOptions = { always, pieceMs: 1 };
    fakes[name] = Object.assign(await startFakeOpenAi(options), { options });
  }
  const channel = (name: string, baseUrl: string, priority: number, extra: Record<string, unknown> = {}) => ({
    name,
    baseUrl,
    keys: [`sk-${name}-0000`],
    priority,
    ...extra,
  });
  const channels = [
    channel('refused', await refusedUrl(), 10),
    channel('unauthorised', (fakes.unauthorised as FakeOpenAi).url, 10),
    channel('limited', (fakes.limited as FakeOpenAi).url, 10),
    channel('silent', (fakes.silent as FakeOpenAi).url, 10),
    channel('good', (fakes.good as FakeOpenAi).url, 1, { priceInput: 2, priceOutput: 8 }),
  ];
  return {
    fakes,
    env: {
      LLM_CHANNELS: JSON.stringify(channels),
      LLM_MODEL_STANDARD: 'fake-standard',
      CHANNEL_FIRST_BYTE_MS: '300',
      CHANNEL_COOLDOWN_MS: '60000',
      LLM_IDLE_TIMEOUT_MS: '10000',
      CHANNEL_SECRET: 'fleet-secret-0123456789abcdef',
    },
    close: async () => {
      for (const fake of Object.values(fakes)) await fake.close();
    },
  };
}

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

async function channelsOf(ctx: Ctx, admin: string) {
  const list = (await get(ctx.app, '/api/admin/channels', auth(admin))).json().data as {
    id: number;
    name: string;
    state: string;
    stateReason: string;
    calls: number;
    errors: number;
    keyTails: string[];
  }[];
  return Object.fromEntries(list.map((c) => [c.name, c]));
}

/** The failover scenario, on whichever database `build` opens. */
function failoverSuite(
  label: string,
  database: () => Promise<{ env: Record<string, string>; stop(): Promise<void> }>,
) {
  describe(`chat channels fail over and recover (${label})`, () => {
    let fleet: Fleet;
    let db: Awaited<ReturnType<typeof database>>;
    let ctx: Ctx;
    let seller: string;
    let admin: string;
    let code: () => string;
    before(async () => {
      fleet = await startFleet();
      db = await database();
      ctx = await buildAccountApp({ ...fleet.env, ...db.env, ADMIN_PHONES: '13700000001' });
      ({ token: admin, code } = await adminWithTotp(ctx, '13700000001', '10.60.0.1'));
      seller = await registerUser(ctx, '13900002222', { ip: '10.60.0.2' });
    });
    after(async () => {
      await ctx?.close();
      await fleet?.close();
      await db?.stop();
    });

    it('answers every question through the good channel while the others fail before the first token', async () => {
      for (let i = 0; i < 3; i++) {
        const asked = await askStreaming(ctx.app, seller, { content: `第${i}个问题：怎么写标题` });
        assert.equal(asked.events.at(-1)?.event, 'done', JSON.stringify(asked.events.at(-1)));
        assert.match(streamedText(asked.events), new RegExp(`第${i}个问题`));
      }
      assert.equal(fleet.fakes.good?.requests.length, 3);
      const channels = await channelsOf(ctx, admin);
      // One refused key is enough; the others are cooled by their error rate over the window.
      assert.equal(channels.unauthorised?.state, 'cooling');
      assert.match(channels.unauthorised?.stateReason ?? '', /密钥无效/);
      assert.equal(fleet.fakes.unauthorised?.requests.length, 1, 'a cooled channel gets no more calls');
      for (const name of ['refused', 'limited', 'silent']) {
        assert.equal(channels[name]?.state, 'cooling', name);
        assert.match(channels[name]?.stateReason ?? '', /5 分钟内 3 次调用失败 3 次/);
      }
      assert.match(channels.silent?.stateReason ?? '', /300 毫秒内没有返回首字节/);
      assert.match(channels.limited?.stateReason ?? '', /429/);
      assert.deepEqual(channels.good?.keyTails, ['0000'], 'keys are shown as their last 4 characters');
    });

    it('goes straight to the good channel once the others are cooling', async () => {
      const before = {
        limited: fleet.fakes.limited?.requests.length,
        silent: fleet.fakes.silent?.requests.length,
      };
      const asked = await askStreaming(ctx.app, seller, { content: '冷却后的问题' });
      assert.equal(asked.events.at(-1)?.event, 'done');
      // Not asked at all, so nobody waits out the silent one's first-byte timeout (the time this
      // saves is measured by bench/channel-failover.ts, not here).
      assert.equal(fleet.fakes.limited?.requests.length, before.limited);
      assert.equal(fleet.fakes.silent?.requests.length, before.silent);
    });

    it('lets one trial through after the cooldown and restores the channel when it succeeds', async () => {
      (fleet.fakes.unauthorised as Fleet['fakes'][string]).options.always = '';
      ctx.clock.advance(61_000);
      // The good channel has the lowest priority: the restored one is tried (its trial) before it.
      const asked = await askStreaming(ctx.app, seller, { content: '恢复之后' });
      assert.equal(asked.events.at(-1)?.event, 'done');
      assert.equal((await channelsOf(ctx, admin)).unauthorised?.state, 'healthy');
      const audit = (await get(ctx.app, '/api/admin/audit?action=channel.restore', auth(admin))).json().data;
      assert.equal(audit.total, 1);
      assert.match(audit.list[0].after, /试探调用成功/);
    });

    it('cools a channel again, for twice as long, when its trial fails', async () => {
      const refused = (await channelsOf(ctx, admin)).refused;
      const tested = (await post(ctx.app, `/api/admin/channels/${refused?.id}/test`, {}, auth(admin))).json()
        .data;
      assert.equal(tested.ok, false);
      const after = (await channelsOf(ctx, admin)).refused;
      assert.equal(after?.state, 'cooling');
      assert.match(after?.stateReason ?? '', /试探调用失败：无法连接/);
      ctx.clock.advance(61_000);
      assert.equal((await channelsOf(ctx, admin)).refused?.state, 'cooling', 'not over after one minute');
    });

    it('gives a channel its trial from the scheduled test once the cooldown is over', async () => {
      ctx.clock.advance(121_000);
      assert.ok((await ctx.app.jobs.run('channel.test-idle')) >= 1, 'the refused channel was due a trial');
      const refused = (await channelsOf(ctx, admin)).refused;
      assert.equal(refused?.state, 'cooling', 'its trial failed again');
      assert.match(refused?.stateReason ?? '', /试探调用失败：无法连接/);
    });

    it('does not retry once text has reached the seller: a channel that dies mid-answer keeps the part sent', async () => {
      // Only the dying channel stays at the top: the good one is its fallback.
      const dying = await startFakeOpenAi({ always: '[cut]', pieceMs: 1 });
      try {
        const body = {
          kind: 'chat',
          name: 'dying',
          provider: 'openai',
          baseUrl: dying.url,
          keys: ['sk-dying-1111'],
          models: [],
          modelMap: {},
          priority: 100,
          weight: 1,
          enabled: true,
          priceInput: 0,
          priceOutput: 0,
          priceImage: 0,
          totp: code(),
        };
        const created = await post(ctx.app, '/api/admin/channels', body, auth(admin));
        assert.equal(created.statusCode, 200, created.body);
        const goodBefore = fleet.fakes.good?.requests.length;
        const asked = await askStreaming(ctx.app, seller, { content: '会中断的回答' });
        assert.equal(asked.events.at(-1)?.event, 'error');
        assert.ok(streamedText(asked.events).length > 0, 'the part already sent is kept');
        assert.equal(fleet.fakes.good?.requests.length, goodBefore, 'nothing retried after the first token');
        await post(ctx.app, `/api/admin/channels/${created.json().data}/delete`, {}, auth(admin));
      } finally {
        await dying.close();
      }
    });

    it('shows the day’s cost as the sum of the provider’s usage times the channel’s prices', async () => {
      const report = (await get(ctx.app, '/api/admin/costs?days=1', auth(admin))).json().data;
      const expected = goodCostMicros(fleet);
      assert.ok(expected > 0);
      assert.equal(Math.round(report.totals.cost * 1_000_000), expected);
      assert.equal(report.days.length, 1);
      assert.equal(Math.round((report.days[0].byPurpose.chat ?? 0) * 1_000_000), expected);
      assert.ok(
        report.byChannel.some((c: { name: string; errors: number }) => c.name === 'refused' && c.errors >= 3),
      );
    });
  });
}

/** What the good fake reported as usage, priced at its channel's ¥2 and ¥8 per million tokens. */
function goodCostMicros(fleet: Fleet): number {
  return (fleet.fakes.good as FakeOpenAi).usage.reduce(
    (sum, u) => sum + u.promptTokens * 2 + u.completionTokens * 8,
    0,
  );
}

failoverSuite('SQLite', async () => ({ env: {}, stop: async () => {} }));
failoverSuite('PostgreSQL', async () => {
  const pg = await startTestPostgres();
  return { env: { DATABASE_URL: pg.url }, stop: pg.stop };
});

describe('two nodes on one PostgreSQL agree on a channel’s state', () => {
  it('a channel cooled by one node is skipped by the other', async () => {
    const pg = await startTestPostgres();
    const fleet = await startFleet();
    const env = { ...fleet.env, DATABASE_URL: pg.url, ADMIN_PHONES: '13700000009' };
    const one = await buildAccountApp(env);
    const two = await buildAccountApp(env);
    try {
      const seller = await registerUser(one, '13900003333', { ip: '10.61.0.1' });
      const admin = await registerUser(one, '13700000009', { ip: '10.61.0.2' });
      await askStreaming(one.app, seller, { content: '节点一的问题' });
      assert.equal((await channelsOf(two, admin)).unauthorised?.state, 'cooling');
      const before = fleet.fakes.unauthorised?.requests.length;
      const asked = await askStreaming(two.app, seller, { content: '节点二的问题' });
      assert.equal(asked.events.at(-1)?.event, 'done');
      assert.equal(fleet.fakes.unauthorised?.requests.length, before, 'node two does not call it');
    } finally {
      await one.close();
      await two.close();
      await fleet.close();
      await pg.stop();
    }
  });
});

describe('the console manages channels', () => {
  let ctx: Ctx;
  let admin: string;
  let code: () => string;
  let seller: string;
  let fake: FakeOpenAi;
  before(async () => {
    fake = await startFakeOpenAi({ pieceMs: 1 });
    ctx = await buildAccountApp({ ADMIN_PHONES: '13700000021', LLM_MODEL_STANDARD: 'fake-standard' });
    ({ token: admin, code } = await adminWithTotp(ctx, '13700000021', '10.62.0.1'));
    seller = await registerUser(ctx, '13700000022', { ip: '10.62.0.2' });
  });
  after(async () => {
    await ctx?.close();
    await fake?.close();
  });

  const input = (extra: Record<string, unknown> = {}) => ({
    kind: 'chat',
    name: '主渠道',
    provider: 'openai',
    baseUrl: fake.url,
    keys: ['sk-console-secret-5678'],
    models: ['fake-standard'],
    modelMap: {},
    priority: 1,
    weight: 1,
    enabled: true,
    priceInput: 1,
    priceOutput: 2,
    priceImage: 0,
    totp: code(),
    ...extra,
  });

  it('adds a channel that chat then uses at once, without a restart; keys never come back or reach the audit log', async () => {
    assert.equal((await get(ctx.app, '/api/v1/getChatConfig')).json().data.configured, false);
    const created = await post(ctx.app, '/api/admin/channels', input(), auth(admin));
    assert.equal(created.statusCode, 200, created.body);
    assert.equal((await get(ctx.app, '/api/v1/getChatConfig')).json().data.configured, true);
    const asked = await askStreaming(ctx.app, seller, { content: '新渠道' });
    assert.equal(asked.events.at(-1)?.event, 'done');
    assert.equal(fake.requests.at(-1)?.authorization, 'Bearer sk-console-secret-5678');
    const listed = await get(ctx.app, '/api/admin/channels', auth(admin));
    assert.ok(!listed.body.includes('sk-console'));
    assert.deepEqual(listed.json().data[0].keyTails, ['5678']);
    const audit = await get(ctx.app, '/api/admin/audit?action=channel.create', auth(admin));
    assert.ok(!audit.body.includes('sk-console'));
    assert.equal(audit.json().data.total, 1);
  });

  it('keeps the stored keys when an edit leaves them empty, and tests a channel with one real call', async () => {
    const id = (await get(ctx.app, '/api/admin/channels', auth(admin))).json().data[0].id;
    const edited = await post(
      ctx.app,
      `/api/admin/channels/${id}`,
      input({ keys: [], weight: 5 }),
      auth(admin),
    );
    assert.equal(edited.statusCode, 200, edited.body);
    const tested = (await post(ctx.app, `/api/admin/channels/${id}/test`, {}, auth(admin))).json().data;
    assert.equal(tested.ok, true, tested.message);
    assert.equal(fake.requests.at(-1)?.authorization, 'Bearer sk-console-secret-5678');
  });

  it('takes a fresh two-factor code to add or edit a channel; switching one off takes none and stops its traffic', async () => {
    const id = (await get(ctx.app, '/api/admin/channels', auth(admin))).json().data[0].id;
    const before = fake.requests.length;
    // A stolen session without the authenticator cannot point sellers' questions somewhere else.
    const noCode = await post(
      ctx.app,
      `/api/admin/channels/${id}`,
      input({ baseUrl: 'https://evil.example/v1', totp: undefined }),
      auth(admin),
    );
    assert.equal(noCode.statusCode, 400);
    const wrongCode = await post(
      ctx.app,
      `/api/admin/channels/${id}`,
      input({ baseUrl: 'https://evil.example/v1', totp: '000000' }),
      auth(admin),
    );
    assert.equal(wrongCode.statusCode, 400, wrongCode.body);
    assert.match(wrongCode.json().msg, /验证码/);
    const reused = code();
    assert.equal(
      (await post(ctx.app, `/api/admin/channels/${id}`, input({ totp: reused }), auth(admin))).statusCode,
      200,
    );
    const replayed = await post(
      ctx.app,
      `/api/admin/channels/${id}`,
      input({ baseUrl: 'https://evil.example/v1', totp: reused }),
      auth(admin),
    );
    assert.equal(replayed.statusCode, 400, 'a code is taken once');
    assert.equal((await get(ctx.app, '/api/admin/channels', auth(admin))).json().data[0].baseUrl, fake.url);

    const off = await post(ctx.app, `/api/admin/channels/${id}/enabled`, { enabled: false }, auth(admin));
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.json().msg, '渠道已停用');
    assert.equal((await get(ctx.app, '/api/v1/getChatConfig')).json().data.configured, false);
    assert.equal(fake.requests.length, before, 'no call reached the provider');
    const on = await post(ctx.app, `/api/admin/channels/${id}/enabled`, { enabled: true }, auth(admin));
    assert.equal(on.statusCode, 200, on.body);
    assert.equal((await askStreaming(ctx.app, seller, { content: '启用后' })).events.at(-1)?.event, 'done');
    const audit = (await get(ctx.app, `/api/admin/audit?target=channel:${id}`, auth(admin))).json().data;
    const actions = audit.list.map((row: { action: string }) => row.action);
    assert.ok(actions.includes('channel.disable') && actions.includes('channel.enable'), actions.join());
    const asSeller = await post(
      ctx.app,
      `/api/admin/channels/${id}/enabled`,
      { enabled: false },
      auth(seller),
    );
    assert.equal(asSeller.statusCode, 403);
  });

  it('refuses bad input in Chinese and lets no seller near the channels', async () => {
    const bad = await post(ctx.app, '/api/admin/channels', input({ name: '主渠道' }), auth(admin));
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().msg, /同名/);
    const url = await post(
      ctx.app,
      '/api/admin/channels',
      input({ name: 'x', baseUrl: 'ftp://x' }),
      auth(admin),
    );
    assert.equal(url.statusCode, 400);
    assert.match(url.json().msg, /接口地址/);
    const provider = await post(
      ctx.app,
      '/api/admin/channels',
      input({ name: 'y', provider: 'dashscope' }),
      auth(admin),
    );
    assert.equal(provider.statusCode, 400);
    assert.match(provider.json().msg, /类型/);
    const asSeller = await post(ctx.app, '/api/admin/channels', input({ name: 'z' }), auth(seller));
    assert.equal(asSeller.statusCode, 403);
  });
});

describe('image channels fail over too, and are priced per image', () => {
  it('draws through the good channel when the first refuses the key, and books ¥0.2 a picture', async () => {
    const fake = await startFakeImageProviders();
    const channels = [
      {
        name: '失效的绘画账号',
        provider: 'sdwebui',
        baseUrl: `${fake.url}/401`,
        priority: 10,
        priceImage: 0.5,
      },
      { name: '绘画主账号', provider: 'sdwebui', baseUrl: fake.url, priority: 1, priceImage: 0.2 },
    ];
    const ctx = await buildAccountApp({
      IMAGE_CHANNELS: JSON.stringify(channels),
      ADMIN_PHONES: '13700000031',
    });
    try {
      const admin = await registerUser(ctx, '13700000031', { ip: '10.63.0.1' });
      const seller = await registerUser(ctx, '13900005555', { ip: '10.63.0.2' });
      const drawn = await post(
        ctx.app,
        '/api/v1/createImage/',
        { prompt: '白色陶瓷杯', size: '1024x1024', count: 2 },
        auth(seller),
      );
      assert.equal(drawn.statusCode, 200, drawn.body);
      assert.equal(drawn.json().data.group.images.length, 2);
      const list = (await get(ctx.app, '/api/admin/channels', auth(admin))).json().data as {
        name: string;
        state: string;
      }[];
      assert.equal(list.find((c) => c.name === '失效的绘画账号')?.state, 'cooling');
      const report = (await get(ctx.app, '/api/admin/costs?days=1', auth(admin))).json().data;
      assert.equal(
        Math.round(report.totals.cost * 100),
        40,
        'two pictures at ¥0.2, nothing for the refused call',
      );
      assert.equal(Math.round((report.days[0].byPurpose.draw ?? 0) * 100), 40);
    } finally {
      await ctx.close();
      await fake.close();
    }
  });
});
