import { parseCsv } from '../src/lib/sheet/csv.ts';

/**
 * An exported CSV as a spreadsheet reads it (by the catalogue's own reader): each record's cells
 * joined by `,`, records by CRLF, so a test matches what the seller sees, not how it was quoted.
 */
export function csvAsRead(csv: string): string {
  return parseCsv(csv.replace(/^\uFEFF/, ''))
    .map((record) => record.cells.join(','))
    .join('\r\n');
}

/**
 * A CSV file's bytes as Excel on Chinese Windows reads them: UTF-8 when they start with a BOM,
 * otherwise the system's code page, GBK (read here as its superset GB18030).
 */
export function asExcelOnChineseWindows(bytes: Uint8Array): string {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return new TextDecoder(bom ? 'utf-8' : 'gb18030').decode(bytes);
}
