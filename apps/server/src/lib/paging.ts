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
 * One page of a list: runs the page's rows and the total count together and maps each row to what
 * the client sees. Page sizes default to the contract's `PAGE_SIZE` for this list.
 */
export async function paginate<Row, Item>(
  params: PageParams,
  list: PageSizeName,
  query: { rows(window: PageWindow): Promise<Row[]>; total(): Promise<number> },
  toItem: (row: Row) => Item,
): Promise<PageOf<Item>> {
  const { pageNo, pageSize, ...window } = pageWindow(params, list);
  const [rows, total] = await Promise.all([query.rows(window), query.total()]);
  return { list: rows.map(toItem), total, pageNo, pageSize };
}
