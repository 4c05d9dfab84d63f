import { strToU8, zipSync } from 'fflate';

const esc = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const column = (index: number) => {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';
const PACKAGE_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';

/** The parts of the smallest XLSX a generator writes: one sheet, every cell an inline string. */
export function inlineParts(rows: string[][]): Record<string, Uint8Array> {
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells
          .map((cell, c) =>
            cell === '' ? '' : `<c r="${column(c)}${r + 1}" t="inlineStr"><is><t>${esc(cell)}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('')}</sheetData></worksheet>`;
  return {
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    '_rels/.rels': strToU8(PACKAGE_RELS),
    'xl/workbook.xml': strToU8(
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="商品" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(sheet),
  };
}

/** The smallest XLSX a generator writes: one sheet, every cell an inline string. */
export function inlineXlsx(rows: string[][]): Buffer {
  return Buffer.from(zipSync(inlineParts(rows)));
}

/** A number cell with a number format, as Excel keeps 00123 typed into a cell formatted `00000`. */
export interface FormattedNumber {
  number: string;
  format: string;
}

/**
 * An XLSX laid out as Excel saves one: shared strings (with `xml:space`, counts, a rich-text run
 * split in two and a phonetic guide), styles, row spans, a hidden first sheet before the one with the
 * products, the sheet's relationship by absolute path, and empty cells simply missing (`A1`, `C1`).
 * A cell that reads as a number is written as one (`<v>`), as Excel keeps 750 or 10001; text (and
 * 00123) is in a cell formatted as text (`@`); a `FormattedNumber` is a number under its own format (`<numFmt>`).
 */
export function excelLikeXlsx(rows: (string | FormattedNumber)[][]): Buffer {
  const formats: string[] = [];
  const styleOf = (format: string) => {
    if (!formats.includes(format)) formats.push(format);
    return 3 + formats.indexOf(format);
  };
  const strings: string[] = [];
  const indexOf = (text: string) => {
    const at = strings.indexOf(text);
    if (at >= 0) return at;
    strings.push(text);
    return strings.length - 1;
  };
  const cell = (text: string | FormattedNumber, ref: string) => {
    if (typeof text !== 'string')
      return `<c r="${ref}" s="${styleOf(text.format)}"><v>${text.number}</v></c>`;
    if (text === '') return '';
    // 00123 keeps its zeros only as text: Excel would have stored a number typed so as 123.
    if (/^\d+(\.\d+)?$/.test(text) && !/^0\d/.test(text)) return `<c r="${ref}" s="1"><v>${text}</v></c>`;
    return `<c r="${ref}" s="2" t="s"><v>${indexOf(text)}</v></c>`;
  };
  const sheetData = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}" spans="1:${cells.length}" x14ac:dyDescent="0.25">${cells.map((text, c) => cell(text, `${column(c)}${r + 1}`)).join('')}</row>`,
    )
    .join('');
  // The first string is written as Excel writes text with mixed formatting: runs, and a phonetic guide.
  const si = strings
    .map((text, i) => {
      if (i === 0 && text.length > 1) {
        const half = Math.ceil(text.length / 2);
        return `<si><r><rPr><b/><sz val="11"/></rPr><t>${esc(text.slice(0, half))}</t></r><r><rPr><sz val="11"/></rPr><t xml:space="preserve">${esc(text.slice(half))}</t></r><rPh sb="0" eb="1"><t>ふりがな</t></rPh><phoneticPr fontId="1"/></si>`;
      }
      return `<si><t xml:space="preserve">${esc(text).replaceAll('\r', '_x000D_')}</t></si>`;
    })
    .join('');
  const ns =
    'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"';
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(CONTENT_TYPES),
      '_rels/.rels': strToU8(PACKAGE_RELS),
      'docProps/app.xml': strToU8('<Properties><Application>Microsoft Excel</Application></Properties>'),
      'xl/workbook.xml': strToU8(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<workbook ${ns}><fileVersion appName="xl" lastEdited="7"/><bookViews><workbookView xWindow="0" yWindow="0" activeTab="1"/></bookViews><sheets><sheet name="说明" sheetId="2" state="hidden" r:id="rId2"/><sheet name="商品表" sheetId="1" r:id="rId1"/></sheets><calcPr calcId="191029"/></workbook>`,
      ),
      'xl/_rels/workbook.xml.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet1.xml"/><Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
      ),
      'xl/styles.xml': strToU8(
        `<styleSheet ${ns}><numFmts count="${formats.length}">${formats.map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${esc(f)}"/>`).join('')}</numFmts><cellStyleXfs count="1"><xf numFmtId="0" fontId="0"/></cellStyleXfs><cellXfs count="${3 + formats.length}"><xf numFmtId="0" fontId="0" xfId="0"/><xf numFmtId="0" fontId="0" xfId="0"/><xf numFmtId="49" fontId="0" xfId="0" applyNumberFormat="1"/>${formats.map((_, i) => `<xf numFmtId="${164 + i}" fontId="0" xfId="0" applyNumberFormat="1"/>`).join('')}</cellXfs></styleSheet>`,
      ),
      'xl/sharedStrings.xml': strToU8(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<sst ${ns} count="${strings.length}" uniqueCount="${strings.length}">${si}</sst>`,
      ),
      'xl/worksheets/sheet2.xml': strToU8(
        `<worksheet ${ns}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>这一页是说明，不是商品</t></is></c></row></sheetData></worksheet>`,
      ),
      'xl/worksheets/sheet1.xml': strToU8(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<worksheet ${ns}><dimension ref="A1:H${rows.length}"/><sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols><col min="1" max="8" width="12" customWidth="1"/></cols><sheetData>${sheetData}</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`,
      ),
    }),
  );
}

/** A ZIP of photos, stored as a seller's zip tool would (names with folders, deflated). */
export function photosZip(entries: Record<string, Uint8Array>): Buffer {
  return Buffer.from(zipSync(entries, { level: 6 }));
}
