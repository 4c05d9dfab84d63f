import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvText } from '../src/csv.ts';

describe('CSV cells', () => {
  it('defuses what a spreadsheet would run: = + - @, a leading tab or carriage return', () => {
    const rows = [['=HYPERLINK("http://x")', '+1', '-防漏', '@SUM(A1)', '\t=1+2', '\r=1+2', '正常']];
    assert.equal(
      csvText(['a', 'b', 'c', 'd', 'e', 'f', 'g'], rows).split('\r\n')[1],
      `"'=HYPERLINK(""http://x"")",'+1,'-防漏,'@SUM(A1),'\t=1+2,"'\r=1+2",正常`,
    );
  });

  it('keeps numbers numbers, negative ones included', () => {
    assert.equal(csvText(['n'], [[-12.5], ['-3'], [null]]), 'n\r\n-12.5\r\n-3\r\n');
  });
});
