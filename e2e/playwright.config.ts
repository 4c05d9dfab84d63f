import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { BROWSER_TIME_ZONE } from './support/dates.ts';

/**
 * End-to-end tests: Debian's Chromium against the real server serving the real built app, on a
 * fresh SQLite database in a temporary folder. Never downloads a browser.
 */
const PORT = Number(process.env.E2E_PORT ?? 3211);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** A second server with no chat or drawing provider: what sellers see when a provider is off. */
const BARE_PORT = PORT + 2;
// Made once in the runner and handed to the workers through the environment they inherit.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'chuhai-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
/** The server's log: the console SMS gateway writes each code there, where the tests read it. */
export const SERVER_LOG = path.join(dataDir, 'server.log');

/** The fake OpenAI-compatible chat API the server talks to (e2e/support/fake-llm-server.ts). */
const LLM_PORT = Number(process.env.E2E_LLM_PORT ?? 3298);
/** The fake text-to-image providers (e2e/support/fake-image-server.ts). */
const IMAGE_PORT = Number(process.env.E2E_IMAGE_PORT ?? 3297);

export const E2E_SITE = { icpNumber: '粤ICP备2026000001号-1', contactEmail: 'kefu@e2e.example' };

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  // No retries: a test that passes only sometimes is a failure to fix, not to hide.
  retries: 0,
  // At least twice the longest flow measured on a machine with one core kept busy (admin: 32 s,
  // the accounts flow 31 s before it was split); batch and studio set their own.
  timeout: 90_000,
  // A single step (a payment confirmed, a reply streamed) can take several seconds on a busy machine.
  expect: { timeout: 15_000 },
  // scripts/test.mjs asks for a JUnit report too, to name the slowest tests.
  reporter: process.env.E2E_JUNIT ? [['list'], ['junit', { outputFile: process.env.E2E_JUNIT }]] : [['list']],
  projects: [
    { name: 'main', testIgnore: /(console-settings|providers-off)\.spec\.ts/ },
    // Changes the price, a limit and announcements for the whole site, which the other specs
    // assert: it runs once they are done.
    { name: 'site-settings', testMatch: /console-settings\.spec\.ts/, dependencies: ['main'] },
    {
      name: 'providers-off',
      testMatch: /providers-off\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${BARE_PORT}` },
    },
  ],
  use: {
    baseURL: BASE_URL,
    locale: 'zh-CN',
    timezoneId: BROWSER_TIME_ZONE,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Nothing but this machine is reachable: any other host name fails at once instead of leaking out.
      args: ['--no-sandbox', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'],
    },
  },
  webServer: [
    {
      command: 'node support/fake-llm-server.ts',
      port: LLM_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { FAKE_LLM_PORT: String(LLM_PORT) },
    },
    {
      command: 'node support/fake-image-server.ts',
      port: IMAGE_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { FAKE_IMAGE_PORT: String(IMAGE_PORT) },
    },
    {
      // Both servers append to one log, where the tests read the SMS codes.
      command: `node ../apps/server/src/server.ts >> "${SERVER_LOG}" 2>&1`,
      url: `${BASE_URL}/api/users`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(PORT),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        SMS_PROVIDER: 'console',
        // Loopback stands in for nginx: each test names its own client address (support/test.ts).
        TRUST_PROXY: '127.0.0.1',
        // The operator console's first admins (admin.spec.ts, console-settings.spec.ts, channels.spec.ts
        // at 1440 and at 390, channel-models.spec.ts and costs.spec.ts at 1440 and at 390, console-phone.spec.ts,
        // double-click.spec.ts).
        ADMIN_PHONES:
          '13912345990,13912345980,13912345960,13912345962,13912345963,13912345964,13912349401,13912349403,13912349410,13912354003',
        SITE_ICP_NUMBER: E2E_SITE.icpNumber,
        SITE_CONTACT_EMAIL: E2E_SITE.contactEmail,
        LLM_BASE_URL: `http://127.0.0.1:${LLM_PORT}/v1`,
        LLM_API_KEY: 'sk-e2e',
        LLM_MODEL_STANDARD: 'fake-standard',
        LLM_MODEL_ADVANCED: 'fake-advanced',
        // What the default channel costs (yuan per million tokens): 成本 shows a day's cost from it.
        LLM_PRICE_INPUT: '2',
        LLM_PRICE_OUTPUT: '8',
        IMAGE_PROVIDER: 'sdwebui',
        IMAGE_BASE_URL: `http://127.0.0.1:${IMAGE_PORT}`,
        // One matting worker (with both cores' threads) leaves room for the browser and the other tests.
        MATTING_WORKERS: '1',
      },
    },
    {
      command: `node ../apps/server/src/server.ts >> "${SERVER_LOG}" 2>&1`,
      url: `http://127.0.0.1:${BARE_PORT}/api/users`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(BARE_PORT),
        DATA_DIR: path.join(dataDir, 'providers-off'),
        LOG_LEVEL: 'info',
        SMS_PROVIDER: 'console',
        TRUST_PROXY: '127.0.0.1',
        ADMIN_PHONES: '13912345970',
        MATTING_WORKERS: '1',
      },
    },
  ],
});
