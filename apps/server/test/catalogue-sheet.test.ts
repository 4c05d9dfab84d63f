import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LOCALISE_LIMITS, ResultCode } from '@chuhai/contract';
import { strToU8, zipSync } from 'fflate';
import type { AppError } from '../src/lib/app-error.ts';
import { decodeSheetText, parseCsv } from '../src/lib/sheet/csv.ts';
import { readSheet, type SheetLimits } from '../src/lib/sheet/read-sheet.ts';
import { SheetRefusal } from '../src/lib/sheet/sheet-errors.ts';
import { readXlsx } from '../src/lib/sheet/xlsx.ts';
import { byPhotoOrder, placePhoto } from '../src/modules/localise/catalogue-photos.ts';
import { catalogueTemplate, readCatalogueSheet } from '../src/modules/localise/catalogue-sheet.ts';
import { excelLikeXlsx, inlineXlsx } from './catalogue-helpers.ts';

const MB = 1024 * 1024;
const LIMITS: SheetLimits = { maxRows: 1000, maxColumns: 200, maxUnpackedBytes: MB, maxEntries: 100 };
const cells = (rows: { cells: string[] }[]) => rows.map((r) => r.cells);
const rowsOf = (table: string[][]) => table.map((cells, i) => ({ row: i + 1, cells }));

/** `商品编码,商品名称,品牌` / `SKU-1,"保温杯, 750 毫升",出海牌`, as Excel on Chinese Windows saves it (GBK). */
const GBK_CSV = Buffer.from(
  'c9ccc6b7b1e0c2eb2cc9ccc6b7c3fbb3c62cc6b7c5c60d0a534b552d312c22b1a3cec2b1ad2c2037353020bac1c9fd222cb3f6baa3c5c60d0a',
  'hex',
);

describe('CSV', () => {
  it('reads quoted fields with commas, line breaks and doubled quotes; numbers rows as records', () => {
    const rows = parseCsv('a,b,c\r\n"x, y","line 1\nline 2","say ""hi"""\r\n,,last\r\n');
    assert.deepEqual(cells(rows), [
      ['a', 'b', 'c'],
      ['x, y', 'line 1\nline 2', 'say "hi"'],
      ['', '', 'last'],
    ]);
    // A cell with a line break is one row in Excel: the row after it is row 3, not 4.
    assert.deepEqual(
      rows.map((r) => r.row),
      [1, 2, 3],
    );
  });

  it('takes LF, CR and no line break at the end alike, and a tab- or semicolon-separated file', () => {
    assert.deepEqual(cells(parseCsv('a,b\nc,d')), [
      ['a', 'b'],
      ['c', 'd'],
    ]);
    assert.deepEqual(cells(parseCsv('a,b\rc,d\r')), [
      ['a', 'b'],
      ['c', 'd'],
    ]);
    assert.deepEqual(cells(parseCsv('编码\t名称\tx,y\nA\tB\tC')), [
      ['编码', '名称', 'x,y'],
      ['A', 'B', 'C'],
    ]);
    assert.deepEqual(cells(parseCsv('sep=;\r\na,b;c\r\n1;2')), [
      ['a,b', 'c'],
      ['1', '2'],
    ]);
    assert.deepEqual(cells(parseCsv('a;b;"c;d"\n1;2;3')), [
      ['a', 'b', 'c;d'],
      ['1', '2', '3'],
    ]);
  });

  it('decodes UTF-8 with and without BOM, UTF-16 with BOM, and GBK when the bytes are no UTF-8', () => {
    assert.equal(decodeSheetText(Buffer.from('\uFEFF商品编码', 'utf8')), '商品编码');
    assert.equal(decodeSheetText(Buffer.from('商品编码', 'utf8')), '商品编码');
    assert.equal(
      decodeSheetText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('商品\t编码', 'utf16le')])),
      '商品\t编码',
    );
    assert.deepEqual(cells(parseCsv(decodeSheetText(GBK_CSV))), [
      ['商品编码', '商品名称', '品牌'],
      ['SKU-1', '保温杯, 750 毫升', '出海牌'],
    ]);
  });
});

