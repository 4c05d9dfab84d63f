import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ok } from '../src/http/envelope.ts';
import { buildTestApp } from './helpers.ts';

const SERVER_ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

describe('graceful shutdown', () => {
  // Fastify keeps idle connections for 72 s: a close that waited them out would outlast this timeout.
  it('lets an in-flight request finish, refuses new ones, then closes the database', {
    timeout: 30_000,
  }, async () => {
    const ctx = await buildTestApp({ REQUIRE_REQUEST_SIGNATURE: 'off' });
    let release: () => void = () => {};
    let arrived: () => void = () => {};
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    ctx.app.get('/api/test/slow', async () => {
      arrived();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return ok('finished');
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address();
    assert.ok(address && typeof address === 'object');
    const base = `http://127.0.0.1:${address.port}`;

    const inFlight = fetch(`${base}/api/test/slow`).then((r) => r.json());
    await reached;
    const closing = ctx.close();
    const late = await fetch(`${base}/api/users`).then(
      (r) => r.status,
      () => 'refused',
    );
    assert.ok(late === 503 || late === 'refused', `a request during shutdown is turned away (${late})`);
    setTimeout(() => release(), 200);

    assert.deepEqual(await inFlight, { code: 200, msg: '成功', data: 'finished' });
    await closing;
    assert.equal(await ctx.app.database.ping(), false, 'database is closed after shutdown');
  });

  it('exits 0 on SIGTERM', { timeout: 20_000 }, async () => {
    const { tempDir } = await import('./helpers.ts');
    const data = tempDir('sigterm');
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: data.dir,
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    const exitedEarly = once(child, 'exit').then(([code]) => {
      throw new Error(`server exited with ${code} before it started: ${output}`);
    });
    while (!output.includes('出海助手已启动')) await Promise.race([once(child.stdout, 'data'), exitedEarly]);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    data.remove();
    assert.equal(code, 0);
    assert.ok(output.includes('服务已停止'));
  });

  it('refuses to start on a bad variable, naming it', { timeout: 20_000 }, async () => {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      env: { ...process.env, PORT: 'abc' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    const [code] = await once(child, 'exit');
    assert.equal(code, 1);
    assert.match(errors, /配置错误：环境变量 PORT="abc" 无效/);
  });
});
