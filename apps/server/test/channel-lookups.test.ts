import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminWithTotp, auth, buildAccountApp, get, post, registerUser } from './account-helpers.ts';
import { addChatChannel, chatChannelBody } from './channel-helpers.ts';
import { type FakeLookups, startFakeLookups } from './fakes/fake-provider-lookups.ts';
import { startTestPostgres } from './postgres.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;

/**
 * 渠道's 获取模型列表 and 刷新余额 against a fake provider that speaks the real protocols, polite and
 * not: the key typed in the form or the channel's stored one (never sent back), each failure as
 * one Chinese sentence with its code, and only an admin may ask; at an address no channel saved,
 * only with the admin's two-factor code.
 */
function lookupSuite(
  database: string,
  start: () => Promise<{ env: Record<string, string>; stop: () => Promise<void> }>,
) {
  describe(`获取模型列表 and 刷新余额 (${database})`, () => {
    let ctx: Ctx;
    let fake: FakeLookups;
    let admin: string;
    let code: () => string;
    let seller: string;
    let stop: () => Promise<void>;
    before(async () => {
      fake = await startFakeLookups();
      const db = await start();
      stop = db.stop;
      ctx = await buildAccountApp(
        { ...db.env, ADMIN_PHONES: '13700000051', CHANNEL_LOOKUP_TIMEOUT_MS: '300' },
        // api.deepseek.com is the fake: only the origin is replaced, the path stays as built.
        { lookupStandIns: { 'https://api.deepseek.com': fake.origin } },
      );
      ({ token: admin, code } = await adminWithTotp(ctx, '13700000051', '10.65.0.1'));
      seller = await registerUser(ctx, '13700000052', { ip: '10.65.0.2' });
    });
    after(async () => {
      await ctx?.close();
      await fake?.close();
      await stop?.();
    });

    const models = (body: Record<string, unknown>, token = admin) =>
      post(ctx.app, '/api/admin/channels/models', { kind: 'chat', provider: 'openai', ...body }, auth(token));
    const channelBody = (extra: Record<string, unknown>) => chatChannelBody(code(), extra);
    const addChannel = (extra: Record<string, unknown>) => addChatChannel(ctx.app, admin, code(), extra);
    type Listed = { id: number; balanceQuery: boolean; balance: Record<string, unknown> | null };
    const listed = async (id: number) =>
      ((await get(ctx.app, '/api/admin/channels', auth(admin))).json().data as Listed[]).find(
        (channel) => channel.id === id,
      ) as Listed;

    it('lists the provider’s models with the key typed in the form, sorted', async () => {
      const answer = await models({ baseUrl: `${fake.origin}/ok/v1/`, key: 'sk-typed-0001', totp: code() });
      assert.equal(answer.statusCode, 200, answer.body);
      assert.deepEqual(answer.json().data.models, ['deepseek-chat', 'deepseek-reasoner']);
      assert.deepEqual(fake.requests.at(-1), {
        path: '/ok/v1/models',
        authorization: 'Bearer sk-typed-0001',
      });
    });

    it('uses the channel’s stored key when the form’s is empty, never sends it back, and only to the stored address', async () => {
      const id = await addChannel({ name: '已保存', baseUrl: `${fake.origin}/ok/v1` });
      // The saved address needs no code: the operator's everyday 获取模型列表.
      const answer = await models({ baseUrl: `${fake.origin}/ok/v1`, key: '', channelId: id });
      assert.equal(answer.statusCode, 200, answer.body);
      assert.equal(fake.requests.at(-1)?.authorization, 'Bearer sk-stored-secret-1234');
      assert.ok(!answer.body.includes('sk-stored'));
      const before = fake.requests.length;
      const elsewhere = await models({ baseUrl: `${fake.origin}/html/v1`, channelId: id, totp: code() });
      assert.equal(elsewhere.statusCode, 400);
      assert.match(elsewhere.json().msg, /已保存的密钥只发往已保存的地址/);
      assert.equal(fake.requests.length, before, 'the stored key went nowhere');
      const gone = await models({ baseUrl: `${fake.origin}/ok/v1`, channelId: 99_999, totp: code() });
      assert.equal(gone.statusCode, 404);
    });

    it('turns each impolite answer into one Chinese sentence with its code', async () => {
      const cases: [string, number, RegExp][] = [
        ['unauthorised', 400, /服务商拒绝了这个密钥（401）/],
        ['slow', 503, /服务商没有正常回答/],
        ['half', 503, /不完整或不是 JSON/],
        ['html', 503, /返回的是网页/],
        ['bad-gateway', 503, /出错（502）/],
        ['empty', 503, /模型列表是空的/],
        ['nothing-here', 400, /没有模型列表（404）/],
      ];
      for (const [behaviour, status, message] of cases) {
        const answer = await models({
          baseUrl: `${fake.origin}/${behaviour}/v1`,
          key: 'sk-x-0000',
          totp: code(),
        });
        assert.equal(answer.statusCode, status, `${behaviour}: ${answer.body}`);
        assert.equal(answer.json().code, status);
        assert.match(answer.json().msg, message, behaviour);
      }
      const refused = await models({ baseUrl: 'http://127.0.0.1:1/v1', key: 'sk-x-0000', totp: code() });
      assert.equal(refused.statusCode, 503);
      assert.match(refused.json().msg, /服务商没有正常回答/);
      const ftp = await models({ baseUrl: 'ftp://x/v1', key: 'k' });
      assert.equal(ftp.statusCode, 400);
      assert.match(ftp.json().msg, /接口地址/);
    });

    it('says an address should end in /v1 only when it does not, and what to try when it does (404)', async () => {
      const bare = await models({ baseUrl: `${fake.origin}/nothing-here`, key: 'sk-x-0000', totp: code() });
      assert.equal(bare.statusCode, 400, bare.body);
      assert.match(bare.json().msg, /没有模型列表（404）：OpenAI 兼容接口的地址一般以 \/v1 结尾/);
      const v1 = await models({ baseUrl: `${fake.origin}/nothing-here/v1/`, key: 'sk-x-0000', totp: code() });
      assert.equal(v1.statusCode, 400, v1.body);
      assert.doesNotMatch(v1.json().msg, /一般以 \/v1 结尾/);
      assert.match(v1.json().msg, /地址已以版本号结尾.*不提供模型列表.*路径不对.*手动填写模型名/);
    });

    it('lists SD WebUI checkpoints by title, and says 通义万相 has no list', async () => {
      const sd = await models({
        kind: 'image',
        provider: 'sdwebui',
        baseUrl: `${fake.origin}/sd`,
        key: 'user:pass',
        totp: code(),
      });
      assert.equal(sd.statusCode, 200, sd.body);
      assert.deepEqual(sd.json().data.models, ['v1-5-pruned-emaonly.safetensors [6ce0161689]']);
      assert.equal(
        fake.requests.at(-1)?.authorization,
        `Basic ${Buffer.from('user:pass').toString('base64')}`,
      );
      const wanx = await models({
        kind: 'image',
        provider: 'dashscope',
        baseUrl: fake.origin,
        key: 'sk-d',
        totp: code(),
      });
      assert.equal(wanx.statusCode, 400);
      assert.match(wanx.json().msg, /没有获取模型列表的接口/);
    });

    it('refuses a seller', async () => {
      const before = fake.requests.length;
      const answer = await models({ baseUrl: `${fake.origin}/ok/v1`, key: 'sk-x' }, seller);
      assert.equal(answer.statusCode, 403);
      const id = await addChannel({ name: '卖家看不到', baseUrl: `${fake.origin}/ok/v1` });
      const balance = await post(ctx.app, `/api/admin/channels/${id}/balance`, {}, auth(seller));
      assert.equal(balance.statusCode, 403);
      assert.equal(fake.requests.length, before);
    });

    it('reads a gateway’s balance (limit less usage), keeps it with the time, and forgets it when the key changes', async () => {
      const id = await addChannel({ name: '中转站', baseUrl: `${fake.origin}/ok/v1` });
      assert.equal((await listed(id)).balance, null);
      assert.equal((await listed(id)).balanceQuery, true);
      ctx.clock.advance(60_000);
      const read = await post(ctx.app, `/api/admin/channels/${id}/balance`, {}, auth(admin));
      assert.equal(read.statusCode, 200, read.body);
      const balance = read.json().data;
      assert.deepEqual(
        { ...balance, readAt: undefined },
        { offered: true, amount: 74.5, currency: 'USD', usable: true, keyTail: '1234', readAt: undefined },
      );
      assert.equal(balance.readAt, ctx.clock.now());
      const usage = fake.requests.at(-1);
      assert.match(
        usage?.path ?? '',
        /^\/ok\/v1\/dashboard\/billing\/usage\?start_date=\d{4}-\d\d-\d\d&end_date=/,
      );
      assert.equal(usage?.authorization, 'Bearer sk-stored-secret-1234');
      assert.deepEqual((await listed(id)).balance, balance);
      assert.ok(!read.body.includes('sk-stored'));

      const edited = await post(
        ctx.app,
        `/api/admin/channels/${id}`,
        channelBody({ name: '中转站', baseUrl: `${fake.origin}/ok/v1`, keys: ['sk-another-9999'] }),
        auth(admin),
      );
      assert.equal(edited.statusCode, 200, edited.body);
      assert.equal((await listed(id)).balance, null, 'another key, another account');
    });

    it('reads DeepSeek’s balance from /user/balance at the host’s root', async () => {
      const id = await addChannel({ name: 'DeepSeek', baseUrl: 'https://api.deepseek.com/v1' });
      const read = await post(ctx.app, `/api/admin/channels/${id}/balance`, {}, auth(admin));
      assert.equal(read.statusCode, 200, read.body);
      assert.equal(read.json().data.amount, 110);
      assert.equal(read.json().data.currency, 'CNY');
      assert.deepEqual(fake.requests.at(-1), {
        path: '/user/balance',
        authorization: 'Bearer sk-stored-secret-1234',
      });
    });

    it('says when a provider has no balance query, and passes on a refused key', async () => {
      const none = await addChannel({ name: '无余额', baseUrl: `${fake.origin}/nothing/v1` });
      const read = await post(ctx.app, `/api/admin/channels/${none}/balance`, {}, auth(admin));
      assert.equal(read.statusCode, 200, read.body);
      assert.equal(read.json().data.offered, false);
      assert.equal((await listed(none)).balance?.offered, false);
      const page = await addChannel({ name: '网页', baseUrl: `${fake.origin}/html/v1` });
      assert.equal(
        (await post(ctx.app, `/api/admin/channels/${page}/balance`, {}, auth(admin))).json().data.offered,
        false,
      );
      const refused = await addChannel({ name: '拒绝', baseUrl: `${fake.origin}/unauthorised/v1` });
      const denied = await post(ctx.app, `/api/admin/channels/${refused}/balance`, {}, auth(admin));
      assert.equal(denied.statusCode, 400);
      assert.match(denied.json().msg, /拒绝了这个密钥（401）/);
      assert.equal((await listed(refused)).balance, null);
      const before = fake.requests.length;
      const wanx = await addChannel({
        kind: 'image',
        provider: 'dashscope',
        name: '万相',
        baseUrl: fake.origin,
      });
      assert.equal((await listed(wanx)).balanceQuery, false);
      const asked = await post(ctx.app, `/api/admin/channels/${wanx}/balance`, {}, auth(admin));
      assert.equal(asked.json().data.offered, false);
      assert.equal(fake.requests.length, before, 'nothing to ask');
    });
  });
}

lookupSuite('SQLite', async () => ({ env: {}, stop: async () => {} }));
lookupSuite('PostgreSQL', async () => {
  const pg = await startTestPostgres();
  return { env: { DATABASE_URL: pg.url }, stop: pg.stop };
});
