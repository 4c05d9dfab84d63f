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
