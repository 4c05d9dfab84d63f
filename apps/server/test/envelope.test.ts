import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ResultCode } from '@chuhai/contract';
import { Type } from 'typebox';
import { ok } from '../src/http/envelope.ts';
import { readMultipart } from '../src/http/multipart.ts';
import { AppError } from '../src/lib/app-error.ts';
import { buildTestApp, signedHeaders } from './helpers.ts';

describe('envelope and error mapping', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;

  before(async () => {
    ctx = await buildTestApp();
    const { app } = ctx;
    // Routes that exist only in this test, to drive each branch of the error handler.
    app.post(
      '/api/test/echo',
      {
        schema: {
          body: Type.Object({
            phone: Type.String({ pattern: '^1\\d{10}$' }),
            count: Type.Integer({ minimum: 1, maximum: 5 }),
          }),
        },
      },
      async (request) => ok(request.body),
    );
    app.post('/api/test/upload', async (request) => {
      const form = await readMultipart(request);
      return ok(form.files.length);
    });
    app.get('/api/test/boom', async () => {
      throw new Error('secret database password in stack');
    });
    app.get('/api/test/quota', async () => {
      throw new AppError(ResultCode.quotaExceeded, '今日 AI 问答次数已用完', { feature: 'chat', limit: 20 });
    });
    app.get('/api/test/auth', async () => {
      throw new AppError(ResultCode.tokenExpired);
    });
    await app.ready();
  });
  after(() => ctx.close());

  it('wraps success in {code: 200, msg, data} with HTTP 200', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users' });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.code, 200);
    assert.equal(body.msg, '成功');
    assert.equal(body.data.status, 'ok');
    assert.deepEqual(body.data.database, { dialect: 'sqlite', reachable: true });
    assert.match(res.headers['x-request-id'] as string, /^[0-9a-f-]{36}$/);
  });

  it('answers bad input with 400 and a Chinese message naming the field', async () => {
    const url = '/api/test/echo';
    const missing = await ctx.app.inject({
      method: 'POST',
      url,
      headers: signedHeaders(url),
      payload: { count: 1 },
    });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(missing.json(), { code: 400, msg: '缺少手机号', data: null });

    const tooMany = await ctx.app.inject({
      method: 'POST',
      url,
      headers: signedHeaders(url),
      payload: { phone: '13800138000', count: 9 },
    });
    assert.equal(tooMany.statusCode, 400);
    assert.equal(tooMany.json().msg, '参数 count 不能大于 5');

    const badPhone = await ctx.app.inject({
      method: 'POST',
      url,
      headers: signedHeaders(url),
      payload: { phone: 'abc', count: 1 },
    });
    assert.equal(badPhone.json().msg, '手机号格式不正确');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const url = '/api/test/echo';
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...signedHeaders(url), 'content-type': 'application/json' },
      payload: '{"phone": ',
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().msg, '请求体不是有效的 JSON');
  });

  it('answers a broken multipart body with 400, not 500', async () => {
    const url = '/api/test/upload';
    const boundary = '----chuhai';
    const broken = [
      // Cut off in the middle of a file, as a dropped connection or a hand-made request leaves it.
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNGDATA`,
      // A part whose header never ends.
      `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n`,
    ];
    for (const payload of broken) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...signedHeaders(url), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().msg, '上传的表单不完整或格式有误，请重新上传');
    }
  });

  it('answers an oversized body with 413', async () => {
    const url = '/api/test/echo';
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...signedHeaders(url), 'content-type': 'application/json' },
      payload: JSON.stringify({ phone: '1'.repeat(300 * 1024), count: 1 }),
    });
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().code, 413);
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    const url = '/api/v1/doesNotExist?x=1';
    const res = await ctx.app.inject({ method: 'GET', url, headers: signedHeaders(url) });
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json(), { code: 404, msg: '接口不存在：GET /api/v1/doesNotExist', data: null });
  });

  it('hides a thrown error behind 500 with the request id, never the stack', async () => {
    const url = '/api/test/boom';
    const res = await ctx.app.inject({ method: 'GET', url, headers: signedHeaders(url) });
    assert.equal(res.statusCode, 500);
    const body = res.json();
    assert.equal(body.code, 500);
    assert.ok(body.msg.includes(res.headers['x-request-id'] as string));
    assert.ok(!res.body.includes('secret'));
    assert.ok(!res.body.includes('at '));
  });

  it('maps business codes to their HTTP status and keeps their data', async () => {
    const quota = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/quota',
      headers: signedHeaders('/api/test/quota'),
    });
    assert.equal(quota.statusCode, 403);
    assert.deepEqual(quota.json(), {
      code: 200002,
      msg: '今日 AI 问答次数已用完',
      data: { feature: 'chat', limit: 20 },
    });

    const auth = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/auth',
      headers: signedHeaders('/api/test/auth'),
    });
    assert.equal(auth.statusCode, 401);
    assert.deepEqual(auth.json(), { code: 400003, msg: '登录已过期，请重新登录', data: null });
  });
});
