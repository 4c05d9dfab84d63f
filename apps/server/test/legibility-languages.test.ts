/**
 * 「译文看得清」 (imaging/text/legibility.ts) for issue 55's languages written in Latin letters: the
 * bundled OCR reads Dutch, Polish, Swedish, Brazilian Portuguese and Mexican Spanish (measured on
 * rendered pictures: 「Läckagesäkert lock, tal diskmaskin」), so their drawn words are checked as
 * English and German are; Thai is not read by it and stays unjudged.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TranslatedBlock } from '@chuhai/contract';
import { legibilityOf } from '../src/imaging/text/legibility.ts';

const block = (id: number, text: string) =>
  ({ id, text, hidden: false, source: '', bold: false }) as unknown as TranslatedBlock;

describe('legibility of the new languages’ drawn text', () => {
  it('counts the words read back for nl, pl, sv, pt-BR and es-MX, and names a block read by half or less', () => {
    const cases: [string, string, string][] = [
      ['nl', 'Lekvrije dop van roestvrij staal', 'Lekvrije dop van roestvrij staal'],
      ['pl', 'Szczelna nakrętka ze stali', 'Szczelna nakretka ze stali'],
      ['sv', 'Läckagesäkert lock, tål diskmaskin', 'Läckagesäkert lock, tal diskmaskin'],
      ['pt-BR', 'Tampa que não vaza', 'Tampa que nao vaza'],
      ['es-MX', 'Tapa antiderrame para el termo', 'Tapa antiderrame para el termo'],
    ];
    for (const [target, drawn, read] of cases) {
      const clear = legibilityOf([read], [block(0, drawn), block(1, 'Gemaakt voor elke dag')], target);
      assert.ok(clear, target);
      assert.equal(clear.read, clear.words - 4, `${target}: ${JSON.stringify(clear)}`);
      assert.deepEqual(clear.unclear, [1], target);
    }
    assert.equal(legibilityOf(['UAU 24 8v'], [block(0, 'เก็บความเย็นได้ 24 ชั่วโมง')], 'th'), null);
  });
});
