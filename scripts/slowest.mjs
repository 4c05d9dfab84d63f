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

/**
 * Every test case of one JUnit file as { suite, name, seconds, failure }: `failure` is the failure's
 * message when the case failed, so the end of a long CI log still names what failed and why.
 */
export function testCases(file, suite) {
  if (!existsSync(file)) return [];
  const cases = [];
  const text = readFileSync(file, 'utf8');
  for (const [, tag, body = ''] of text.matchAll(/(<testcase\b[^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const where = attribute(tag, 'file') || attribute(tag, 'classname');
    const place = where.replace(/^.*?(apps|packages|e2e|tests)\//, '$1/');
    const failure = body.match(/<(?:failure|error)\b[^>]*>/)?.[0];
    cases.push({
      suite,
      name: `${place ? `${place} › ` : ''}${attribute(tag, 'name')}`,
      seconds: Number(attribute(tag, 'time')),
      failure: failure === undefined ? undefined : attribute(failure, 'message') || '(no message)',
    });
  }
  return cases;
}

/** The failed cases, each with the first lines of its message. */
export function failureLines(cases, lines = 6) {
  return cases
    .filter((c) => c.failure !== undefined)
    .flatMap((c) => [
      `  ✖ [${c.suite}] ${c.name}`,
      ...c.failure
        .split('\n')
        .slice(0, lines)
        .map((line) => `      ${line.slice(0, 300)}`),
    ]);
}

/** The `count` slowest cases, one line each. */
export function slowestLines(cases, count = 10) {
  return [...cases]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map((c) => `  ${c.seconds.toFixed(1).padStart(6)}s  [${c.suite}] ${c.name}`);
}
