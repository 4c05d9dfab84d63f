import { decodeSheetText, parseCsv } from './csv.ts';
import { badSheet } from './sheet-errors.ts';
import type { SheetLimits, SheetRow } from './sheet-row.ts';
import { readXlsx } from './xlsx.ts';

/** What a file is by its first bytes: an XLSX (a ZIP), an old binary .xls, or text that may be CSV. */
function kindOf(bytes: Uint8Array): 'xlsx' | 'xls' | 'text' | 'other' {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'xlsx';
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return 'xls';
  const head = bytes.subarray(0, 4096);
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  // Text has no NUL bytes (except UTF-16) and few control characters besides tab and line breaks.
  const control = head.filter((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d).length;
  return utf16 || (!head.includes(0) && control <= head.length / 100) ? 'text' : 'other';
}

/**
 * The rows of an uploaded sheet with something in them, judged by its content rather than its
 * name: an XLSX's first visible sheet, or a CSV (UTF-8, UTF-16 or GBK; comma, tab or semicolon).
 * Rows keep their numbers as the spreadsheet shows them and their cells come trimmed. A file that
 * is neither is a 400 that says what to upload instead. Runs in the sheet worker (read-sheet.ts).
 */
export async function parseSheet(bytes: Uint8Array, limits: SheetLimits): Promise<SheetRow[]> {
  if (bytes.length === 0) throw badSheet('商品表是空文件，请重新选择');
  const kind = kindOf(bytes);
  if (kind === 'xls') throw badSheet('不支持旧版 Excel（.xls）文件，请在 Excel 里另存为 .xlsx 或 CSV 再上传');
  if (kind === 'other') throw badSheet('商品表只支持 CSV 或 XLSX 文件，请用模板填写后上传');
  const rows = kind === 'xlsx' ? await readXlsx(bytes, limits) : parseCsv(decodeSheetText(bytes), limits);
  return rows.map((row) => ({ row: row.row, cells: row.cells.map((cell) => cell.trim()) }));
}
