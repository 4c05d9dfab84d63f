// A node:test reporter that writes, per test file, what it declared and what ran, as JSON, so the
// test command can refuse a file that ran nothing or a suite that stopped half-way. A process that
// exits early (a hook calling process.exit(0), a server that never started) leaves its suites
// enqueued but never finished, and node:test would count the file as passed.
import path from 'node:path';

export default async function* ledger(source) {
  const files = {};
  const entry = (file) => {
    const name = path.relative(process.cwd(), file);
    files[name] ??= { tests: 0, failed: 0, skipped: 0, declared: [], finished: [] };
    return files[name];
  };
  for await (const event of source) {
    const data = event.data;
    if (!data?.file) continue;
    const file = entry(data.file);
    // The file itself is reported as a test named after its path: not a test of its own.
    // An error after a test ended (an uncaught exception) comes with no name: not a test either.
    if (typeof data.name !== 'string') continue;
    const isFile = data.nesting === 0 && path.resolve(data.name) === path.resolve(data.file);
    if (isFile) continue;
    const key = `${data.nesting}\u0000${data.name}`;
    if (event.type === 'test:enqueue') file.declared.push(key);
    if (event.type === 'test:pass' || event.type === 'test:fail') {
      file.finished.push(key);
      if (data.skip || data.todo) file.skipped += 1;
      else if (data.details?.type !== 'suite') file.tests += 1;
      if (event.type === 'test:fail') file.failed += 1;
    }
  }
  const report = {};
  for (const [name, file] of Object.entries(files)) {
    const left = [...file.finished];
    const unfinished = file.declared.filter((key) => {
      const at = left.indexOf(key);
      if (at === -1) return true;
      left.splice(at, 1);
      return false;
    });
    report[name] = {
      tests: file.tests,
      failed: file.failed,
      skipped: file.skipped,
      unfinished: unfinished.map((key) => key.split('\u0000')[1]),
    };
  }
  yield `${JSON.stringify(report, null, 1)}\n`;
}
