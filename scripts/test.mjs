// `npm test`: installs what is missing, then runs every suite: lint, types, contract, server
// (SQLite and a real PostgreSQL it starts itself), web unit tests, and end-to-end in Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDependencies, ensureWebBuild, log, ROOT, requireNode24 } from './lib.mjs';
import { whatRan } from './ran.mjs';
import { failureLines, slowestLines, testCases } from './slowest.mjs';

requireNode24();
ensureDependencies();

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** A Debian package a test step needs: installed when we are root on Debian, else how to get it. */
function ensurePackage(binary, pkg, need) {
  if (existsSync(binary)) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    log(`安装 ${pkg}（apt-get install ${pkg}）…`);
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    const result = spawnSync('apt-get', ['install', '-y', pkg], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status === 0 && existsSync(binary)) return;
  }
  console.error(`${need}：未找到 ${binary}。请运行 sudo apt-get install -y ${pkg}。`);
  process.exit(1);
}
const ensureChromium = () =>
  ensurePackage(CHROMIUM, 'chromium', '端到端测试需要 Chromium（或用 CHROMIUM_PATH 指定路径）');
/** The app is Chinese: without CJK fonts Chromium draws its text as empty boxes. */
const ensureCjkFonts = () =>
  ensurePackage(
    '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    'fonts-noto-cjk',
    '端到端测试需要中文字体，浏览器才能像卖家那样显示中文',
  );

/** How each runner reports its totals, read from its own closing lines. */
const COUNTERS = {
  node: (out) => ({ passed: last(out, /^ℹ pass (\d+)/m), failed: last(out, /^ℹ fail (\d+)/m) }),
  vitest: (out) => ({
    passed: last(out, /Tests\s+(?:\d+ failed \| )?(\d+) passed/),
    failed: last(out, /Tests\s+(\d+) failed/),
  }),
  playwright: (out) => ({ passed: last(out, /^\s+(\d+) passed/m), failed: last(out, /^\s+(\d+) failed/m) }),
  none: () => ({ passed: 0, failed: 0 }),
};

function last(text, pattern) {
  const all = [...text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))];
  return all.length ? Number(all[all.length - 1][1]) : 0;
}

/**
 * Runs one step. `ran` ({ source, pattern }, see ran.mjs) compares what the step ran with the test
 * files that exist: a file that ran nothing or a suite left unfinished fails the step.
 */
function step(name, command, args, counter, ran, env = {}) {
  return new Promise((resolve) => {
    log(`▶ ${name}`);
    const started = Date.now();
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('exit', (code) => {
      const counts = COUNTERS[counter](output);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const check = ran ? whatRan(ran.source, ran.pattern) : undefined;
      for (const problem of check?.problems ?? []) console.error(`✖ ${name}：${problem}`);
      const ok = code === 0 && !check?.problems.length;
      resolve({ name, ok, seconds, ...counts, ran: check });
    });
  });
}

const npx = (bin, ...args) => ['npx', ['--no-install', bin, ...args]];

/** Each runner also writes a JUnit report here, read at the end for the slowest tests. */
const REPORTS = mkdtempSync(path.join(tmpdir(), 'chuhai-test-reports-'));
const junit = (name) => path.join(REPORTS, `${name}.xml`);
const ledger = (name) => path.join(REPORTS, `${name}.json`);
/**
 * node:test with its usual output, plus a JUnit file. `--test-force-exit`: a test file that fails
 * before closing a server or a database ends anyway, instead of holding the whole run until CI's
 * limit (batch-restart.test.ts did, once). node:test has no time limit per test by default, so a
 * hung test held CI for good: 10 minutes is twelve times the slowest test measured on a machine
 * kept busy beside it (the scale test's dead-node sweep, 49 s), so only a hang reaches it.
 */
