/**
 * AI 问答 streaming benchmark. Prints ratios measured in this one run (machines are noisy; compare
 * ratios, not absolute times):
 *
 * 1. Time to first token through the server (auth, quota, context, SSE) against calling the same
 *    fake OpenAI-compatible server directly.
 * 2. Server memory with N concurrent streams open against its memory at rest.
 *
 * Run: `npm run bench` (or `node bench/chat-stream.ts [concurrent=500]`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/database.ts';
import { openDatabase } from '../apps/server/src/db/index.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createSession } from '../apps/server/src/modules/account/session.ts';
import { startFakeOpenAi } from '../apps/server/test/fakes/fake-openai.ts';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';

const CONCURRENT = Number(process.argv[2] ?? 500);
const TTFT_ROUNDS = 40;
const MEMORY_ROUNDS = 3;
/** Questions asked before timing, so the server's code is compiled as it is on a node in service. */
const WARM_UP_QUESTIONS = 300;
/** A free account asks at most this many a day (PRODUCT.md): warm-up and timing spread over users. */
const QUESTIONS_PER_USER = 19;
const WARM_UP_USERS = Math.ceil(WARM_UP_QUESTIONS / QUESTIONS_PER_USER);
const TIMED_USERS = Math.ceil(TTFT_ROUNDS / QUESTIONS_PER_USER);
const PORT = 3390;
const BASE = `http://127.0.0.1:${PORT}`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Reads a response body until the whole event that carries the first answer text has arrived (a
 * client can use the text only once its event is complete: the fake provider splits frames in the
 * middle of a character); returns ms since `started`, once the body has been read to its end.
 */
