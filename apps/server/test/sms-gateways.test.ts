import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { createAliyunSender } from '../src/providers/sms/aliyun-sender.ts';
import { SmsSendError } from '../src/providers/sms/sms-sender.ts';
import { createTencentSender } from '../src/providers/sms/tencent-sender.ts';

/**
 * The Aliyun and Tencent adapters drive the official SDKs against local servers that answer the
 * way the real gateways do, so the request the SDK builds and the answers it parses are both real.
 */
interface Seen {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

async function fakeGateway(answer: (seen: Seen) => { status: number; body: unknown }) {
  const seen: Seen[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const entry = { url: request.url ?? '', headers: request.headers, body };
      seen.push(entry);
      const reply = answer(entry);
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}`, seen, close: () => new Promise((r) => server.close(r)) };
}

const message = { phone: '13812345678', code: '246810', type: 1 as const, validMinutes: 5 };

describe('阿里云短信 adapter', () => {
  let gateway: Awaited<ReturnType<typeof fakeGateway>>;
  let refuse = false;
  before(async () => {
    gateway = await fakeGateway(() =>
      refuse
        ? { status: 200, body: { Code: 'isv.AMOUNT_NOT_ENOUGH', Message: '账户余额不足', RequestId: 'r2' } }
        : { status: 200, body: { Code: 'OK', Message: 'OK', RequestId: 'r1', BizId: 'b1' } },
    );
  });
  after(() => gateway.close());

  function sender() {
    const config = loadConfig({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-test',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '出海助手',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_123',
      ALIYUN_SMS_ENDPOINT: gateway.endpoint,
    });
    if (config.sms.provider !== 'aliyun') throw new Error('config');
    return createAliyunSender(config.sms);
  }

  it('sends SendSms with the phone, sign, template and the code as template parameter', async () => {
    refuse = false;
    await sender().send(message);
    const request = gateway.seen.at(-1);
    assert.ok(request);
    const params = new URLSearchParams(request.url.split('?')[1] ?? '');
    for (const [k, v] of new URLSearchParams(request.body)) params.set(k, v);
    assert.equal(params.get('Action') ?? request.headers['x-acs-action'], 'SendSms');
    assert.equal(params.get('PhoneNumbers'), '13812345678');
    assert.equal(params.get('SignName'), '出海助手');
    assert.equal(params.get('TemplateCode'), 'SMS_123');
    assert.deepEqual(JSON.parse(params.get('TemplateParam') ?? '{}'), { code: '246810' });
    assert.ok(request.headers.authorization ?? params.get('Signature'), 'the request is signed');
  });

  it('turns a refusal into a Chinese reason', async () => {
    refuse = true;
    await assert.rejects(sender().send(message), (error: unknown) => {
      assert.ok(error instanceof SmsSendError);
      assert.equal(error.reason, '短信服务账户余额不足');
      assert.equal(error.userReason, null, 'the balance is the operator’s business');
      return true;
    });
  });
});

describe('腾讯云短信 adapter', () => {
  let gateway: Awaited<ReturnType<typeof fakeGateway>>;
  let mode: 'ok' | 'refuse' | 'error' = 'ok';
  before(async () => {
    gateway = await fakeGateway(() => {
      if (mode === 'error') {
        return {
          status: 200,
          body: {
            Response: {
              Error: { Code: 'AuthFailure.SecretIdNotFound', Message: '密钥不存在' },
              RequestId: 'e1',
            },
          },
        };
      }
      const status =
        mode === 'refuse'
          ? {
              Code: 'LimitExceeded.PhoneNumberDailyLimit',
              Message: 'daily limit',
              PhoneNumber: '+8613812345678',
            }
          : { Code: 'Ok', Message: 'send success', PhoneNumber: '+8613812345678', SerialNo: 's1', Fee: 1 };
      return { status: 200, body: { Response: { SendStatusSet: [status], RequestId: 'q1' } } };
    });
  });
  after(() => gateway.close());

  function sender() {
    const config = loadConfig({
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'AKID-test',
      TENCENT_SMS_SECRET_KEY: 'secret',
      TENCENT_SMS_SDK_APP_ID: '1400000000',
      TENCENT_SMS_SIGN_NAME: '出海助手',
      TENCENT_SMS_TEMPLATE_ID: '100001',
      TENCENT_SMS_ENDPOINT: gateway.endpoint,
    });
    if (config.sms.provider !== 'tencent') throw new Error('config');
    return createTencentSender(config.sms);
  }

  it('sends SendSms (2021-01-11) with +86, the app id, sign, template and [code, minutes]', async () => {
    mode = 'ok';
    await sender().send(message);
    const request = gateway.seen.at(-1);
    assert.ok(request);
    assert.equal(request.headers['x-tc-action'], 'SendSms');
    assert.equal(request.headers['x-tc-version'], '2021-01-11');
    assert.match(String(request.headers.authorization), /^TC3-HMAC-SHA256 Credential=AKID-test\//);
    const body = JSON.parse(request.body);
    assert.deepEqual(body.PhoneNumberSet, ['+8613812345678']);
    assert.equal(body.SmsSdkAppId, '1400000000');
    assert.equal(body.TemplateId, '100001');
    assert.deepEqual(body.TemplateParamSet, ['246810', '5']);
  });

  it('turns a per-number refusal and an API error into Chinese reasons', async () => {
    mode = 'refuse';
    await assert.rejects(sender().send(message), (error: unknown) => {
      assert.ok(error instanceof SmsSendError);
      assert.equal(error.reason, '该手机号今日接收短信已达上限');
      assert.equal(error.userReason, '该手机号今日接收短信已达上限', 'about the user’s own number');
      return true;
    });
    mode = 'error';
    await assert.rejects(sender().send(message), (error: unknown) => {
      assert.ok(error instanceof SmsSendError);
      assert.match(error.reason, /腾讯云短信/);
      return true;
    });
  });
});

describe('SMS configuration', () => {
  it('names the missing variable when a gateway is chosen without its settings', () => {
    assert.throws(
      () => loadConfig({ SMS_PROVIDER: 'aliyun' }),
      /ALIYUN_SMS_ACCESS_KEY_ID 未设置：SMS_PROVIDER=aliyun 时必填/,
    );
    assert.throws(() => loadConfig({ SMS_PROVIDER: 'yunpian' }), /SMS_PROVIDER="yunpian" 无效/);
  });
});
