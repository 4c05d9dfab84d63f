import { findSite, formatDate, LISTING_LANGUAGES, type Listing, MARKETPLACES } from '@chuhai/contract';
import { downloadCsv } from '../../lib/csv';
import { formatDateTime } from '../../lib/format';

const BULLET_COLUMNS = 5;

/**
 * One row per listing (one marketplace, site and language), bullets in columns of their own. The
 * product name comes first and the times to the second, so several writes of one product tell apart.
 */
export function listingCsvRows(listings: Listing[]): { header: string[]; rows: string[][] } {
  const header = [
    '商品名称',
    '平台',
    '站点',
    '语言',
    '标题',
    ...Array.from({ length: BULLET_COLUMNS }, (_, i) => `五点描述 ${i + 1}`),
    '商品描述',
    '搜索关键词',
    '规则检查',
    '写于',
    '更新时间',
  ];
  const rows = listings.map((l) =>
    [
      l.facts.productName,
      MARKETPLACES[l.marketplace].name,
      findSite(l.marketplace, l.site)?.name ?? l.site,
      LISTING_LANGUAGES[l.language],
      l.text.title,
      ...Array.from({ length: BULLET_COLUMNS }, (_, i) => l.text.bullets[i] ?? ''),
      l.text.description,
      l.text.searchTerms,
      l.issues.length === 0
        ? '通过'
        : l.issues.map((i) => `${i.level === 'required' ? '必须' : '建议'}：${i.message}`).join('；'),
      formatDateTime(l.createdAt, { seconds: true }),
      formatDateTime(l.updatedAt, { seconds: true }),
    ].map(String),
  );
  return { header, rows };
}

export function exportListings(listings: Listing[]): void {
  const { header, rows } = listingCsvRows(listings);
  downloadCsv(`listings-${formatDate(Date.now()).replaceAll('-', '')}.csv`, header, rows);
}
