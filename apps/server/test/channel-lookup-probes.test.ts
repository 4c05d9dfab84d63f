import assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { NO_ANSWER } from '../src/channels/provider-lookup.ts';
import { adminWithTotp, auth, buildAccountApp, get, post } from './account-helpers.ts';
import { addChatChannel } from './channel-helpers.ts';
import { type FakeLookups, startFakeLookups } from './fakes/fake-provider-lookups.ts';

/**
 * 获取模型列表 and 刷新余额 as a stolen admin session would use them: to make the server reach
 * addresses of its own network and to tell open ports from closed ones by the answer. An address
 * no channel saved takes the two-factor code; this machine and private networks are refused unless
 * the operator turned them on (CHANNEL_PRIVATE_NETWORKS); every address that does not answer gets
 * the same sentence after the same wait; an endless answer is cut at 4 MB while it streams.
 */

const MB = 1024 * 1024;
const TIMEOUT_MS = 300;

async function listen(server: Server | ReturnType<typeof createHttpServer>): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function lookupApp(phone: string, env: Record<string, string> = {}) {
  const ctx = await buildAccountApp({
    ADMIN_PHONES: phone,
    CHANNEL_LOOKUP_TIMEOUT_MS: String(TIMEOUT_MS),
    ...env,
  });
  const { token, code } = await adminWithTotp(ctx, phone, '10.66.0.1');
  const models = (body: Record<string, unknown>) =>
    post(ctx.app, '/api/admin/channels/models', { kind: 'chat', provider: 'openai', ...body }, auth(token));
  const addChannel = (name: string, baseUrl: string, extra: Record<string, unknown> = {}) =>
    addChatChannel(ctx.app, token, code(), { name, baseUrl, ...extra });
  const balance = (id: number) => post(ctx.app, `/api/admin/channels/${id}/balance`, {}, auth(token));
  return { ctx, token, code, models, addChannel, balance };
}

type LookupApp = Awaited<ReturnType<typeof lookupApp>>;

