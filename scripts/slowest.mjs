// Reads the JUnit reports the test steps write and names the slowest tests, so a test creeping
// towards its timeout is seen before it fails on a busy machine.
import { existsSync, readFileSync } from 'node:fs';

const ENTITIES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const decode = (text) =>
  text
    .replace(/&#(x?)([0-9a-f]+);/gi, (_, hex, code) =>
      String.fromCodePoint(Number.parseInt(code, hex ? 16 : 10)),
    )
    .replace(/&(amp|lt|gt|quot|apos);/g, (entity) => ENTITIES[entity]);

function attribute(tag, name) {
  const match = tag.match(new RegExp(`\\s${name}="([^"]*)"`));
  return match ? decode(match[1]) : '';
}

/** Every test case of one JUnit file as { suite, name, seconds }. */
export function testCases(file, suite) {
  if (!existsSync(file)) return [];
  const cases = [];
  for (const [tag] of readFileSync(file, 'utf8').matchAll(/<testcase\b[^>]*>/g)) {
    const where = attribute(tag, 'file') || attribute(tag, 'classname');
    const place = where.replace(/^.*?(apps|packages|e2e|tests)\//, '$1/');
    cases.push({
      suite,
      name: `${place ? `${place} › ` : ''}${attribute(tag, 'name')}`,
      seconds: Number(attribute(tag, 'time')),
    });
  }
  return cases;
}

/** The `count` slowest cases, one line each. */
export function slowestLines(cases, count = 10) {
  return [...cases]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map((c) => `  ${c.seconds.toFixed(1).padStart(6)}s  [${c.suite}] ${c.name}`);
}
