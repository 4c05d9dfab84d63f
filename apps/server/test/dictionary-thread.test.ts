import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The language dictionaries (ELD's n-grams, OpenCC's converters: some 180 MB of small objects)
 * answer from a thread of their own: the server's heap stays small, so its garbage collections
 * stay short (bench/node-stall.ts), and the answers are the same.
 */
describe('the dictionary thread', () => {
  it('answers the language and the script while the asking thread’s heap stays small', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heap = () => {
      gc();
      return process.memoryUsage().heapUsed / 1e6;
    };
    const before = heap();
    // Imported here, so that what loading them adds to this thread's heap is measured too.
    const { identifyLanguage } = await import('../src/modules/localise/language.ts');
    const { chineseScript } = await import('../src/lib/chinese-script.ts');
    const german = identifyLanguage(
      'Edelstahl Trinkflasche, auslaufsicher und spülmaschinenfest, hält 24 Stunden kalt',
    );
    assert.equal(german.language, 'de');
    assert.equal(chineseScript('保溫杯僅重 200 克').script, 'traditional');
    assert.equal(chineseScript('保温杯仅重 200 克').script, 'simplified');
    // On this thread ELD's large tables alone added some 135 MB and OpenCC's tries 45 MB.
    const grown = heap() - before;
    assert.ok(grown < 40, `the dictionaries grew this thread's heap by ${grown.toFixed(0)} MB`);
  });
});
