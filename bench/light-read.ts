/**
 * An authenticated light read (`GET /api/v1/getMsgTagList`, a seller's prompt tags) against a bare
 * Fastify hello-world on the same machine, 50 connections for 10 s each, one after the other.
 * Prints both rates, p99 latencies and the ratio from this one run (goal: ≥ 0.3, p99 < 20 ms).
 *
 * A third line is the floor for this work: a bare Fastify route that runs the same two SQLite
 * statements (the session by token hash, the page of tags) straight on node:sqlite, with no
 * signature, validation, security headers, metrics or query builder. No server that reads a
 * session from SQLite can beat it, so it shows how much of the gap is ours.
 *
 * Run: `node bench/light-read.ts` (BENCH_SECONDS=5 for a quick look).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sha256 } from '../apps/server/src/lib/secrets.ts';
import { createSession } from '../apps/server/src/modules/account/session.ts';
import { buildTestApp, insertBareUser, signedHeaders } from '../apps/server/test/helpers.ts';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';

// The server is measured with the V8 flags `npm start` gives it: run again with them if missing.
if (!SERVER_NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) {
  const again = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(again.status ?? 1);
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

async function load(url: string, headers: Record<string, string> = {}) {
  // In a worker thread of its own: the load generator must not share the event loop it measures.
  const cpuBefore = process.threadCpuUsage();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, workers: 1 });
  // The servers' thread only (autocannon works in another): what a request costs, whatever else
  // the machine is doing, where rates move with the other processes' load.
  const cpu = process.threadCpuUsage(cpuBefore);
  return {
    perSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuMicros: (cpu.user + cpu.system) / Math.max(1, result.requests.total),
  };
}

const bare = Fastify();
bare.get('/', async () => ({ hello: 'world' }));

// The production log level: a log line per request is part of what a request costs.
const { app, config, close } = await buildTestApp(
  { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', HOST: '127.0.0.1', PORT: '0' },
  { logger: { level: process.env.BENCH_LOG_LEVEL ?? 'info', stream: { write: () => {} } } },
);
await app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const now = Date.now();
const userId = await insertBareUser(app.deps.db, { phone: '13800009998', inviteCode: 'BENCH2', now });
const { token } = await createSession(app.deps.db, userId, now, {
  ip: '127.0.0.1',
  userAgent: 'bench',
});
const readPath = '/api/v1/getMsgTagList?pageNo=1&pageSize=20';

const raw = new DatabaseSync(path.join(config.dataDir, 'app.db'));
raw.exec('PRAGMA mmap_size = 268435456');
// As the app writes them (db/sqlite-dialect.ts): `+?` spares an ordered query a new plan each run.
const sessionByHash = raw.prepare('select * from "sessions" where "token_hash" = +?');
const tagPage = raw.prepare(
  'select * from "msg_tags" where "user_id" = +? order by "updated_at" desc, "id" desc limit +? offset +?',
);
bare.get('/floor', async (request) => {
  const session = sessionByHash.get(sha256(String(request.headers.token))) as { user_id: number };
  const list = tagPage.all(session.user_id, 20, 0);
  return { code: 200, msg: 'ok', data: { list, total: list.length, pageNo: 1, pageSize: 20 } };
});
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/`;

const baseline = await load(bareUrl);
const floor = await load(`${bareUrl}floor`, { token });
const read = await load(`${appUrl}${readPath}`, { ...signedHeaders(readPath), token });
raw.close();
await close();
await bare.close();

const cpu = (run: { cpuMicros: number }) => `${run.cpuMicros.toFixed(1)} µs CPU a request`;
console.log(`light read benchmark: ${CONNECTIONS} connections, ${SECONDS} s each`);
console.log(
  `  bare Fastify hello-world: ${baseline.perSecond.toFixed(0)} req/s, p99 ${baseline.p99} ms, ${cpu(baseline)}`,
);
console.log(
  `  GET ${readPath} (signed in): ${read.perSecond.toFixed(0)} req/s, p99 ${read.p99} ms, ${cpu(read)}, ${read.errors} errors or non-2xx`,
);
console.log(
  `  floor, the same two statements on raw node:sqlite in a bare route: ${floor.perSecond.toFixed(0)} req/s, p99 ${floor.p99} ms, ${cpu(floor)}`,
);
console.log(`  ratio ${(read.perSecond / baseline.perSecond).toFixed(2)} (goal ≥ 0.3, p99 < 20 ms)`);
console.log(
  `  floor's ratio ${(floor.perSecond / baseline.perSecond).toFixed(2)}; ours is ${(read.perSecond / floor.perSecond).toFixed(2)} of the floor`,
);
console.log(
  `  by CPU a request (steadier on a busy machine): ours ${(baseline.cpuMicros / read.cpuMicros).toFixed(2)} of bare, ${(floor.cpuMicros / read.cpuMicros).toFixed(2)} of the floor`,
);