describe('获取模型列表 cannot be turned on the server’s own network', () => {
  let fake: FakeLookups;
  let app: LookupApp;
  before(async () => {
    fake = await startFakeLookups();
    // The test environment's default: this machine is allowed (the fakes run here).
    app = await lookupApp('13700000061');
  });
  after(async () => {
    await app?.ctx.close();
    await fake?.close();
  });

  it('takes the two-factor code at an address no channel saved, and a missing code is no wrong one', async () => {
    const asked = fake.requests.length;
    const baseUrl = `${fake.origin}/ok/v1`;
    // Six times without a code: had each counted as a wrong code, the fifth would lock two-factor.
    for (let i = 0; i < 6; i += 1) {
      const bare = await app.models({ baseUrl, key: 'sk-typed-0001' });
      assert.equal(bare.statusCode, 403, bare.body);
      assert.equal(bare.json().code, 403);
      assert.match(bare.json().msg, /新的地址获取模型列表需要两步验证码/);
    }
    const wrong = await app.models({ baseUrl, key: 'sk-typed-0001', totp: '000000' });
    assert.equal(wrong.statusCode, 400, wrong.body);
    assert.match(wrong.json().msg, /两步验证码不对/);
    const malformed = await app.models({ baseUrl, key: 'sk-typed-0001', totp: '12ab' });
    assert.equal(malformed.statusCode, 400, malformed.body);
    assert.match(malformed.json().msg, /[\u4e00-\u9fa5]/, 'a Chinese message');
    assert.equal(fake.requests.length, asked, 'nothing reached the address without a code');

    const withCode = await app.models({ baseUrl, key: 'sk-typed-0001', totp: app.code() });
    assert.equal(withCode.statusCode, 200, withCode.body);
    assert.deepEqual(withCode.json().data.models, ['deepseek-chat', 'deepseek-reasoner']);
  });

  it('asks a saved channel at its saved address without a code, and an edited address only with one', async () => {
    const id = await app.addChannel('已保存', `${fake.origin}/ok/v1`);
    const everyday = await app.models({ baseUrl: `${fake.origin}/ok/v1/`, channelId: id });
    assert.equal(everyday.statusCode, 200, everyday.body);
    const typedKey = await app.models({ baseUrl: `${fake.origin}/ok/v1`, channelId: id, key: 'sk-new-0002' });
    assert.equal(typedKey.statusCode, 200, typedKey.body);
    assert.equal(fake.requests.at(-1)?.authorization, 'Bearer sk-new-0002');

    const asked = fake.requests.length;
    const edited = { baseUrl: `${fake.origin}/sd`, channelId: id, key: 'sk-new-0002' };
    const bare = await app.models(edited);
    assert.equal(bare.statusCode, 403, bare.body);
    assert.match(bare.json().msg, /需要两步验证码/);
    assert.equal(fake.requests.length, asked);
    const withCode = await app.models({ ...edited, provider: 'sdwebui', kind: 'image', totp: app.code() });
    assert.equal(withCode.statusCode, 200, withCode.body);

    // 刷新余额 only ever goes to the stored address: no code.
    const read = await app.balance(id);
    assert.equal(read.statusCode, 200, read.body);
    assert.equal(read.json().data.amount, 74.5);
  });

  it('gives every address that does not answer the same sentence, after the same wait', async () => {
    const closed = createHttpServer();
    const closedPort = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const silent = createServer(() => {});
    const reset = createServer((socket) => socket.resetAndDestroy());
    const silentPort = await listen(silent);
    const resetPort = await listen(reset);
    try {
      const addresses = {
        closed: `http://127.0.0.1:${closedPort}/v1`,
        silent: `http://127.0.0.1:${silentPort}/v1`,
        reset: `http://127.0.0.1:${resetPort}/v1`,
        'unknown name': 'http://no-such-provider.invalid/v1',
        'TLS to a plain port': `https://127.0.0.1:${new URL(fake.origin).port}/ok/v1`,
      };
      for (const [what, baseUrl] of Object.entries(addresses)) {
        const started = performance.now();
        const answer = await app.models({ baseUrl, key: 'sk-x-0000', totp: app.code() });
        const took = performance.now() - started;
        assert.equal(answer.statusCode, 503, `${what}: ${answer.body}`);
        assert.equal(answer.json().code, 503);
        assert.equal(answer.json().msg, NO_ANSWER, what);
        assert.ok(
          took >= TIMEOUT_MS - 10,
          `${what} answered after ${Math.round(took)} ms, not the whole wait`,
        );
      }
    } finally {
      silent.close();
      reset.close();
    }
  });
});

describe('an endless answer', () => {
  let fake: FakeLookups;
  let app: LookupApp;
  before(async () => {
    fake = await startFakeLookups();
    // A patient console: only the cap, not the wait, may end this answer.
    app = await lookupApp('13700000064', { CHANNEL_LOOKUP_TIMEOUT_MS: '20000' });
  });
  after(async () => {
    await app?.ctx.close();
    await fake?.close();
  });

  it('cuts an endless answer at 4 MB while it streams, and the node answers another request meanwhile', async (t) => {
    const start = process.memoryUsage();
    const peak = { rss: start.rss, arrayBuffers: start.arrayBuffers };
    const sample = () => {
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
    };
    const sampler = setInterval(sample, 5);
    try {
      const lookup = app.models({ baseUrl: `${fake.origin}/huge/v1`, key: 'sk-x-0000', totp: app.code() });
      await fake.huge.started;
      const asked = performance.now();
      const other = await get(app.ctx.app, '/api/admin/channels', auth(app.token));
      const otherMs = performance.now() - asked;
      const answer = await lookup;
      sample();
      assert.equal(answer.statusCode, 503, answer.body);
      assert.match(answer.json().msg, /回答太大/);
      assert.equal(other.statusCode, 200);
      const rssMb = (peak.rss - start.rss) / MB;
      const buffersMb = (peak.arrayBuffers - start.arrayBuffers) / MB;
      t.diagnostic(
        `300 MB answer: ${(fake.huge.sent / MB).toFixed(1)} MB sent before the cut; ` +
          `peak rss +${rssMb.toFixed(1)} MB, arrayBuffers +${buffersMb.toFixed(1)} MB; ` +
          `another request answered in ${otherMs.toFixed(0)} ms`,
      );
      assert.ok(fake.huge.sent < 32 * MB, `${fake.huge.sent} bytes went out: the reader kept reading`);
      assert.ok(rssMb < 50, `rss grew ${rssMb.toFixed(1)} MB`);
      assert.ok(buffersMb < 50, `arrayBuffers grew ${buffersMb.toFixed(1)} MB`);
    } finally {
      clearInterval(sampler);
    }
  });
});