describe('XLSX', () => {
  it('reads inline strings cell by cell, keeping columns where a cell is empty', async () => {
    const rows = await readXlsx(
      inlineXlsx([
        ['商品编码', '商品名称', '品牌'],
        ['SKU-1', '', '出海 & 牌 <1>'],
      ]),
      LIMITS,
    );
    assert.deepEqual(rows, [
      { row: 1, cells: ['商品编码', '商品名称', '品牌'] },
      { row: 2, cells: ['SKU-1', '', '出海 & 牌 <1>'] },
    ]);
  });

  it('reads a workbook as Excel saves it: shared strings in runs, numbers, the first visible sheet', async () => {
    const rows = await readXlsx(
      excelLikeXlsx([
        ['商品编码', '商品名称', '', '尺寸'],
        ['10001', '保温杯', '', '750'],
        ['', '', '', ''],
        ['SKU-2', '第一行\r\n第二行', '', '0.5'],
      ]),
      LIMITS,
    );
    assert.deepEqual(rows, [
      { row: 1, cells: ['商品编码', '商品名称', '', '尺寸'] },
      { row: 2, cells: ['10001', '保温杯', '', '750'] },
      { row: 4, cells: ['SKU-2', '第一行\r\n第二行', '', '0.5'] },
    ]);
  });

  it('reads a code as Excel shows it: 00123 typed as text stays, a number formatted 00000 keeps its zeros', async () => {
    const rows = await readXlsx(
      excelLikeXlsx([
        ['商品编码', '商品名称', '尺寸', '卖点'],
        ['00123', '文本格式的编码', '', ''],
        [{ number: '123', format: '00000' }, '数字格式的编码', { number: '750', format: '0 "ml"' }, ''],
        [{ number: '4567', format: '"SKU-"000000' }, '带前缀', { number: '1234.5', format: '#,##0.00' }, ''],
        [{ number: '5551234', format: '000-0000' }, '分段', { number: '0.25', format: '0%' }, ''],
        [
          { number: '45000', format: 'yyyy-mm-dd' },
          '日期格式照常规',
          { number: '12', format: '[Red]0.0;(0.0)' },
          '',
        ],
      ]),
      LIMITS,
    );
    assert.deepEqual(
      rows.slice(1).map((r) => [r.cells[0], r.cells[2] ?? '']),
      [
        ['00123', ''],
        ['00123', '750 ml'],
        ['SKU-004567', '1,234.50'],
        ['555-1234', '25%'],
        ['45000', '12.0'],
      ],
    );
  });

  it('reads booleans, formula results, a prefixed namespace and rows without references', async () => {
    const sheet =
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
      '<x:row><x:c t="b"><x:v>1</x:v></x:c><x:c t="str"><x:f>A1&amp;"x"</x:f><x:v>TRUEx</x:v></x:c><x:c><x:v>0.30000000000000004</x:v></x:c></x:row>' +
      '<x:row><x:c r="C2" t="inlineStr"><x:is><x:t>&#x4E2D;&#25991;</x:t></x:is></x:c></x:row>' +
      '</x:sheetData></x:worksheet>';
    const xlsx = zipSync({
      'xl/workbook.xml': strToU8(
        '<workbook><sheets><sheet name="S" sheetId="1" r:id="r1"/></sheets></workbook>',
      ),
      'xl/_rels/workbook.xml.rels': strToU8(
        '<Relationships><Relationship Id="r1" Type="x/worksheet" Target="worksheets/s.xml"/></Relationships>',
      ),
      'xl/worksheets/s.xml': strToU8(sheet),
    });
    assert.deepEqual(await readXlsx(xlsx, LIMITS), [
      { row: 1, cells: ['TRUE', 'TRUEx', '0.3'] },
      { row: 2, cells: ['', '', '中文'] },
    ]);
  });

  it('refuses a sheet that unpacks past the limit, and a broken file, in Chinese', async () => {
    const big = inlineXlsx([['x'.repeat(4000)]]);
    await assert.rejects(
      readXlsx(big, { ...LIMITS, maxUnpackedBytes: 1000 }),
      (e: Error) => e instanceof SheetRefusal && /解压后超过/.test(e.message),
    );
    await assert.rejects(
      readXlsx(big.subarray(0, 200), LIMITS),
      (e: Error) => e instanceof SheetRefusal && /XLSX/.test(e.message),
    );
  });
});

