/**
 * 「译文看得清」 when the OCR runs short words together: on alimama's baby-shoe poster a Vietnamese
 * heading drawn clearly at 40 px, 「Lót nỉ giữ ấm mùa đông」, was read back as 「L6t ni gic? / ammua /
 * dong」 (the model drops the space between 「ấm」 and 「mùa」), and the seller was told 不易辨认.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TranslatedBlock } from '@chuhai/contract';
import { legibilityOf } from '../src/imaging/text/legibility.ts';

const block = (id: number, text: string) =>
  ({ id, text, hidden: false, source: '', bold: false }) as unknown as TranslatedBlock;

describe('legibility when the OCR reads two words as one', () => {
  it('finds each word inside the run-together word it was read in', () => {
    const heading = legibilityOf(
      ['L6t ni gic?', 'ammua', 'dong'],
      [block(1, 'Lót nỉ giữ ấm mùa đông')],
      'vi',
    );
    assert.deepEqual(heading, { words: 6, read: 4, unclear: [] });
    // CnOCR's taobao4 in Vietnamese: 「giảm giá」 read as 「giamgia」.
    const coupon = legibilityOf(
      ['Tang phieu giamgia tien mat'],
      [block(2, 'Tặng phiếu giảm giá tiền mặt')],
      'vi',
    );
    assert.equal(coupon?.read, 6);
  });

  it('does not read a word twice, nor one the OCR did not read at all', () => {
    // 「ammua」 holds one 「mua」 and one 「ấm」: a third of block 1 and half of block 2.
    const twice = legibilityOf(['ammua'], [block(1, 'mua mua mua'), block(2, 'ấm ấm')], 'vi');
    assert.deepEqual(twice, { words: 5, read: 2, unclear: [1] });
    const smeared = legibilityOf(['xq zz'], [block(1, 'Lót nỉ giữ ấm mùa đông')], 'vi');
    assert.deepEqual(smeared?.unclear, [1]);
  });
});
