/**
 * Channel failover benchmark: two chat channels, a primary (higher priority) and a backup, each a
 * fake OpenAI-compatible server, routed by the server's own ChatRouter over a real SQLite table.
 * Prints, from this one run:
 *
 * 1. With the primary killed in the middle of a run of questions: the share answered (goal: every
 *    question not already streaming from the primary when it died).
 * 2. The first-token time added by failover: primary refusing connections (goal ≤ 50 ms) and primary
 *    hanging before its first byte (goal ≤ CHANNEL_FIRST_BYTE_MS), against a healthy primary.
 *
 * Run: `node bench/channel-failover.ts [questions=200]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChannelInput } from '@chuhai/contract';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { createChannels } from '../apps/server/src/channels/index.ts';
import { openDatabase } from '../apps/server/src/db/index.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../apps/server/test/fakes/fake-openai.ts';

const QUESTIONS = Number(process.argv[2] ?? 200);
const CONCURRENCY = 8;
const FIRST_BYTE_MS = 400;
const ROUNDS = 30;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const channel = (name: string, baseUrl: string, priority: number): ChannelInput => ({
  kind: 'chat',
  name,
  provider: 'openai',
  baseUrl,
  keys: [`sk-${name}`],
  models: [],
  modelMap: {},
  priority,
  weight: 1,
  enabled: true,
  priceInput: 1,
  priceOutput: 2,
  priceImage: 0,
});

async function setUp(primaryUrl: string, backup: FakeOpenAi) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-channels-'));
  const handle = openDatabase({ dataDir });
  await migrateToLatest(handle.db as Kysely<unknown>);
  const log = pino({ level: 'silent' });
  const config = {
    channels: {
      secret: 'bench-channel-secret-0123456789',
      seeds: [],
      firstByteMs: FIRST_BYTE_MS,
      cooldownMs: 60_000,
      privateNetworks: ['127.0.0.1'],
      lookupTimeoutMs: 10_000,
    },
    llm: { modelStandard: 'fake-standard', modelAdvanced: null, maxTokens: 1024 },
  };
  const channels = createChannels(config, { db: handle.db, clock: systemClock, log });
  await channels.console.seed([channel('primary', primaryUrl, 10), channel('backup', backup.url, 1)]);
  return {
    channels,
    /** Forgets every cooldown, so the next question meets the primary again. */
    heal: () =>
      handle.db.updateTable('provider_channels').set({ cooldown_until: null, cooldown_level: 0 }).execute(),
    close: async () => {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Asks once; resolves with ms to the first text piece and whether the whole answer arrived. */
async function ask(channels: Awaited<ReturnType<typeof setUp>>['channels'], question: string) {
  const started = performance.now();
  let firstMs = -1;
  try {
    for await (const piece of channels.chat.stream({
      model: 'fake-standard',
      messages: [{ role: 'user', content: question }],
      signal: AbortSignal.timeout(30_000),
      meter: { purpose: 'chat', userId: null },
    })) {
      if (piece.type === 'text' && firstMs < 0) firstMs = performance.now() - started;
    }
    return { firstMs, ok: true, streaming: firstMs >= 0 };
  } catch {
    return { firstMs, ok: false, streaming: firstMs >= 0 };
  }
}

/**
 * Median first-token time over ROUNDS sequential questions, each of which meets the primary first
 * (its cooldown is forgotten before every question: this measures the failover itself).
 */
async function firstTokenMedian(primaryUrl: string, backup: FakeOpenAi): Promise<number> {
  const { channels, heal, close } = await setUp(primaryUrl, backup);
  try {
    for (let i = 0; i < 5; i++) await ask(channels, `预热 ${i}`);
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      await heal();
      times.push((await ask(channels, `问题 ${i}`)).firstMs);
    }
    return median(times);
  } finally {
    await close();
  }
}

const backup = await startFakeOpenAi({ pieceMs: 2 });

// 1. The primary dies a quarter of the way through the run.
const primary = await startFakeOpenAi({ pieceMs: 2 });
const run = await setUp(primary.url, backup);
let asked = 0;
let killed = false;
const results: Awaited<ReturnType<typeof ask>>[] = [];
const diedMidStream: number[] = [];
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (asked < QUESTIONS) {
      const index = asked++;
      if (index === Math.floor(QUESTIONS / 4) && !killed) {
        killed = true;
        void primary.close();
      }
      const result = await ask(run.channels, `第 ${index} 个问题`);
      results.push(result);
      if (!result.ok && result.streaming) diedMidStream.push(index);
    }
  }),
);
await run.close();
const answered = results.filter((r) => r.ok).length;
const eligible = results.length - diedMidStream.length;

// 2. First-token times: healthy primary, refused primary, hanging primary.
const healthyPrimary = await startFakeOpenAi({ pieceMs: 2 });
const healthy = await firstTokenMedian(healthyPrimary.url, backup);
await healthyPrimary.close();
const refusedUrl = primary.url; // closed above: connections are refused
const refused = await firstTokenMedian(refusedUrl, backup);
const hangingPrimary = await startFakeOpenAi({ always: '[silent]' });
const hanging = await firstTokenMedian(hangingPrimary.url, backup);
await hangingPrimary.close();
await backup.close();

console.log(
  `channel failover (${QUESTIONS} questions, ${CONCURRENCY} at a time, primary killed after ${Math.floor(QUESTIONS / 4)})`,
);
console.log(
  `  answered: ${answered}/${results.length}; of those not already streaming from the primary: ${answered}/${eligible} = ${((answered / eligible) * 100).toFixed(1)}% (goal 100%)`,
);
console.log(`  cut mid-stream when the primary died: ${diedMidStream.length}`);
console.log(`  first token, healthy primary:     ${healthy.toFixed(1)} ms (median of ${ROUNDS})`);
console.log(
  `  first token, primary refusing:    ${refused.toFixed(1)} ms, failover adds ${(refused - healthy).toFixed(1)} ms (goal ≤ 50 ms)`,
);
console.log(
  `  first token, primary hanging:     ${hanging.toFixed(1)} ms, failover adds ${(hanging - healthy).toFixed(1)} ms (goal ≤ first-byte timeout ${FIRST_BYTE_MS} ms)`,
);
process.exit(0);