describe('readSheet', () => {
  it('judges by content: an XLSX named .csv is read as XLSX; .xls and binary files are refused', async () => {
    const rows = await readSheet(inlineXlsx([['商品编码'], ['  A  ']]), LIMITS);
    assert.deepEqual(rows, [
      { row: 1, cells: ['商品编码'] },
      { row: 2, cells: ['A'] },
    ]);
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]);
    await assert.rejects(readSheet(xls, LIMITS), /旧版 Excel（\.xls）/);
    await assert.rejects(
      readSheet(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2, 3]), LIMITS),
      /只支持 CSV 或 XLSX/,
    );
    await assert.rejects(readSheet(Buffer.alloc(0), LIMITS), /空文件/);
  });

  it('leaves out empty rows but keeps the numbers of the others', async () => {
    assert.deepEqual(await readSheet(Buffer.from('a,b\n,\n\nc,d\n'), LIMITS), [
      { row: 1, cells: ['a', 'b'] },
      { row: 4, cells: ['c', 'd'] },
    ]);
  });
});

describe('catalogue rows', () => {
  const header = ['商品编码', '商品名称', '品牌', '材质', '尺寸', '卖点', '关键词', '包装清单'];

  it('takes English keys and headers with notes as the same columns, in any order', () => {
    const sheet = readCatalogueSheet(
      rowsOf([
        ['productName', 'Code', '品牌（选填）', '商品名称*'],
        ['保温杯', 'sku-1', '出海牌', '不用的第二个名称列'],
      ]),
    );
    assert.deepEqual(sheet.refused, []);
    assert.equal(sheet.rows[0]?.code, 'sku-1');
    assert.equal(sheet.rows[0]?.facts.productName, '保温杯');
    assert.equal(sheet.rows[0]?.facts.brand, '出海牌');
    assert.equal(sheet.rows[0]?.facts.sellingPoints, '');
  });

  it('refuses each bad row by its number and says why, taking the good ones', () => {
    const sheet = readCatalogueSheet(
      rowsOf([
        header,
        ['A', '水杯'],
        ['', '没有编码'],
        ['a', '重复的编码'],
        ['B', ''],
        ['C', '卖点太长', '', '', '', '长'.repeat(1001)],
        ['D', '好的'],
      ]),
    );
    assert.deepEqual(
      sheet.rows.map((r) => `${r.row}:${r.code}`),
      ['2:A', '7:D'],
    );
    assert.deepEqual(sheet.refused, [
      { row: 3, code: '', reason: '商品编码为空' },
      { row: 4, code: 'a', reason: '商品编码和第 2 行重复' },
      { row: 5, code: 'B', reason: '没有填商品名称' },
      { row: 6, code: 'C', reason: '「卖点」有 1001 个字，超过 1000 个字的上限' },
    ]);
  });

  it(`takes at most ${LOCALISE_LIMITS.products} products and says the limit on each row past it`, () => {
    const data = Array.from({ length: LOCALISE_LIMITS.products + 2 }, (_, i) => [`SKU-${i}`, `商品 ${i}`]);
    const sheet = readCatalogueSheet(rowsOf([header, ...data]));
    assert.equal(sheet.rows.length, LOCALISE_LIMITS.products);
    assert.equal(sheet.refused.length, 2);
    assert.equal(sheet.refused[0]?.row, LOCALISE_LIMITS.products + 2);
    assert.match(sheet.refused[0]?.reason ?? '', new RegExp(`一次最多 ${LOCALISE_LIMITS.products} 个商品`));
  });

  it('refuses a sheet without the required columns, or with nothing under the header, as a whole', () => {
    assert.throws(
      () =>
        readCatalogueSheet(
          rowsOf([
            ['名字', '品牌'],
            ['a', 'b'],
          ]),
        ),
      (e: AppError) => e.code === ResultCode.badRequest && /缺少「商品编码」「商品名称」列/.test(e.message),
    );
    assert.throws(() => readCatalogueSheet(rowsOf([header])), /只有表头/);
    const thousand = Array.from({ length: 1000 }, (_, i) => [`S${i}`, '商品']);
    assert.throws(
      () => readCatalogueSheet(rowsOf([header, ...thousand])),
      new RegExp(`商品表有 1000 行商品，一次最多 ${LOCALISE_LIMITS.products} 个`),
    );
    assert.throws(() => readCatalogueSheet([]), /商品表是空的/);
  });

  it('the template is UTF-8 with a BOM, and its header and example row read back as one product', async () => {
    const template = catalogueTemplate();
    assert.ok(
      template.startsWith('\uFEFF"商品编码","商品名称","品牌","材质","尺寸","卖点","关键词","包装清单"\r\n'),
      template,
    );
    const sheet = readCatalogueSheet(await readSheet(Buffer.from(template, 'utf8'), LIMITS));
    assert.deepEqual(sheet.refused, []);
    assert.equal(sheet.rows.length, 1);
    assert.equal(sheet.rows[0]?.facts.keywords, '保温杯, 水杯, 户外水壶');
  });
});

