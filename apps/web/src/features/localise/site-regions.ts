import { LOCALISE_SITES, type LocaliseSite } from '@chuhai/contract';

/**
 * Where a site's buyers are, as sellers group markets: 「东南亚」 is Shopee, Lazada and TikTok Shop
 * in six countries. Mexico is 拉美 (with Brazil, as Mercado Libre and Shopee sell there), not 北美.
 * The order is the picker's: a marketplace's sites are listed region by region in it.
 */
export const REGIONS = [
  { id: 'north-america', name: '北美', countries: ['US', 'CA'] },
  { id: 'europe', name: '欧洲', countries: ['UK', 'DE', 'FR', 'IT', 'ES', 'NL', 'PL', 'SE'] },
  { id: 'east-asia', name: '日本 · 台湾', countries: ['JP', 'TW'] },
  { id: 'southeast-asia', name: '东南亚', countries: ['SG', 'MY', 'PH', 'TH', 'VN', 'ID'] },
  { id: 'latin-america', name: '拉美', countries: ['MX', 'BR'] },
  { id: 'oceania', name: '澳洲', countries: ['AU'] },
] as const;

export type RegionId = (typeof REGIONS)[number]['id'];

/** The region of a site by its country (the listing rules' site id); undefined for one not placed yet. */
export function regionOf(site: Pick<LocaliseSite, 'site'>): RegionId | undefined {
  return REGIONS.find((region) => (region.countries as readonly string[]).includes(site.site))?.id;
}

/** Where a region comes in REGIONS; a site with no region goes last. */
export const regionRank = (region: RegionId | undefined): number =>
  region === undefined ? REGIONS.length : REGIONS.findIndex((r) => r.id === region);

/** Each region with the ids of the sites in it, every marketplace's; regions no site is in are left out. */
export function regionSites(sites: readonly LocaliseSite[] = LOCALISE_SITES) {
  return REGIONS.map((region) => ({
    id: region.id,
    name: region.name,
    siteIds: sites.filter((site) => regionOf(site) === region.id).map((site) => site.id),
  })).filter((region) => region.siteIds.length > 0);
}

/**
 * `chosen` with `ids` added (on: true) or taken out, in LOCALISE_SITES order: the estimate and the
 * report list the sites in the order the picker shows marketplaces, not in the order they were ticked.
 */
export function toggleSites(chosen: readonly string[], ids: readonly string[], on: boolean): string[] {
  const next = new Set(chosen.filter((id) => !ids.includes(id)));
  if (on) for (const id of ids) next.add(id);
  return LOCALISE_SITES.map((s) => s.id).filter((id) => next.has(id));
}
