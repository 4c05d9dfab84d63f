import { amazonRules } from './marketplaces/amazon.ts';
import { ebayRules } from './marketplaces/ebay.ts';
import { lazadaRules } from './marketplaces/lazada.ts';
import { mercadoLibreRules } from './marketplaces/mercado-libre.ts';
import { shopeeRules } from './marketplaces/shopee.ts';
import { temuRules } from './marketplaces/temu.ts';
import { tiktokRules } from './marketplaces/tiktok.ts';
import type { ListingField, ListingSite, MarketplaceId, MarketplaceRules } from './types.ts';

export const MARKETPLACES: Record<MarketplaceId, MarketplaceRules> = {
  amazon: amazonRules,
  tiktok: tiktokRules,
  shopee: shopeeRules,
  lazada: lazadaRules,
  mercadolibre: mercadoLibreRules,
  temu: temuRules,
  ebay: ebayRules,
};

export const LISTING_FIELD_NAMES: Record<ListingField, string> = {
  title: '标题',
  bullets: '五点描述',
  description: '商品描述',
  searchTerms: '搜索关键词',
};

export function findSite(marketplace: MarketplaceId, siteId: string): ListingSite | undefined {
  return MARKETPLACES[marketplace].sites.find((site) => site.id === siteId);
}

/** The fields a marketplace's listing has, in the order the seller fills them in. */
export function listingFields(marketplace: MarketplaceId): ListingField[] {
  const rules = MARKETPLACES[marketplace];
  return [
    'title',
    ...(rules.bullets > 0 ? (['bullets'] as const) : []),
    'description',
    ...(rules.searchTerms ? (['searchTerms'] as const) : []),
  ];
}

/** 「亚马逊 · 德国站」 */
export function targetName(marketplace: MarketplaceId, siteId: string): string {
  return `${MARKETPLACES[marketplace].name} · ${findSite(marketplace, siteId)?.name ?? siteId}`;
}
