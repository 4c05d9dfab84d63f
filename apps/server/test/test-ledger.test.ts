/**
 * The test command's ledger (scripts/test-ledger.mjs): a suite left unfinished fails the step, but
 * a report whose last events were cut off at the test process's exit is not a stopped suite. CI
 * failed once on 「photo names」 in catalogue-sheet.test.ts: both its tests passed, its end was lost.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

const LEDGER = new URL('../../../scripts/test-ledger.mjs', import.meta.url).href;
type Event = {
  type: string;
  data: { file: string; nesting: number; name: string; details: { type: string } };
};
const ledger: (source: AsyncIterable<Event>) => AsyncIterable<string> = (await import(LEDGER)).default;

const event = (type: string, nesting: number, name: string, kind = 'test'): Event => ({
  type,
  data: { file: '/tmp/x.test.ts', nesting, name, details: { type: kind } },
});
const enqueue = (nesting: number, name: string) => event('test:enqueue', nesting, name);
const pass = (nesting: number, name: string, kind = 'test') => event('test:pass', nesting, name, kind);

async function unfinished(events: Event[]): Promise<string[]> {
  async function* source() {
    yield* events;
  }
  let out = '';
  for await (const chunk of ledger(source())) out += chunk;
  return (Object.values(JSON.parse(out))[0] as { unfinished: string[] }).unfinished;
}

describe('the test ledger', () => {
  it('takes the last suite as finished when only its end was lost, all its tests having passed', async () => {
    const events = [enqueue(0, 'CSV'), enqueue(0, 'photo names'), enqueue(1, 'a'), pass(1, 'a')];
    events.push(pass(0, 'CSV', 'suite'), enqueue(1, 'p1'), enqueue(1, 'p2'), pass(1, 'p1'), pass(1, 'p2'));
    assert.deepEqual(await unfinished(events), []);
    // Two ends lost, a suite in a suite.
    const nested = [
      enqueue(0, 'S1'),
      enqueue(1, 'a'),
      enqueue(1, 'S2'),
      pass(1, 'a'),
      enqueue(2, 'c'),
      pass(2, 'c'),
    ];
    assert.deepEqual(await unfinished(nested), []);
  });

  it('still refuses a suite that stopped: a test that never ended, a suite that never started', async () => {
    assert.deepEqual(await unfinished([enqueue(0, 'S1'), enqueue(1, 'a'), enqueue(1, 'b'), pass(1, 'a')]), [
      'S1',
      'b',
    ]);
    const neverRan = [
      enqueue(0, 'S1'),
      enqueue(0, 'S3'),
      enqueue(1, 'a'),
      pass(1, 'a'),
      pass(0, 'S1', 'suite'),
    ];
    assert.deepEqual(await unfinished(neverRan), ['S3']);
  });
});
