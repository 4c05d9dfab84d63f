/**
 * Lighthouse mobile (simulated slow 4G, 4× CPU slowdown) on the home page, three runs, the median
 * by performance score printed with its paint and blocking figures; goal: performance ≥ 90 with
 * accessibility ≥ 96. Starts the app with `npm start` (or measures BENCH_URL) and uses Debian's Chromium.
 * Lighthouse is fetched from npm by npx on first use: it is not one of the project's dependencies.
 *
 * Run: `node bench/lighthouse.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withAppServer } from './app-server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const dir = mkdtempSync(path.join(tmpdir(), 'chuhai-lighthouse-'));

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { displayValue?: string }>;
}

const runs: Report[] = [];
let url = '';
await withAppServer(async (base) => {
  url = `${base}/`;
  for (let attempt = 0; runs.length < RUNS; attempt++) {
    if (attempt >= RUNS * 3) throw new Error('Lighthouse could not load the page; is the web build there?');
    const output = path.join(dir, `run-${attempt}.json`);
    execFileSync(
      'npx',
      [
        '--yes',
        'lighthouse@12',
        url,
        '--chrome-flags=--headless=new --no-sandbox',
        '--form-factor=mobile',
        '--only-categories=performance,accessibility',
        '--output=json',
        `--output-path=${output}`,
        '--quiet',
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
        stdio: 'ignore',
      },
    );
    const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
    // A run where the page never painted (a cold Chromium, now and then) has no score: it is retried.
    if (report.categories.performance?.score != null) runs.push(report);
  }
});

const score = (report: Report, category: string) =>
  Math.round((report.categories[category]?.score ?? 0) * 100);
runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
const median = runs[Math.floor(runs.length / 2)] as Report;
const figure = (id: string) => median.audits[id]?.displayValue ?? '?';
console.log(`Lighthouse mobile, ${url}, median of ${runs.length} runs:`);
console.log(
  `  performance ${score(median, 'performance')} (runs: ${runs.map((r) => score(r, 'performance')).join(', ')}; goal ≥ 90), accessibility ${score(median, 'accessibility')} (goal ≥ 96)`,
);
console.log(
  `  first contentful paint ${figure('first-contentful-paint')}, largest ${figure('largest-contentful-paint')}, total blocking time ${figure('total-blocking-time')}, layout shift ${figure('cumulative-layout-shift')}`,
);
