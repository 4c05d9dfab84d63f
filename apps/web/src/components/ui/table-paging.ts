import { PAGE_SIZE, type PageSizeName } from '@chuhai/contract';
import type { TablePaginationConfig } from 'antd';

/**
 * The pager of a table that shows one server page at a time: the page size is the contract's for
 * this list, so the table and the server always agree on where a page starts.
 */
export function serverPaging(
  list: PageSizeName,
  page: { pageNo: number; onPage: (pageNo: number) => void; total: number | undefined },
  extra: TablePaginationConfig = { hideOnSinglePage: true },
): TablePaginationConfig {
  return {
    current: page.pageNo,
    pageSize: PAGE_SIZE[list],
    total: page.total ?? 0,
    onChange: page.onPage,
    showSizeChanger: false,
    ...extra,
  };
}
