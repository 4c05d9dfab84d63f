import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { requestSignature } from '@chuhai/contract';
import { ok } from '../src/http/envelope.ts';
import { buildTestApp, signedHeaders, TEST_BUILD_TIME } from './helpers.ts';

describe('x-token request signature', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  before(async () => {
    ctx = await buildTestApp();
    ctx.app.get('/api/test/ping', async (request) => ok({ query: request.query }));
    await ctx.app.ready();
  });
  after(() => ctx.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it('lets a correctly signed call through', async () => {
    const url = '/api/test/ping?pageNo=1&pageSize=20';
    const res = await get(url, signedHeaders(url));
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['x-new-build'], undefined);
  });

  it('rejects a call without x-token or BuildTime', async () => {
    const res = await get('/api/test/ping');
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().msg, '请求签名无效，请刷新页面后重试');
    const noBuildTime = await get('/api/test/ping', { 'x-token': requestSignature('/api/test/ping', '') });
    assert.equal(noBuildTime.statusCode, 400);
  });

  it('rejects a signature made for another query (the query is signed too)', async () => {
    const headers = signedHeaders('/api/test/ping?pageSize=20');
    const res = await get('/api/test/ping?pageSize=2000', headers);
    assert.equal(res.statusCode, 400);
  });

  it('still refuses a wrong signature for a URL it has just let through (signatures are kept)', async () => {
    const url = '/api/test/ping?pageNo=3';
    assert.equal((await get(url, signedHeaders(url))).statusCode, 200);
    const wrong = {
      ...signedHeaders(url),
      'x-token': requestSignature('/api/test/ping?pageNo=4', TEST_BUILD_TIME),
    };
    assert.equal((await get(url, wrong)).statusCode, 400);
    const otherBuild = { ...signedHeaders(url), buildtime: '2026-01-01T00:00:00.000Z' };
    assert.equal((await get(url, otherBuild)).statusCode, 400, 'signed for one build, sent with another');
    assert.equal((await get(url, signedHeaders(url))).statusCode, 200);
  });

  it('tells a client built at another time that a new build is served', async () => {
    const oldBuild = '2026-01-01T00:00:00.000Z';
    const res = await get('/api/test/ping', signedHeaders('/api/test/ping', oldBuild));
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['x-new-build'], TEST_BUILD_TIME);
  });

  it('leaves the health call open for monitors', async () => {
    const res = await get('/api/users');
    assert.equal(res.statusCode, 200);
  });

  it('can be switched off for debugging', async () => {
    const relaxed = await buildTestApp({ REQUIRE_REQUEST_SIGNATURE: 'off' });
    try {
      const res = await relaxed.app.inject({ method: 'GET', url: '/api/v1/none' });
      assert.equal(res.statusCode, 404);
    } finally {
      await relaxed.close();
    }
  });
});
