import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.ts';
import { tempDir } from './helpers.ts';

describe('configuration', () => {
  it('has working defaults: port 3000, SQLite under ./data', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.host, 'localhost');
    assert.equal(config.databaseUrl, undefined);
    assert.match(config.dataDir, /data$/);
    assert.equal(config.requireRequestSignature, true);
  });

  it('stops start-up with a message that names the bad variable', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ PORT: 'eighty' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
      [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
      [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
      [{ WEB_DIST_DIR: '/no/such/folder' }, 'WEB_DIST_DIR'],
    ];
    for (const [env, name] of cases) {
      assert.throws(
        () => loadConfig(env),
        (error: unknown) => {
          assert.ok(error instanceof ConfigError);
          assert.ok(error.message.includes(name), `${error.message} names ${name}`);
          return true;
        },
      );
    }
  });

  it('refuses a misspelt field in LLM_CHANNELS / IMAGE_CHANNELS, and says which one was meant', () => {
    const chat = { name: 'DeepSeek', baseUrl: 'https://api.deepseek.com/v1' };
    const cases: Array<[string, Record<string, unknown>, string, string | null]> = [
      ['LLM_CHANNELS', { ...chat, apiKeys: ['sk-1'] }, 'LLM_CHANNELS[0].apiKeys', 'keys'],
      [
        'LLM_CHANNELS',
        { ...chat, keys: ['sk-1'], priceInputs: 2 },
        'LLM_CHANNELS[0].priceInputs',
        'priceInput',
      ],
      [
        'LLM_CHANNELS',
        { ...chat, keys: ['sk-1'], modle: ['deepseek-chat'] },
        'LLM_CHANNELS[0].modle',
        'models',
      ],
      ['IMAGE_CHANNELS', { ...chat, provider: 'sdwebui', colour: 'red' }, 'IMAGE_CHANNELS[0].colour', null],
    ];
    for (const [variable, channel, field, meant] of cases)
      assert.throws(
        () => loadConfig({ LLM_MODEL_STANDARD: 'deepseek-chat', [variable]: JSON.stringify([channel]) }),
        (error: unknown) => {
          assert.ok(error instanceof ConfigError);
          assert.ok(error.message.includes(field), `${error.message} names ${field}`);
          if (meant)
            assert.ok(error.message.includes(`是不是 ${meant}`), `${error.message} suggests ${meant}`);
          else assert.ok(!error.message.includes('是不是'), error.message);
          return true;
        },
      );
    // Every field a channel has, and the one-key shorthand, are still taken.
    const config = loadConfig({
      LLM_MODEL_STANDARD: 'deepseek-chat',
      LLM_CHANNELS: JSON.stringify([
        { ...chat, key: 'sk-1', models: ['deepseek-chat'], priceInput: 2, priceOutput: 8 },
      ]),
    });
    const [seed] = config.channels.seeds;
    assert.deepEqual([seed?.keys, seed?.priceInput, seed?.priceOutput], [['sk-1'], 2, 8]);
  });

  it('accepts a PostgreSQL URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/chuhai' });
    assert.equal(config.databaseUrl, 'postgres://u:p@db:5432/chuhai');
  });

  it('chat and payment settings: half-set or inconsistent values stop start-up and name the variable', () => {
    assert.deepEqual(loadConfig({}).channels.seeds, [], 'no chat channel configured is a valid state');
    assert.throws(() => loadConfig({ LLM_BASE_URL: 'https://api.deepseek.com/v1' }), /LLM_MODEL_STANDARD/);
    assert.throws(
      () => loadConfig({ LLM_BASE_URL: 'api.deepseek.com', LLM_MODEL_STANDARD: 'x' }),
      /LLM_BASE_URL/,
    );
    assert.throws(() => loadConfig({ ALIPAY_APP_ID: '2021' }), /PUBLIC_BASE_URL/);
    assert.throws(
      () => loadConfig({ ALIPAY_APP_ID: '2021', PUBLIC_BASE_URL: 'https://chuhai.example.com' }),
      /ALIPAY_PRIVATE_KEY/,
    );
    const wechat = {
      PUBLIC_BASE_URL: 'https://chuhai.example.com',
      WECHAT_PAY_MCH_ID: '1900000001',
      WECHAT_PAY_APP_ID: 'wx1',
      WECHAT_PAY_PRIVATE_KEY: 'k',
      WECHAT_PAY_SERIAL_NO: 's',
      WECHAT_PAY_PUBLIC_KEY: 'p',
    };
    assert.throws(() => loadConfig({ ...wechat, WECHAT_PAY_API_V3_KEY: 'short' }), /WECHAT_PAY_API_V3_KEY/);
    assert.equal(loadConfig({ NODE_ENV: 'development' }).payment.sandbox, true);
  });

  describe('production guards', () => {
    const data = tempDir('config');
    after(() => data.remove());
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: data.dir,
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'id',
      TENCENT_SMS_SECRET_KEY: 'key',
      TENCENT_SMS_SDK_APP_ID: '1400000000',
      TENCENT_SMS_SIGN_NAME: '出海助手',
      TENCENT_SMS_TEMPLATE_ID: '1',
    };

    it('refuses the console SMS gateway, which would only write codes to the log', () => {
      assert.throws(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: data.dir }), /SMS_PROVIDER/);
      assert.throws(() => loadConfig({ ...production, SMS_PROVIDER: 'console' }), /SMS_PROVIDER.*生产环境/s);
      assert.equal(loadConfig(production).sms.provider, 'tencent');
    });

    it('keeps the sandbox off unless PAY_SANDBOX=1 names test phones', () => {
      assert.equal(loadConfig(production).payment.sandbox, false);
      assert.equal(
        loadConfig({ ...production, PAY_SANDBOX: '1' }).payment.sandbox,
        false,
        'no phones, no sandbox',
      );
      const on = loadConfig({
        ...production,
        PAY_SANDBOX: '1',
        PAY_SANDBOX_PHONES: '13800000001, 13800000002',
      });
      assert.equal(on.payment.sandbox, true);
      assert.deepEqual(on.payment.sandboxPhones, ['13800000001', '13800000002']);
      assert.throws(() => loadConfig({ ...production, PAY_SANDBOX_PHONES: '138' }), /PAY_SANDBOX_PHONES/);
      assert.equal(loadConfig({ DATA_DIR: data.dir }).payment.sandboxPhones, null, 'development: everyone');
    });

    it('on a shared PostgreSQL, wants every signing secret given (each node making its own would break the others)', () => {
      const shared = { ...production, DATABASE_URL: 'postgres://u:p@db:5432/chuhai' };
      assert.throws(() => loadConfig(shared), /CAPTCHA_SECRET.*多个节点/s);
      const signing = { CAPTCHA_SECRET: 'c'.repeat(32), FILE_URL_SECRET: 'f'.repeat(32) };
      assert.throws(() => loadConfig({ ...shared, ...signing }), /CHANNEL_SECRET.*多个节点/s);
      const secrets = { ...signing, CHANNEL_SECRET: 'k'.repeat(32) };
      assert.equal(loadConfig({ ...shared, ...secrets }).fileUrlSecret, 'f'.repeat(32));
      const sandbox = { ...shared, ...secrets, PAY_SANDBOX: '1', PAY_SANDBOX_PHONES: '13800000001' };
      assert.throws(() => loadConfig(sandbox), /PAY_SANDBOX_SECRET/);
    });

    it('never derives signing secrets from a path: 32 random bytes kept in DATA_DIR with mode 0600', () => {
      const first = loadConfig(production);
      assert.equal(Buffer.from(first.fileUrlSecret, 'base64url').length, 32);
      assert.notEqual(first.fileUrlSecret, first.payment.sandboxSecret);
      assert.ok(!first.fileUrlSecret.includes(data.dir));
      const file = path.join(data.dir, 'secrets', 'file_url_secret');
      assert.equal(statSync(file).mode & 0o777, 0o600);
      assert.equal(loadConfig(production).fileUrlSecret, first.fileUrlSecret, 'the same after a restart');
      const other = tempDir('config-other');
      try {
        assert.notEqual(
          loadConfig({ ...production, DATA_DIR: other.dir }).fileUrlSecret,
          first.fileUrlSecret,
        );
      } finally {
        other.remove();
      }
      assert.equal(
        loadConfig({ ...production, FILE_URL_SECRET: 'a-shared-secret-of-the-cluster' }).fileUrlSecret,
        'a-shared-secret-of-the-cluster',
      );
      assert.throws(() => loadConfig({ ...production, FILE_URL_SECRET: 'short' }), /FILE_URL_SECRET/);
    });

    it('reaches private addresses (result links, model lists) only where CHANNEL_PRIVATE_NETWORKS says', () => {
      const images = { IMAGE_PROVIDER: 'openai', IMAGE_API_KEY: 'sk-img' };
      const live = { ...production, ...images, CHANNEL_SECRET: 'a-shared-secret-of-the-cluster' };
      const networks = (env: Record<string, string>) => loadConfig(env).channels.privateNetworks;
      assert.deepEqual(networks(live), [], 'production: public addresses only');
      assert.deepEqual(networks({ DATA_DIR: data.dir, ...images }), ['127.0.0.0/8', '::1/128']);
      assert.deepEqual(
        networks({ ...live, CHANNEL_PRIVATE_NETWORKS: '127.0.0.1, 192.168.1.0/24，fd00::/8' }),
        ['127.0.0.1', '192.168.1.0/24', 'fd00::/8'],
      );
      assert.deepEqual(networks({ DATA_DIR: data.dir, CHANNEL_PRIVATE_NETWORKS: 'none' }), []);
      for (const bad of ['lan', '192.168.1.0/40', '0x7f.1'])
        assert.throws(
          () => loadConfig({ ...live, CHANNEL_PRIVATE_NETWORKS: bad }),
          (error: unknown) =>
            error instanceof ConfigError &&
            /CHANNEL_PRIVATE_NETWORKS/.test(error.message) &&
            error.message.includes(bad),
        );
    });
  });
});
