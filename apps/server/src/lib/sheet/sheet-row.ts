/** One row of a spreadsheet: its number as the spreadsheet shows it (from 1) and its cells by column. */
export interface SheetRow {
  row: number;
  /** Column A first; an empty cell between two filled ones is ''. */
  cells: string[];
}

/**
 * What reading one uploaded sheet may cost. Past any of them the upload is a 400 that names the
 * limit, except columns: cells right of `maxColumns` are left out (a catalogue needs a handful).
 */
export interface SheetLimits {
  /** Rows with something in them; empty rows are skipped and cost nothing but their bytes. */
  maxRows: number;
  maxColumns: number;
  /** Each XML part of an XLSX, unpacked. */
  maxUnpackedBytes: number;
  /** Entries in an XLSX's ZIP directory (Excel writes 10–30; a sheet with pictures, a few more). */
  maxEntries: number;
}
