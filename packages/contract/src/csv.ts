/**
 * CSV text that Excel, WPS and LibreOffice open safely in any locale. Used by every CSV the product
 * exports: the listing and admin exports in the browser, 批量处理's report.csv, and 一键出海's
 * report.csv, per-site CSVs, listing.csv files and catalogue template on the server.
 *
 * Why every cell is quoted and defused after separators too, not only at its start: a spreadsheet
 * picks the separator by locale (German and French Excel split on `;`, others on tab or `|`), and a
 * reader that ignores quotes splits wherever one appears. The product name
 * `蓝牙耳机;=cmd|' /C calc'!A0;`, written unquoted, was a formula in its second cell in German Excel.
 * So each cell is quoted (inner quotes doubled), and wherever a cell could begin under any of those
 * splits (its start, or after `,` `;` tab `|` or a line break, past any spaces) a formula prefix
 * (= + - @, tab, carriage return, NUL; OWASP's and ASVS 1.2.10's list) gets an apostrophe before it.
 * The apostrophe stays visible; that is the price of text that is never run. A piece that is
 * exactly a number (`-12.5`) is no formula and stays as written; `+86 138…` is not a number to a
 * spreadsheet (it would run `+86` and drop the rest), so a phone number keeps its text with `'`.
 */
export function csvText(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
}

/**
 * A whole CSV file as the product hands it out: UTF-8 with a BOM and a closing CRLF. Without the BOM,
 * Excel on Chinese Windows reads the bytes as GBK and every Chinese word comes out garbled.
 */
export function csvFile(header: string[], rows: (string | number | null)[][]): string {
  return `\uFEFF${csvText(header, rows)}\r\n`;
}

/** One cell: always quoted, inner quotes doubled, and every place a formula could start defused. */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : typeof value === 'number' ? String(value) : defused(value);
  return `"${text.replaceAll('"', '""')}"`;
}

/** Characters some locale or reader splits a line on: a cell can begin right after any of them. */
const SEPARATOR = /[,;\t|\r\n]/;
/** Where a cell could begin (the text's start or after a separator), past any spaces, a formula prefix. */
const FORMULA_START = /(?<=^|[,;\t|\r\n])(\p{Zs}*)(?=[=+\-@\t\r\0])/gu;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** The text with an apostrophe before each formula prefix that could begin a cell. */
function defused(text: string): string {
  return text.replace(FORMULA_START, (_match: string, spaces: string, offset: number) => {
    const start = offset + spaces.length;
    // The piece a splitting reader would see: up to the next separator (a leading tab or CR is one).
    const end = text.slice(start + 1).search(SEPARATOR);
    const piece = text.slice(start, end === -1 ? undefined : start + 1 + end);
    return NUMBER.test(piece.trimEnd()) ? spaces : `${spaces}'`;
  });
}
