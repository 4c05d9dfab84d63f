import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvCell, csvFile, csvText } from '../src/csv.ts';

describe('CSV cells', () => {
  it('defuses what a spreadsheet would run: = + - @, a leading tab or carriage return', () => {
    const rows = [['=HYPERLINK("http://x")', '+1', '-防漏', '@SUM(A1)', '\t=1+2', '\r=1+2', '正常']];
    assert.equal(
      csvText(['a', 'b', 'c', 'd', 'e', 'f', 'g'], rows).split('\r\n')[1],
      `"'=HYPERLINK(""http://x"")","'+1","'-防漏","'@SUM(A1)","'\t'=1+2","'\r'=1+2","正常"`,
    );
  });

  it('quotes every cell, so no locale’s separator splits one, and doubles the quotes inside', () => {
    assert.equal(
      csvText(['商品', '说明'], [['蓝牙耳机', '5" 屏|双色, 黑;白\t']]),
      `"商品","说明"\r\n"蓝牙耳机","5"" 屏|双色, 黑;白\t"`,
    );
    assert.equal(csvCell(null), '""');
    assert.equal(csvCell(''), '""');
  });

  it('defuses a formula behind a semicolon, as German and French Excel split the line', () => {
    assert.equal(csvCell(`蓝牙耳机;=cmd|' /C calc'!A0;`), `"蓝牙耳机;'=cmd|' /C calc'!A0;"`);
  });

  it('defuses a formula behind a comma, a tab, a pipe or a line break, spaces before it included', () => {
    assert.equal(csvCell('保温杯,=1+1'), `"保温杯,'=1+1"`);
    assert.equal(csvCell('保温杯\t@SUM(A1)'), `"保温杯\t'@SUM(A1)"`);
    assert.equal(csvCell(`a|+cmd|' /C calc'!A0`), `"a|'+cmd|' /C calc'!A0"`);
    assert.equal(csvCell('第一行\r\n=HYPERLINK("x")'), `"第一行\r\n'=HYPERLINK(""x"")"`);
    assert.equal(csvCell('第一行\n- 防漏设计'), `"第一行\n'- 防漏设计"`);
    assert.equal(csvCell('  =1+1'), `"  '=1+1"`);
    assert.equal(csvCell('a;   =1+1'), `"a;   '=1+1"`);
    assert.equal(csvCell('a;\u3000=1+1'), `"a;\u3000'=1+1"`);
    // A tab behind a separator is a prefix itself and a separator: both places are defused.
    assert.equal(csvCell('a;\t=1+1'), `"a;'\t'=1+1"`);
  });

  it('leaves a formula character alone where no cell can begin', () => {
    assert.equal(csvCell('Wi-Fi 5-10 米 a=b c+d me@shop.com'), '"Wi-Fi 5-10 米 a=b c+d me@shop.com"');
  });

  it('keeps numbers numbers, negative ones included, also behind a separator', () => {
    assert.equal(csvText(['n'], [[-12.5], ['-3'], [null], [0]]), '"n"\r\n"-12.5"\r\n"-3"\r\n""\r\n"0"');
    assert.equal(csvCell('-20;-5'), '"-20;-5"');
    assert.equal(csvCell('温度 -20, -5.5 '), '"温度 -20, -5.5 "');
  });

  it('keeps a phone number as text: +86 is a formula to a spreadsheet, so it gets the apostrophe', () => {
    assert.equal(csvCell('+86 138 0013 8000'), `"'+86 138 0013 8000"`);
    assert.equal(csvCell('-1+2'), `"'-1+2"`);
    assert.equal(csvCell('-5 =cmd'), `"'-5 =cmd"`);
  });

  it('leaves no piece starting with a formula character, however a reader ignoring quotes splits it', () => {
    const attacks = [
      `蓝牙耳机;=cmd|' /C calc'!A0;`,
      `x\t=cmd|' /C calc'!A0`,
      'x|@SUM(1+1)*cmd',
      'x\r\n  +1+1',
      'x\r-1+1',
      'x,\t\t=1',
      '\0=1',
      'a;;=1',
    ];
    for (const attack of attacks) {
      const line = csvCell(attack).slice(1, -1);
      for (const separator of [',', ';', '\t', '|', '\n', '\r'])
        for (const piece of line.split(separator)) {
          const where = `${JSON.stringify(attack)} split on ${JSON.stringify(separator)}`;
          // As read, past spaces; and as a reader that trims tabs and line breaks too would see it.
          assert.doesNotMatch(piece.replace(/^\p{Zs}+/u, ''), /^[=+\-@\t\r\0]/, where);
          assert.doesNotMatch(piece.trimStart(), /^[=+\-@\0]/, where);
        }
    }
  });
});

describe('CSV files', () => {
  it('start with a BOM and end with a line break, so Excel on Chinese Windows reads UTF-8, not GBK', () => {
    const file = csvFile(['商品', '价格'], [['保温杯', 99]]);
    assert.equal(file, '\uFEFF"商品","价格"\r\n"保温杯","99"\r\n');
    const bytes = new TextEncoder().encode(file);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  });
});
