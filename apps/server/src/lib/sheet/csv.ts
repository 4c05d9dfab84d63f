import { tooManyRows } from './sheet-errors.ts';
import type { SheetLimits, SheetRow } from './sheet-row.ts';

/**
 * A CSV file's bytes as text, in the encodings spreadsheets save: UTF-8 (with or without BOM),
 * UTF-16 (Excel's 「Unicode 文本」, with BOM), and GB18030/GBK when the bytes are no valid UTF-8
 * (Excel on Chinese Windows saves 「CSV（逗号分隔）」 in GBK).
 */
export function decodeSheetText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** The separator of the first line, outside quotes: comma, or tab / semicolon where those are more. */
function separatorOf(text: string): string {
  const counts: Record<string, number> = { ',': 0, '\t': 0, ';': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char] = (counts[char] ?? 0) + 1;
  }
  const [best] = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/**
 * The records of a CSV text with something in them, as a spreadsheet shows them (RFC 4180: quoted
 * fields may hold the separator, line breaks and doubled quotes; CRLF, LF or CR end a record).
 * `row` counts records from 1, as Excel numbers its rows, so a cell with a line break does not
 * shift the rows below it. Excel's `sep=` line, when there is one, is the separator and not a row.
 * One pass over the text; cells right of `maxColumns` are skipped, past `maxRows` rows it stops (400).
 */
export function parseCsv(
  csv: string,
  limits: Pick<SheetLimits, 'maxRows' | 'maxColumns'> = { maxRows: Infinity, maxColumns: Infinity },
): SheetRow[] {
  // Excel's own hint `sep=;` on the first line names the separator and is not a row.
  const hint = /^sep=(.)\r?\n?/i.exec(csv);
  const text = hint ? csv.slice(hint[0].length) : csv;
  const separator = hint?.[1] ?? separatorOf(text);
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let row = 1;
  const endCell = () => {
    if (cells.length < limits.maxColumns) cells.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    if (cells.some((c) => c.trim() !== '')) rows.push({ row, cells });
    if (rows.length > limits.maxRows) throw tooManyRows(limits.maxRows);
    cells = [];
    row += 1;
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === separator) endCell();
    else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
    } else cell += char;
  }
  // The last record, unless the text ended with a line break.
  if (cell !== '' || cells.length > 0 || quoted) endRow();
  return rows;
}
