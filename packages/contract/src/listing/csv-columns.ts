import { findSite, MARKETPLACES } from './rules.ts';
import {
  LISTING_LANGUAGES,
  type ListingIssue,
  type ListingLanguage,
  type ListingText,
  type MarketplaceId,
} from './types.ts';

const BULLET_COLUMNS = 5;

/**
 * The listing export's columns, one row per listing: the product name first and the times last, so
 * several writes of one product tell apart. Listing 工作台's CSV and 一键出海's listing.csv share them.
 */
export const LISTING_CSV_HEADER = [
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

/** One listing's cells; the times come written as the reader's clock shows them. */
export function listingCsvRow(
  listing: {
    facts: { productName: string };
    marketplace: MarketplaceId;
    site: string;
    language: ListingLanguage;
    text: ListingText;
    issues: ListingIssue[];
  },
  times: { created: string; updated: string },
): string[] {
  const { text, issues } = listing;
  return [
    listing.facts.productName,
    MARKETPLACES[listing.marketplace].name,
    findSite(listing.marketplace, listing.site)?.name ?? listing.site,
    LISTING_LANGUAGES[listing.language],
    text.title,
    ...Array.from({ length: BULLET_COLUMNS }, (_, i) => text.bullets[i] ?? ''),
    text.description,
    text.searchTerms,
    issues.length === 0
      ? '通过'
      : issues.map((i) => `${i.level === 'required' ? '必须' : '建议'}：${i.message}`).join('；'),
    times.created,
    times.updated,
  ];
}
