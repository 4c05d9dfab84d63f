import { formatDate, LISTING_CSV_HEADER, type Listing, listingCsvRow } from '@chuhai/contract';
import { downloadCsv } from '../../lib/csv';
import { formatDateTime } from '../../lib/format';

/**
 * One row per listing (one marketplace, site and language), bullets in columns of their own; the
 * columns are the contract's, which 一键出海's listing.csv uses too.
 */
export function listingCsvRows(listings: Listing[]): { header: string[]; rows: string[][] } {
  const rows = listings.map((l) =>
    listingCsvRow(l, {
      created: formatDateTime(l.createdAt, { seconds: true }),
      updated: formatDateTime(l.updatedAt, { seconds: true }),
    }),
  );
  return { header: LISTING_CSV_HEADER, rows };
}

export function exportListings(listings: Listing[]): void {
  const { header, rows } = listingCsvRows(listings);
  downloadCsv(`listings-${formatDate(Date.now()).replaceAll('-', '')}.csv`, header, rows);
}
