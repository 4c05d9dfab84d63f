/**
 * Saves rows as a CSV file Excel opens correctly (UTF-8 with a BOM; quotes doubled). A text cell
 * that Excel would run as a formula (= + - @ first, as in 「- 防漏设计」 or a crafted nickname) gets
 * a leading apostrophe; numbers, negative ones included, stay numbers.
 */
export function downloadCsv(fileName: string, header: string[], rows: (string | number | null)[][]): void {
  const url = URL.createObjectURL(
    new Blob([`\uFEFF${csvText(header, rows)}`], { type: 'text/csv;charset=utf-8' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

export function csvText(header: string[], rows: (string | number | null)[][]): string {
  const cell = (value: string | number | null) => {
    let text = value === null ? '' : String(value);
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text))
      text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n');
}
