import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CALL_FAILURE_NAMES } from '@chuhai/contract';
import { callFailureText } from '../src/channels/failure-text.ts';
import { failureOfStatus, ProviderError } from '../src/providers/provider-error.ts';
import { adminWithTotp, auth, buildAccountApp, get, post } from './account-helpers.ts';
import { addChatChannel, refusedUrl } from './channel-helpers.ts';
import { type FakeOpenAi, startFakeOpenAi } from './fakes/fake-openai.ts';

const systemError = (code: string) => Object.assign(new Error(`connect ${code}`), { code });

describe('a failed provider call in the operator’s words', () => {
  it('classifies every status once, and the ledger has a Chinese name for every kind', () => {
    const table: [number, string][] = [
      [400, 'bad-request'],
      [401, 'auth'],
      [402, 'auth'],
      [403, 'auth'],
      [404, 'not-found'],
      [422, 'bad-request'],
      [429, 'rate-limited'],
      [500, 'upstream'],
      [502, 'upstream'],
      [503, 'upstream'],
    ];
    for (const [status, kind] of table) {
      assert.equal(failureOfStatus(status), kind, String(status));
      assert.ok(CALL_FAILURE_NAMES[kind], `${kind} has a name`);
    }
    assert.equal(CALL_FAILURE_NAMES['not-found'], '地址或模型不存在');
    for (const kind of ['busy', 'rejected-content', 'unreachable', 'idle', 'timeout'])
      assert.ok(CALL_FAILURE_NAMES[kind], kind);
  });

  it('says what happened and what to check in Chinese, keeping the provider’s words as the detail', () => {
    const http = (status: number, message: string) =>
      new ProviderError(failureOfStatus(status), `chat API answered ${status}: ${message}`, { status });
    const onV1 = { provider: 'openai', baseUrl: 'https://api.deepseek.com/v1', model: 'deepseek-chat' };
    const bare = { provider: 'openai', baseUrl: 'https://api.deepseek.com', model: 'deepseek-chat' };
    const cases: [unknown, typeof bare | undefined, RegExp][] = [
      [http(404, '{}'), bare, /^调用失败：接口地址或模型不存在：.*一般以 \/v1 结尾.*「deepseek-chat」/],
      [http(401, 'bad key'), onV1, /^调用失败：服务商拒绝了密钥：请检查密钥/],
      [http(402, 'Insufficient Balance'), onV1, /余额不足/],
      [http(429, 'slow down'), onV1, /限流或额度用完/],
      [http(400, 'bad param'), onV1, /拒绝了这次请求的参数/],
      [http(503, 'overloaded'), onV1, /服务商那边出错了/],
      [new DOMException('timed out', 'TimeoutError'), onV1, /超时/],
      [
        new ProviderError('unreachable', 'no answer from the chat API in 60000 ms'),
        onV1,
        /^调用失败：等待服务商回答超时/,
      ],
      [
        new ProviderError('unreachable', 'cannot reach', { cause: systemError('ECONNREFUSED') }),
        onV1,
        /连接被拒绝/,
      ],
      [new ProviderError('unreachable', 'cannot reach', { cause: systemError('ENOTFOUND') }), onV1, /主机名/],
      [
        new ProviderError('unreachable', 'cannot reach', { cause: systemError('CERT_HAS_EXPIRED') }),
        onV1,
        /证书/,
      ],
    ];
    for (const [error, target, expected] of cases) {
      const text = callFailureText(error, target);
      assert.match(text, expected, text);
      assert.doesNotMatch(text.split('（原始信息')[0] as string, /answered|API/, text);
    }
    const notFound = callFailureText(http(404, '{}'), onV1);
    assert.doesNotMatch(notFound, /一般以 \/v1 结尾/, 'the address ends in /v1 already');
    assert.match(notFound, /模型名「deepseek-chat」不在这个服务商提供的模型里/);
    assert.match(notFound, /（原始信息：chat API answered 404: \{\}）$/);
    assert.equal(callFailureText(new Error('未配置')), '调用失败：未配置');
  });
});

describe('渠道 · 测试 and the ledger name the right thing', () => {
  let ctx: Awaited<ReturnType<typeof buildAccountApp>>;
  let admin: string;
  let code: () => string;
  let fake: FakeOpenAi;
  before(async () => {
    fake = await startFakeOpenAi({ pieceMs: 1 });
    ctx = await buildAccountApp({ ADMIN_PHONES: '13700005401', LLM_MODEL_STANDARD: 'fake-standard' });
    ({ token: admin, code } = await adminWithTotp(ctx, '13700005401', '10.54.6.1'));
  });
  after(async () => {
    await ctx?.close();
    await fake?.close();
  });

  const addChannel = (name: string, baseUrl: string, models: string[]) =>
    addChatChannel(ctx.app, admin, code(), { name, baseUrl, models });
  const test = async (id: number) =>
    (await post(ctx.app, `/api/admin/channels/${id}/test`, {}, auth(admin))).json().data as {
      ok: boolean;
      message: string;
    };
  const ledger = async (channel: string) =>
    (
      await get(
        ctx.app,
        `/api/admin/costs/calls?pageSize=50&channel=${encodeURIComponent(channel)}`,
        auth(admin),
      )
    ).json().data.list as { model: string; failure: string; purpose: string; ok: boolean }[];

  it('a 404 on a deepseek-chat channel: asked for deepseek-chat, told in Chinese, logged as 地址或模型不存在', async () => {
    const id = await addChannel('只有 deepseek', `${fake.url.replace(/\/v1\/?$/, '')}/404/v1`, [
      'deepseek-chat',
    ]);
    const tested = await test(id);
    assert.equal(tested.ok, false);
    assert.match(tested.message, /^调用失败：接口地址或模型不存在：/);
    assert.match(tested.message, /「deepseek-chat」/);
    assert.doesNotMatch(tested.message, /一般以 \/v1 结尾/);
    assert.match(tested.message, /（原始信息：chat API answered 404: Model Not Exist）/);
    assert.equal(
      fake.requests.at(-1)?.model,
      'deepseek-chat',
      'the model the channel offers, not fake-standard',
    );
    const [row] = await ledger('只有 deepseek');
    assert.deepEqual(
      [row?.model, row?.failure, row?.purpose, row?.ok],
      ['deepseek-chat', 'not-found', 'probe', false],
    );
  });

  it('a refused key and a refused connection each say what to check', async () => {
    const base = fake.url.replace(/\/v1\/?$/, '');
    const key = await test(await addChannel('密钥错', `${base}/401/v1`, []));
    assert.match(key.message, /^调用失败：服务商拒绝了密钥/);
    const limited = await test(await addChannel('限流', `${base}/429/v1`, []));
    assert.match(limited.message, /^调用失败：服务商限流或额度用完/);
    const down = await test(await addChannel('没开', await refusedUrl(), []));
    assert.match(down.message, /^调用失败：连接被拒绝/);
    const [row] = await ledger('密钥错');
    assert.deepEqual(
      [row?.model, row?.failure],
      ['fake-standard', 'auth'],
      'an empty list offers the configured model',
    );
  });
});
