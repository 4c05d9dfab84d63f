import { PAGE_SIZE, type PageSizeName } from '@chuhai/contract';

/** A list call's paging as it arrives (the schema fills the defaults; types still say optional). */
export interface PageParams {
  pageNo?: number;
  pageSize?: number;
}

/** Where a page starts and how many rows it holds: what a repository's page query takes. */
export interface PageWindow {
  offset: number;
  limit: number;
}

export interface PageOf<Item> {
  list: Item[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** The page asked for, with the list's default size filled in, and where it starts. */
export function pageWindow(
  params: PageParams,
  list: PageSizeName,
): PageWindow & { pageNo: number; pageSize: number } {
  const pageNo = params.pageNo ?? 1;
  const pageSize = params.pageSize ?? PAGE_SIZE[list];
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize, limit: pageSize };
}

/**
 * One page of a list, each row mapped to what the client sees. Page sizes default to the contract's
 * `PAGE_SIZE` for this list. The total is counted only when the page cannot tell it: a page that
 * is not full is the last one, and most sellers' lists fit on their first page.
 */
export async function paginate<Row, Item>(
  params: PageParams,
  list: PageSizeName,
  query: { rows(window: PageWindow): Promise<Row[]>; total(): Promise<number> },
  toItem: (row: Row) => Item,
): Promise<PageOf<Item>> {
  const { pageNo, pageSize, ...window } = pageWindow(params, list);
  const rows = await query.rows(window);
  const lastPage = rows.length < window.limit && (rows.length > 0 || window.offset === 0);
  const total = lastPage ? window.offset + rows.length : await query.total();
  return { list: rows.map(toItem), total, pageNo, pageSize };
}
