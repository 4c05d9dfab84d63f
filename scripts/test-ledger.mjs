// A node:test reporter that writes, per test file, what it declared and what ran, as JSON, so the
// test command can refuse a file that ran nothing or a suite that stopped half-way. A process that
// exits early (a hook calling process.exit(0), a server that never started) leaves its suites
// enqueued but never finished, and node:test would count the file as passed.
import path from 'node:path';

export default async function* ledger(source) {
  const files = {};
  const entry = (file) => {
    const name = path.relative(process.cwd(), file);
    files[name] ??= { tests: 0, failed: 0, skipped: 0, events: [] };
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
    if (event.type === 'test:enqueue') file.events.push({ enqueued: true, key, nesting: data.nesting });
    if (event.type === 'test:pass' || event.type === 'test:fail') {
      file.events.push({ enqueued: false, key, nesting: data.nesting });
      if (data.skip || data.todo) file.skipped += 1;
      else if (data.details?.type !== 'suite') file.tests += 1;
      if (event.type === 'test:fail') file.failed += 1;
    }
  }
  const report = {};
  for (const [name, file] of Object.entries(files))
    report[name] = {
      tests: file.tests,
      failed: file.failed,
      skipped: file.skipped,
      unfinished: unfinished(file.events).map((key) => key.split('\u0000')[1]),
    };
  yield `${JSON.stringify(report, null, 1)}\n`;
}

/** The keys enqueued and never finished, each finish matching one enqueue of the same key. */
function unfinished(events) {
  const left = events.filter((e) => !e.enqueued).map((e) => e.key);
  const open = events.filter((e) => {
    if (!e.enqueued) return false;
    const at = left.indexOf(e.key);
    if (at === -1) return true;
    left.splice(at, 1);
    return false;
  });
  // Deepest first: a suite whose end was lost may sit in another whose end was lost too.
  const still = new Set(open);
  for (const suite of [...open].sort((a, b) => b.nesting - a.nesting))
    if (endLost(events, suite, still)) still.delete(suite);
  return open.filter((e) => still.has(e)).map((e) => e.key);
}

/**
 * Whether `suite` is the one that was running when the report's last events were lost: a child
 * process's output may be cut at its exit (CI saw a suite's end missing after both its tests had
 * passed). It is the only one left open at its depth, something was enqueued under it after the
 * last test at its depth or above ended, and all of that finished (`open`: what is still open).
 */
function endLost(events, suite, open) {
  if ([...open].some((e) => e !== suite && e.nesting === suite.nesting)) return false;
  let lastEnd = -1;
  events.forEach((e, i) => {
    if (!e.enqueued && e.nesting <= suite.nesting) lastEnd = i;
  });
  const after = events.slice(lastEnd + 1).filter((e) => e.enqueued && e !== suite);
  return (
    after.length > 0 && after.every((e) => e.nesting > suite.nesting) && after.every((e) => !open.has(e))
  );
}