describe('private addresses only where the operator turned them on (CHANNEL_PRIVATE_NETWORKS)', () => {
  let fake: FakeLookups;
  let closed: LookupApp;
  let local: LookupApp;
  before(async () => {
    fake = await startFakeLookups();
    closed = await lookupApp('13700000062', { CHANNEL_PRIVATE_NETWORKS: 'none' });
    // An operator whose SD WebUI runs on this machine names it.
    local = await lookupApp('13700000063', { CHANNEL_PRIVATE_NETWORKS: '127.0.0.1' });
  });
  after(async () => {
    await closed?.ctx.close();
    await local?.ctx.close();
    await fake?.close();
  });

  it('refuses this machine in every spelling, and private networks, before connecting', async () => {
    const port = new URL(fake.origin).port;
    const asked = fake.requests.length;
    for (const baseUrl of [
      `http://127.0.0.1:${port}/ok/v1`,
      `http://localhost:${port}/ok/v1`,
      `http://[::ffff:127.0.0.1]:${port}/ok/v1`,
      `http://2130706433:${port}/ok/v1`,
      `http://0x7f.1:${port}/ok/v1`,
      `http://0177.0.0.1:${port}/ok/v1`,
      `http://[::127.0.0.1]:${port}/ok/v1`,
      `http://[::1]:${port}/ok/v1`,
      `http://[64:ff9b::7f00:1]:${port}/ok/v1`,
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/v1',
      'http://192.168.1.1/v1',
    ]) {
      // A 400 naming the setting, not the 503 an attempt to connect ends in; the fake counts no request.
      const answer = await closed.models({ baseUrl, key: 'sk-x-0000', totp: closed.code() });
      assert.equal(answer.statusCode, 400, `${baseUrl}: ${answer.body}`);
      assert.equal(answer.json().code, 400);
      assert.match(answer.json().msg, /是本机或内网地址.*CHANNEL_PRIVATE_NETWORKS/, baseUrl);
    }
    assert.equal(fake.requests.length, asked, 'nothing reached this machine');
  });

  it('refuses a saved channel at a private address too, for its models and its balance', async () => {
    const id = await closed.addChannel('本机', `${fake.origin}/ok/v1`);
    const asked = fake.requests.length;
    const models = await closed.models({ baseUrl: `${fake.origin}/ok/v1`, channelId: id });
    assert.equal(models.statusCode, 400, models.body);
    assert.match(models.json().msg, /本机或内网地址/);
    const balance = await closed.balance(id);
    assert.equal(balance.statusCode, 400, balance.body);
    assert.match(balance.json().msg, /本机或内网地址/);
    assert.equal(fake.requests.length, asked);
  });

  it('reaches the network the operator named, and no other', async () => {
    const sd = await local.models({
      kind: 'image',
      provider: 'sdwebui',
      baseUrl: `${fake.origin}/sd`,
      totp: local.code(),
    });
    assert.equal(sd.statusCode, 200, sd.body);
    assert.deepEqual(sd.json().data.models, ['v1-5-pruned-emaonly.safetensors [6ce0161689]']);
    const lan = await local.models({ baseUrl: 'http://192.168.1.1/v1', key: 'k', totp: local.code() });
    assert.equal(lan.statusCode, 400, lan.body);
    assert.match(lan.json().msg, /本机或内网地址/);
  });
});