const NODE_TEST_TIMEOUT_MS = 600_000;
const nodeTest = (name, ...args) => [
  process.execPath,
  [
    '--test',
    '--test-force-exit',
    `--test-timeout=${NODE_TEST_TIMEOUT_MS}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=junit',
    `--test-reporter-destination=${junit(name)}`,
    `--test-reporter=${path.join(ROOT, 'scripts/test-ledger.mjs')}`,
    `--test-reporter-destination=${ledger(name)}`,
    ...args,
  ],
];

/** What each step must have run: every file its pattern finds (see ran.mjs). */
const ranNode = (name, pattern) => ({ source: { ledger: ledger(name) }, pattern });
const ranJunit = (name, prefix, pattern) => ({ source: { junit: junit(name), prefix }, pattern });

const results = [];
const steps = [
  ['代码风格（Biome）', ...npx('biome', 'check', '.'), 'none'],
  // Modules meet through service.ts, the channels layer through index.ts (docs/architecture.md「引用规则」).
  ['模块边界', process.execPath, ['scripts/check-boundaries.mjs'], 'none'],
  ['类型检查（TypeScript）', 'npm', ['run', 'typecheck'], 'none'],
  [
    '契约包单元测试',
    ...nodeTest('contract', 'packages/contract/test/**/*.test.ts'),
    'node',
    ranNode('contract', 'packages/contract/test/**/*.test.ts'),
  ],
  [
    '服务端测试（SQLite + PostgreSQL）',
    ...nodeTest('server', '--test-concurrency=1', 'apps/server/test/**/*.test.ts'),
    'node',
    ranNode('server', 'apps/server/test/**/*.test.ts'),
  ],
  [
    '前端单元测试（Vitest）',
    'npm',
    [
      'test',
      '--workspace',
      '@chuhai/web',
      '--',
      '--reporter=default',
      '--reporter=junit',
      `--outputFile.junit=${junit('web')}`,
    ],
    'vitest',
    ranJunit('web', 'apps/web/', 'apps/web/src/**/*.test.{ts,tsx}'),
  ],
];
for (const [name, command, args, counter, ran] of steps)
  results.push(await step(name, command, args, counter, ran));

ensurePackage(NGINX, 'nginx', '规模测试需要 nginx（或用 NGINX_PATH 指定路径）');
results.push(
  await step(
    '规模测试（两个节点 + nginx + PostgreSQL + S3）',
    ...nodeTest('scale', '--test-concurrency=1', 'apps/server/scale/**/*.test.ts'),
    'node',
    ranNode('scale', 'apps/server/scale/**/*.test.ts'),
    { NGINX_PATH: NGINX },
  ),
);

ensureChromium();
ensureCjkFonts();
ensureWebBuild({ force: true });
results.push(
  await step(
    '端到端测试（Playwright + Chromium）',
    'npm',
    ['test', '--workspace', '@chuhai/e2e'],
    'playwright',
    ranJunit('e2e', 'e2e/tests/', 'e2e/tests/**/*.spec.ts'),
    { CHROMIUM_PATH: CHROMIUM, E2E_JUNIT: junit('e2e') },
  ),
);

/**
 * What the page showed when an end-to-end test failed (Playwright's error-context.md, the page as an
 * accessibility tree): in CI the output is all there is to tell a wrong screen from a slow machine.
 */
function printFailedPages() {
  const folder = path.join(ROOT, 'e2e/test-results');
  if (!existsSync(folder)) return;
  const pages = readdirSync(folder)
    .map((name) => path.join(folder, name, 'error-context.md'))
    .filter((file) => existsSync(file))
    .slice(0, 4);
  for (const file of pages) {
    const lines = readFileSync(file, 'utf8').split('\n');
    // The end: dialogs and messages are drawn last, after the page's own content.
    console.log(`\n失败时的页面：${path.basename(path.dirname(file))}（最后 60 行，共 ${lines.length} 行）`);
    console.log(lines.slice(-60).join('\n'));
  }
}
if (!results.at(-1).ok) printFailedPages();

const cases = ['contract', 'server', 'web', 'scale', 'e2e'].flatMap((name) => testCases(junit(name), name));
console.log('\n最慢的十个测试');
for (const line of slowestLines(cases)) console.log(line);
const failures = failureLines(cases);
if (failures.length) console.log(`\n失败的测试\n${failures.join('\n')}`);

console.log('\n测试汇总');
for (const r of results) {
  const counts = r.passed || r.failed ? `${r.passed} passed, ${r.failed} failed` : '';
  const ran = r.ran ? `运行了 ${r.ran.tests} 个测试（${r.ran.files} 个文件）` : '';
  const missing = r.ran?.problems.length ? `，${r.ran.problems.length} 个文件没有跑完` : '';
  console.log(`  ${r.ok ? '✔' : '✖'} ${r.name}  ${counts}  ${ran}${missing}  ${r.seconds}s`);
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
const broken = results.filter((r) => !r.ok).length;
console.log(`total: ${passed} passed, ${failed + (failed === 0 ? broken : 0)} failed`);
process.exit(broken ? 1 : 0);
