/**
 * CSV text that Excel and WPS open safely: quotes doubled, and a text cell a spreadsheet would run
 * as a formula (= + - @, or a tab or carriage return first, as in 「- 防漏设计」 or a crafted file name)
 * gets a leading apostrophe; numbers, negative ones included, stay numbers. Used by the listing
 * export in the browser and by the batch job's report.csv on the server.
 */
export function csvText(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
}

export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text))
    text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
