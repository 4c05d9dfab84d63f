import { csvFile } from '@chuhai/contract';

/** Saves rows as a CSV file Excel opens correctly (UTF-8 with a BOM; cells defused by `csvText`). */
export function downloadCsv(fileName: string, header: string[], rows: (string | number | null)[][]): void {
  const url = URL.createObjectURL(new Blob([csvFile(header, rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
