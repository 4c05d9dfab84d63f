/**
 * An authenticated light read (`GET /api/v1/getMsgTagList`, a seller's prompt tags) against a bare
 * Fastify hello-world on the same machine, 50 connections for 10 s each, one after the other.
 * Prints both rates, p99 latencies and the ratio from this one run (goal: ≥ 0.3, p99 < 20 ms).
 *
 * Run: `node bench/light-read.ts` (BENCH_SECONDS=5 for a quick look).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createSession } from '../apps/server/src/modules/account/session.ts';
import { signedHeaders } from '../apps/server/test/helpers.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    perSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const bare = Fastify();
bare.get('/', async () => ({ hello: 'world' }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/`;

const dir = mkdtempSync(path.join(tmpdir(), 'chuhai-bench-read-'));
mkdirSync(path.join(dir, 'web'));
writeFileSync(path.join(dir, 'web', 'index.html'), '<!doctype html>');
// The production log level: a log line per request is part of what a request costs.
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dir,
  WEB_DIST_DIR: path.join(dir, 'web'),
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: '0',
  BATCH_WORKERS: '0',
});
const app = await buildApp(config, { logger: { level: 'warn', stream: { write: () => {} } } });
await app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const now = Date.now();
const user = await app.deps.db
  .insertInto('users')
  .values({
    phone: '13800009998',
    password_hash: null,
    invite_code: 'BENCH2',
    invited_by: null,
    created_at: now,
    updated_at: now,
    disabled_at: null,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const { token } = await createSession(app.deps.db, Number(user.id), now, {
  ip: '127.0.0.1',
  userAgent: 'bench',
});
const readPath = '/api/v1/getMsgTagList?pageNo=1&pageSize=20';

const baseline = await load(bareUrl);
const read = await load(`${appUrl}${readPath}`, { ...signedHeaders(readPath), token });
await app.close();
await bare.close();

console.log(`light read benchmark: ${CONNECTIONS} connections, ${SECONDS} s each`);
console.log(`  bare Fastify hello-world: ${baseline.perSecond.toFixed(0)} req/s, p99 ${baseline.p99} ms`);
console.log(
  `  GET ${readPath} (signed in): ${read.perSecond.toFixed(0)} req/s, p99 ${read.p99} ms, ${read.errors} errors or non-2xx`,
);
console.log(`  ratio ${(read.perSecond / baseline.perSecond).toFixed(2)} (goal ≥ 0.3, p99 < 20 ms)`);