describe('photo names', () => {
  const codes = ['sku-1', 'sku-1-2', 'b'];

  it('finds the product by the file name, then by the folder, without case', () => {
    const code = (path: string) => placePhoto(path, codes)?.code ?? null;
    assert.equal(code('SKU-1.jpg'), 'sku-1');
    assert.equal(code('photos/Sku-1_3.PNG'), 'sku-1');
    assert.equal(code('SKU-1 (3).jpg'), 'sku-1');
    assert.equal(code('SKU-1（主图）.jpg'), 'sku-1');
    // The longest code wins: `SKU-1-2-1.jpg` is the second photo of SKU-1-2, not of SKU-1.
    assert.equal(code('SKU-1-2-1.jpg'), 'sku-1-2');
    assert.equal(code('SKU-1-2.jpg'), 'sku-1-2');
    assert.equal(code('B/正面.jpg'), 'b');
    assert.equal(code('all/B/detail/1.jpg'), 'b');
    assert.equal(code('SKU-10.jpg'), null);
    assert.equal(code('BX.jpg'), null);
    assert.equal(code('other/1.jpg'), null);
  });

  it('orders a product’s photos: the bare code first, then 主图/main, then naturally (2 before 10)', () => {
    const names = ['SKU-1-10.jpg', 'SKU-1 (2).jpg', 'SKU-1_main.jpg', 'SKU-1-1.jpg', 'SKU-1.jpg'];
    const sorted = names
      .map((name) => ({ name, ...(placePhoto(name, ['sku-1']) as { code: string; sortKey: string }) }))
      .sort(byPhotoOrder)
      .map((p) => p.name);
    assert.deepEqual(sorted, ['SKU-1.jpg', 'SKU-1_main.jpg', 'SKU-1-1.jpg', 'SKU-1 (2).jpg', 'SKU-1-10.jpg']);
    const inFolder = ['B/10.jpg', 'B/2.jpg', 'B/主图.jpg']
      .map((name) => ({ name, ...(placePhoto(name, ['b']) as { code: string; sortKey: string }) }))
      .sort(byPhotoOrder)
      .map((p) => p.name);
    assert.deepEqual(inFolder, ['B/主图.jpg', 'B/2.jpg', 'B/10.jpg']);
  });
});
