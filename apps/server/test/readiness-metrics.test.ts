import assert from 'node:assert/strict';
import { hostname } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { ResultCode } from '@chuhai/contract';
import { auth, buildAccountApp, get, registerUser } from './account-helpers.ts';
import { CornerColourMatting, postForm, productPhoto } from './studio-helpers.ts';

type Ctx = Awaited<ReturnType<typeof buildAccountApp>>;
const metricsPort = () => 20000 + Math.floor(Math.random() * 20000);

describe('readiness and metrics', () => {
  const port = metricsPort();
  const matting = new CornerColourMatting();
  let ctx: Ctx;
  before(async () => {
    ctx = await buildAccountApp({ METRICS_PORT: String(port), NODE_NAME: 'app-a' }, { matting });
    await ctx.app.ready();
  });
  after(() => ctx.close());

  it('/api/ready answers for the database, the file store and the queue, and names the node', async () => {
    const response = await get(ctx.app, '/api/ready');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json().data, {
      ready: true,
      node: 'app-a',
      checks: { database: true, storage: true, queue: true },
    });
    assert.equal(response.headers['x-served-by'], 'app-a');
    // Load balancers and container health checks send no request signature.
    const probe = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    assert.equal(probe.statusCode, 200, probe.body);
  });

  it('counts requests by route pattern, provider calls and matting time on its own port', async () => {
    const token = await registerUser(ctx, '13800006001', { ip: '10.91.0.1' });
    const photo = await productPhoto({
      width: 600,
      height: 400,
      box: { left: 150, top: 100, width: 300, height: 200 },
    });
    assert.equal(
      (await postForm(ctx.app, '/api/v1/remove/remove', token, {}, [{ name: 'a.png', bytes: photo }]))
        .statusCode,
      200,
    );
    for (const id of [101, 102]) await get(ctx.app, `/api/v1/listing/${id}`, auth(token));

    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    assert.match(
      text,
      /chuhai_http_requests_total\{method="POST",route="\/api\/v1\/remove\/remove",status="200"\} 1/,
    );
    // Two ids, one series: the route's pattern, not its URL.
    assert.match(
      text,
      /chuhai_http_requests_total\{method="GET",route="\/api\/v1\/listing\/:id",status="404"\} 2/,
    );
    assert.match(text, /chuhai_provider_calls_total\{provider="matting",outcome="ok"\} 1/);
    assert.match(text, /chuhai_matting_seconds_count 1/);
    assert.match(text, /chuhai_queue_depth 0/);
    assert.match(text, /chuhai_process_resident_memory_bytes/);
    assert.equal((await fetch(`http://127.0.0.1:${port}/`)).status, 404);
    // The site's own port has no /metrics.
    assert.equal((await get(ctx.app, '/metrics')).statusCode, 404);
  });
});

describe('readiness when the file store is down', () => {
  let ctx: Ctx;
  before(async () => {
    ctx = await buildAccountApp({
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_BUCKET: 'nowhere',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  after(() => ctx.close());

  it('answers 503 and says which check failed', async () => {
    const response = await get(ctx.app, '/api/ready');
    assert.equal(response.statusCode, 503);
    assert.equal(response.json().code, ResultCode.providerUnavailable);
    assert.deepEqual(response.json().data.checks, { database: true, storage: false, queue: true });
  });

  it('does not tell the machine’s host name when no NODE_NAME was set', async () => {
    const response = await get(ctx.app, '/api/ready');
    assert.equal(response.json().data.node, undefined);
    assert.ok(!response.body.includes(hostname()), response.body);
    assert.equal(response.headers['x-served-by'], undefined);
  });
});
