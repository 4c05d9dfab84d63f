import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvCell, csvText } from '@chuhai/contract';
import { parseCsv } from '../src/lib/sheet/csv.ts';

/** What sellers typed, as it reaches an export: attacks, line breaks, quotes, numbers, a phone. */
const SELLER_TEXT = [
  `蓝牙耳机;=cmd|' /C calc'!A0;`,
  `保温杯\t=cmd|' /C calc'!A0`,
  'a|@SUM(1+1)*cmd|x',
  '第一行\r\n  =HYPERLINK("http://x")',
  '5" 屏, 黑色',
  '-12.5',
  '+86 138 0013 8000',
  '',
];
/** The same text as the export writes it: an apostrophe before every formula that could begin a cell. */
const DEFUSED = [
  `蓝牙耳机;'=cmd|' /C calc'!A0;`,
  `保温杯\t'=cmd|' /C calc'!A0`,
  "a|'@SUM(1+1)*cmd|x",
  `第一行\r\n  '=HYPERLINK("http://x")`,
  '5" 屏, 黑色',
  '-12.5',
  "'+86 138 0013 8000",
  '',
];
const HEADER = SELLER_TEXT.map((_, i) => `列 ${i + 1}`);

const FORMULA = /^\p{Zs}*[=+\-@\t\r\0]/u;
/** Every cell, and every piece of one a reader ignoring quotes would split off, that starts a formula. */
function formulas(cells: string[]): string[] {
  return cells
    .flatMap((cell) => cell.split(/[,;\t|\r\n]/))
    .filter((piece) => FORMULA.test(piece) && !/^\s*-?\d+(\.\d+)?\s*$/.test(piece));
}

describe('exported CSV read back by the catalogue’s CSV reader', () => {
  for (const separator of [',', ';']) {
    it(`gives the seller’s text back, defused, from a file separated by ${JSON.stringify(separator)}`, () => {
      const csv = [HEADER, SELLER_TEXT].map((row) => row.map(csvCell).join(separator)).join('\r\n');
      const rows = parseCsv(csv);
      assert.deepEqual(
        rows.map((r) => r.cells),
        [HEADER, DEFUSED],
      );
      assert.deepEqual(formulas(rows.flatMap((r) => r.cells)), []);
    });
  }

  for (const separator of [';', '\t', '|']) {
    it(`runs nothing when a locale splits our comma file on ${JSON.stringify(separator)}`, () => {
      // `sep=` makes the reader use that separator, as German Excel uses `;` whatever the file says.
      const rows = parseCsv(`sep=${separator}\r\n${csvText(HEADER, [SELLER_TEXT])}`);
      assert.equal(rows.length, 2, 'quoted line breaks stay inside their cell');
      assert.deepEqual(formulas(rows.flatMap((r) => r.cells)), []);
    });
  }
});
