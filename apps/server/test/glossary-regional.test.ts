/**
 * A seller's 术语表 on 一键出海's regional sites (issue 55): entries written for Spanish or Portuguese
 * were not used for Mexico's Spanish or Brazil's Portuguese, and 「保温杯」 came back however the
 * model liked on Amazon MX and Shopee BR.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { termsFor } from '../src/modules/translate/glossary-terms.ts';

const entries = [
  { source: '保温杯', target: 'es', translation: 'Termo' },
  { source: '保温杯', target: 'pt', translation: 'Garrafa térmica' },
  { source: '出海牌', target: 'all', translation: null },
];

describe('the glossary on a regional site', () => {
  it('uses the language’s entries for its regional variant', () => {
    assert.deepEqual(termsFor(entries, 'es-MX', []), [
      { source: '出海牌', translation: null },
      { source: '保温杯', translation: 'Termo' },
    ]);
    assert.equal(
      termsFor(entries, 'pt-BR', []).find((t) => t.source === '保温杯')?.translation,
      'Garrafa térmica',
    );
  });

  it('lets an entry for the region win over the language’s, and leaves other languages alone', () => {
    const mexican = [...entries, { source: '保温杯', target: 'es-MX', translation: 'Termo de acero' }];
    assert.equal(
      termsFor(mexican, 'es-MX', []).find((t) => t.source === '保温杯')?.translation,
      'Termo de acero',
    );
    assert.equal(termsFor(mexican, 'es', []).find((t) => t.source === '保温杯')?.translation, 'Termo');
    assert.equal(
      termsFor(entries, 'zh-TW', []).find((t) => t.source === '保温杯'),
      undefined,
    );
  });
});
