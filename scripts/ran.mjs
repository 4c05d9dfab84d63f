// What each test step actually ran, compared with the test files that exist: a file that ran no
// test, or a suite that was declared and never finished, fails the step. A green run must mean the
// tests ran, not that a database could not start and took its suite away silently.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { ROOT } from './lib.mjs';

/**
 * Per file { tests, failed, unfinished[] } from node:test (scripts/test-ledger.mjs); null when the
 * ledger is cut short (the runner was killed before it could write it whole).
 */
function fromLedger(file) {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Per file { tests, failed, unfinished: [] } from a JUnit report whose suites are named by file. */
function fromJunit(file, prefix) {
  const files = {};
  if (!existsSync(file)) return files;
  for (const [tag] of readFileSync(file, 'utf8').matchAll(/<testsuite\b[^>]*>/g)) {
    const attribute = (name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1] ?? '';
    const name = `${prefix}${attribute('name')}`;
    files[name] ??= { tests: 0, failed: 0, unfinished: [] };
    const entry = files[name];
    entry.tests += Number(attribute('tests')) - Number(attribute('skipped') || 0);
    entry.failed += Number(attribute('failures')) + Number(attribute('errors') || 0);
  }
  return files;
}

/**
 * Reads what a step ran. `source` is { ledger } for node:test or { junit, prefix } (the prefix turns
 * the report's names into paths from the repository root); `pattern` finds the files that exist.
 * Returns the number of tests that ran and, in Chinese, what is wrong.
 */
export function whatRan(source, pattern) {
  const ran = source.ledger ? fromLedger(source.ledger) : fromJunit(source.junit, source.prefix);
  if (!ran) return { tests: 0, files: 0, problems: ['测试运行被中断，没有留下完整的记录'] };
  const problems = [];
  for (const file of globSync(pattern, { cwd: ROOT })) {
    const entry = ran[file];
    if (!entry || entry.tests === 0) problems.push(`${file}：一个测试也没有运行`);
    else if (entry.unfinished.length)
      problems.push(`${file}：声明了却没有跑完：${entry.unfinished.map((name) => `「${name}」`).join('、')}`);
  }
  const tests = Object.values(ran).reduce((sum, entry) => sum + entry.tests, 0);
  return { tests, files: Object.keys(ran).length, problems };
}
