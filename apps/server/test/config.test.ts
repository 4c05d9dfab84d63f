import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.ts';

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

  it('accepts a PostgreSQL URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/chuhai' });
    assert.equal(config.databaseUrl, 'postgres://u:p@db:5432/chuhai');
  });

  it('chat and payment settings: half-set or inconsistent values stop start-up and name the variable', () => {
    assert.equal(loadConfig({}).llm, null, 'no chat model configured is a valid state');
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
    assert.equal(loadConfig({ NODE_ENV: 'production' }).payment.sandbox, false);
    assert.equal(loadConfig({ NODE_ENV: 'development' }).payment.sandbox, true);
  });
});
