import {
  LISTING_LANGUAGES,
  LOCALISE_SITES,
  type LocaliseSite,
  MARKETPLACES,
  type MarketplaceId,
} from '@chuhai/contract';

export interface SiteGroup {
  marketplace: MarketplaceId;
  /** 「亚马逊」 */
  name: string;
  sites: { id: string; label: string; language: string }[];
}

/** The sites a job may go to, by marketplace in the order the rules list them: 「美国站 · 英语」. */
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
    group.sites.push({ id: site.id, label: siteName, language: LISTING_LANGUAGES[site.language] });
    groups.set(site.marketplace, group);
  }
  return [...groups.values()];
}

/** `chosen` with a whole marketplace's sites added (all: true) or taken out, in LOCALISE_SITES order. */
export function toggleMarketplace(chosen: readonly string[], group: SiteGroup, all: boolean): string[] {
  const ids = new Set(group.sites.map((s) => s.id));
  const next = new Set(chosen.filter((id) => !ids.has(id)));
  if (all) for (const id of ids) next.add(id);
  return LOCALISE_SITES.map((s) => s.id).filter((id) => next.has(id));
}
