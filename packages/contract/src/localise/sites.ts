import { MARKETPLACES, targetName } from '../listing/rules.ts';
import type { ListingLanguage, MarketplaceId } from '../listing/types.ts';
import type { ImageMarketplaceId } from '../main-image/rules.ts';

/**
 * 一键出海: a site the seller can pick, with the language its buyers read and the rules a listing and
 * a main image there are checked against. Derived from the listing rules' sites, so a site is offered
 * only where both its listing rules and its marketplace's main-image rules exist.
 */
export interface LocaliseSite {
  /** `amazon-DE`: marketplace and site, as the request names it. */
  id: string;
  marketplace: MarketplaceId;
  /** The listing rules' site id (US, DE, SG). */
  site: string;
  /** 「亚马逊 · 德国站」 */
  name: string;
  /** The listing's language, and the language the detail pictures are translated into. */
  language: ListingLanguage;
  /** The main-image rule set (MAIN_IMAGE_RULE_SETS) the site's main image is made for. */
  imageRules: ImageMarketplaceId;
}

/** Every marketplace has a main-image rule set of the same id. */
const IMAGE_RULES: Record<MarketplaceId, ImageMarketplaceId> = {
  amazon: 'amazon',
  tiktok: 'tiktok',
  shopee: 'shopee',
  lazada: 'lazada',
  mercadolibre: 'mercadolibre',
  temu: 'temu',
  ebay: 'ebay',
};

export const LOCALISE_SITES: readonly LocaliseSite[] = Object.values(MARKETPLACES).flatMap((rules) =>
  rules.sites.map((site) => ({
    id: `${rules.id}-${site.id}`,
    marketplace: rules.id,
    site: site.id,
    name: targetName(rules.id, site.id),
    language: site.language,
    imageRules: IMAGE_RULES[rules.id],
  })),
);

export function findLocaliseSite(id: string): LocaliseSite | undefined {
  return LOCALISE_SITES.find((site) => site.id === id);
}

/**
 * Sites sellers ask for whose listing rules may not be written yet: the page names those of them
 * that are not offered, and says nothing once every one is (adding one means writing its listing
 * rules in packages/contract/src/listing/marketplaces).
 */
const ASKED_FOR_SITES: readonly { id: string; name: string }[] = [
  { id: 'amazon-MX', name: '亚马逊墨西哥站' },
  { id: 'amazon-CA', name: '亚马逊加拿大站' },
  { id: 'amazon-AU', name: '亚马逊澳大利亚站' },
  { id: 'amazon-NL', name: '亚马逊荷兰站' },
  { id: 'amazon-PL', name: '亚马逊波兰站' },
  { id: 'amazon-SE', name: '亚马逊瑞典站' },
];

const missingSites = ASKED_FOR_SITES.filter(
  (site) => !LOCALISE_SITES.some((offered) => offered.id === site.id),
);

/** 「亚马逊墨西哥站、亚马逊加拿大站（还没有 listing 规则）」, or '' once every site asked for is offered. */
export const LOCALISE_MISSING_SITES =
  missingSites.length === 0
    ? ''
    : `${missingSites.map((site) => site.name).join('、')}（还没有 listing 规则）`;

/** How many detail pictures one product may bring, and how many sites one job may ask for. */
export const LOCALISE_LIMITS = {
  detailPictures: 8,
  /** Products in one job (a catalogue's rows). */
  products: 50,
  /**
   * Sites in one job: a job is at most 50 × 20 = 1000 product × site, the size the job core's
   * roll-up and race tests run at. The offer (LOCALISE_SITES) is larger; a seller sends the rest
   * in a second job.
   */
  sites: 20,
  /** A job, its results and its files are kept this long. */
  keepDays: 7,
  /** `POST /api/v1/localise/catalogue`: the sheet, and the ZIP of photos (each photo at most UPLOAD_LIMITS.maxBytes). */
  catalogue: {
    sheetBytes: 2 * 1024 * 1024,
    /** Each XML part of an XLSX, unpacked. */
    sheetUnpackedBytes: 20 * 1024 * 1024,
    zipBytes: 300 * 1024 * 1024,
    /** Entries read from the ZIP, photos or not, and the bytes unpacked from it (a ZIP bomb stops here). */
    zipEntries: 1000,
    zipUnpackedBytes: 600 * 1024 * 1024,
    /**
     * Pixels decoded from the ZIP's photos, by their headers, before any is decoded: about 120 phone
     * photos of 12 megapixels, a minute or two of one thread; past it a photo is skipped with why.
     */
    photoPixels: 1_500_000_000,
  },
} as const;
