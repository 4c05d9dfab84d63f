/** One row of a spreadsheet: its number as the spreadsheet shows it (from 1) and its cells by column. */
export interface SheetRow {
  row: number;
  /** Column A first; an empty cell between two filled ones is ''. */
  cells: string[];
}