async function firstText(response: Response, marker: string, started: number): Promise<number> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let seen = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`stream ended before text: ${seen.slice(0, 200)}`);
    seen += decoder.decode(value, { stream: true });
    const at = seen.indexOf(marker);
    if (at >= 0 && seen.indexOf('\n\n', at) >= 0) {
      const elapsed = performance.now() - started;
      // Read to the end rather than cancel: the connection stays open for the next round, as a
      // browser's does between questions, on both sides of the comparison.
      while (!(await reader.read()).done) {}
      return elapsed;
    }
  }
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** Users with sessions, written straight into the database the server will open. */
async function seedUsers(db: Kysely<Database>, count: number): Promise<string[]> {
  const now = Date.now();
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const phone = `138${String(i).padStart(8, '0')}`;
    const user = await db
      .insertInto('users')
      .values({
        phone,
        password_hash: null,
        invite_code: `B${i}`,
        invited_by: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    tokens.push(
      (await createSession(db, Number(user.id), now, { ip: '127.0.0.1', userAgent: 'bench' })).token,
    );
  }
  return tokens;
}

/** One server's memory with every token's stream open at once; prints its figures, returns KiB per stream. */
async function memoryPerStream(
  server: ChildProcess,
  tokens: string[],
  ask: (token: string, content: string) => Promise<Response>,
  round: number,
): Promise<number> {
  await firstText(await ask(tokens[0] as string, '你好'), 'event: text', performance.now());
  await new Promise((r) => setTimeout(r, 500));
  const atRest = rssKb(server.pid as number);
  const samples: { at: number; kb: number }[] = [];
  const started = performance.now();
  const sampler = setInterval(() => {
    samples.push({ at: performance.now() - started, kb: rssKb(server.pid as number) });
  }, 50);
  const results = await Promise.all(
    tokens.map(async (token) => {
      const response = await ask(token, '[slow] 长回答');
      const text = await response.text();
      return text.includes('event: done');
    }),
  );
  clearInterval(sampler);
  const finished = results.filter(Boolean).length;
  const peak = Math.max(atRest, ...samples.map((s) => s.kb));
  const plateau = median(samples.filter((s) => s.at >= 2000 && s.at <= 5000).map((s) => s.kb));
  const perStream = (plateau - atRest) / tokens.length;
  console.log(
    `server ${round}: ${tokens.length} concurrent streams, ${finished} finished in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `  RSS at rest ${(atRest / 1024).toFixed(0)} MiB, with every stream open ${(plateau / 1024).toFixed(0)} MiB (median): ${perStream.toFixed(0)} KiB per open stream`,
  );
  console.log(
    `  peak ${(peak / 1024).toFixed(0)} MiB: ${((peak - atRest) / tokens.length).toFixed(0)} KiB per open stream at the worst moment`,
  );
  return perStream;
}

async function main() {
  const fake = await startFakeOpenAi({ pieceMs: 0, slowMs: 50 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chuhai-bench-'));
  const handle = openDatabase({ dataDir });
  await migrateToLatest(handle.db as Kysely<unknown>);
  const tokens = await seedUsers(handle.db, CONCURRENT + WARM_UP_USERS + TIMED_USERS);
  await handle.close();

  // A server process of its own for each part: the garbage of the warm-up questions must not be
  // counted (or freed) while the streams' memory is measured.
  const startServer = async () => {
    // With the flags `npm start` gives the server.
    const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/src/server.ts'], {
      env: {
        ...process.env,
        // Production refuses to start without real SMS and payment accounts; the request path is the same.
        NODE_ENV: 'development',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        REQUIRE_REQUEST_SIGNATURE: 'false',
        LLM_BASE_URL: fake.url,
        LLM_MODEL_STANDARD: 'bench',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    for (let i = 0; ; i += 1) {
      if ((await fetch(`${BASE}/api/users`).catch(() => null))?.ok) return server;
      if (i > 100) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const stopServer = async (server: ChildProcess) => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  };

  let server = await startServer();
  try {
    const ask = (token: string, content: string) =>
      fetch(`${BASE}/api/v1/sendMsg/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', token },
        body: JSON.stringify({ content }),
      });
    const direct = () =>
      fetch(`${fake.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: '你好' }] }),
      });

    // 1. Time to first token. A node in service has answered thousands of requests; the first few
    // hundred run interpreted code (V8 compiles a function after it has been called often), which
    // would measure the compiler, not the server. So: warm up, then time rounds that alternate with
    // the direct call, so both sides see the same machine state.
    const warmUpTokens = tokens.slice(CONCURRENT, CONCURRENT + WARM_UP_USERS);
    const timedTokens = tokens.slice(CONCURRENT + WARM_UP_USERS);
    for (let i = 0; i < WARM_UP_QUESTIONS; i += 1) {
      const token = warmUpTokens[Math.floor(i / QUESTIONS_PER_USER)] as string;
      await firstText(await ask(token, '你好'), 'event: text', performance.now());
      await firstText(await direct(), '"content":"**', performance.now());
    }
    const viaServer: number[] = [];
    const viaDirect: number[] = [];
    for (let round = 0; round < TTFT_ROUNDS; round += 1) {
      let started = performance.now();
      viaDirect.push(await firstText(await direct(), '"content":"**', started));
      const token = timedTokens[Math.floor(round / QUESTIONS_PER_USER)] as string;
      started = performance.now();
      viaServer.push(await firstText(await ask(token, '你好'), 'event: text', started));
    }
    const server1 = median(viaServer);
    const direct1 = median(viaDirect);
    console.log(
      `time to first token: server ${server1.toFixed(2)} ms, direct ${direct1.toFixed(2)} ms (median of ${TTFT_ROUNDS}, after ${WARM_UP_QUESTIONS} warm-up questions)`,
    );
    console.log(
      `  ratio server/direct: ${(server1 / direct1).toFixed(2)}×  (overhead ${(server1 - direct1).toFixed(2)} ms)`,
    );

    // 2. Memory: N streams open at once, each a slow answer of about 6.5 s, on a fresh server that
    // has answered one question. The peak depends on when the garbage collector happens to run (runs
    // differ by 3×), so the figure that counts is the median RSS while every stream is open (2 to 5 s
    // in), against the RSS at rest; and the collector's timing differs between server processes, so
    // this is done on three, and their median is the figure.
    const perStream: number[] = [];
    for (let round = 1; round <= MEMORY_ROUNDS; round += 1) {
      await stopServer(server);
      server = await startServer();
      perStream.push(await memoryPerStream(server, tokens.slice(0, CONCURRENT), ask, round));
    }
    console.log(
      `  memory per open stream: ${median(perStream).toFixed(0)} KiB (median of ${MEMORY_ROUNDS} servers; goal ≤ 100)`,
    );
  } finally {
    await stopServer(server);
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
