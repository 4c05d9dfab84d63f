import {
  LISTING_LANGUAGES,
  LOCALISE_SITES,
  type LocaliseSite,
  MARKETPLACES,
  type MarketplaceId,
} from '@chuhai/contract';
import { type RegionId, regionOf, regionRank, toggleSites } from './site-regions';

export interface SiteGroup {
  marketplace: MarketplaceId;
  /** 「亚马逊」 */
  name: string;
  sites: { id: string; label: string; language: string; region: RegionId | undefined }[];
}

/**
 * The sites a job may go to, by marketplace in the order the rules list them, each marketplace's
 * sites region by region (亚马逊: 美国站, 加拿大站, then Europe…): 「美国站」 read in 「英语」.
 */
export function siteGroups(sites: readonly LocaliseSite[] = LOCALISE_SITES): SiteGroup[] {
  const groups = new Map<MarketplaceId, SiteGroup>();
  for (const site of sites) {
    const rules = MARKETPLACES[site.marketplace];
    const group = groups.get(site.marketplace) ?? {
      marketplace: site.marketplace,
      name: rules.name,
      sites: [],
    };
    const siteName = rules.sites.find((s) => s.id === site.site)?.name ?? site.site;
    group.sites.push({
      id: site.id,
      label: siteName,
      language: LISTING_LANGUAGES[site.language],
      region: regionOf(site),
    });
    groups.set(site.marketplace, group);
  }
  // Array.prototype.sort is stable: within a region the rules' order stays.
  for (const group of groups.values())
    group.sites.sort((a, b) => regionRank(a.region) - regionRank(b.region));
  return [...groups.values()];
}

/** `chosen` with a whole marketplace's sites added (all: true) or taken out, in LOCALISE_SITES order. */
export function toggleMarketplace(chosen: readonly string[], group: SiteGroup, all: boolean): string[] {
  return toggleSites(
    chosen,
    group.sites.map((s) => s.id),
    all,
  );
}
