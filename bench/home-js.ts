/**
 * Home page first-visit JavaScript, compressed as served (brotli), against the 150 KiB goal: a fresh
 * Chromium profile opens `/`, every script the page fetches is counted by the bytes on the wire.
 * Starts the app with `npm start` (or measures BENCH_URL=http://host:port) and uses Debian's Chromium.
 *
 * Run: `node bench/home-js.ts`.
 */
import { chromium } from '@playwright/test';
import { withAppServer } from './app-server.ts';

const GOAL_KIB = 150;

const scripts: { url: string; bytes: number }[] = [];
await withAppServer(async (url) => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const page = await browser.newPage();
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const sizes = await request.sizes();
    scripts.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize });
  });
  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  await browser.close();
});

const total = scripts.reduce((sum, s) => sum + s.bytes, 0) / 1024;
console.log(
  `home page first visit: ${scripts.length} scripts, ${total.toFixed(1)} KiB as served; goal ${GOAL_KIB} KiB, ratio ${(total / GOAL_KIB).toFixed(2)}`,
);
for (const s of scripts.sort((a, b) => b.bytes - a.bytes))
  console.log(`  ${(s.bytes / 1024).toFixed(1).padStart(7)} KiB  ${s.url}`);
