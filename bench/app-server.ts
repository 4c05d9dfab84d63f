/**
 * The page benchmarks' server: BENCH_URL when given, else `npm start` (the production web build,
 * built first when missing) on a spare port with a fresh data directory, stopped afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PORT = 3391;

export async function withAppServer(run: (url: string) => Promise<void>): Promise<void> {
  if (process.env.BENCH_URL) return run(process.env.BENCH_URL.replace(/\/+$/, ''));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chuhai-bench-web-'));
  const server: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${PORT}`;
  try {
    for (let i = 0; ; i += 1) {
      if ((await fetch(`${url}/api/ready`).catch(() => null))?.ok) break;
      if (i > 600) throw new Error('the app server did not start in 60 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await run(url);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
