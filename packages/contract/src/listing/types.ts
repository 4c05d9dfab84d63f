/**
 * Listing 工作台: what a listing is, what a marketplace's rule about it looks like, and what breaking
 * one reports. The rules themselves are data, one file per marketplace under `marketplaces/`.
 */

/** The written parts of a listing. Not every marketplace has every part (see `MarketplaceRules.fields`). */
export interface ListingText {
  title: string;
  /** Amazon's key product features; empty where the marketplace has none. */
  bullets: string[];
  description: string;
  /** Amazon's backend search terms; empty where the marketplace has none. */
  searchTerms: string;
}

export type ListingField = keyof ListingText;

/** A requirement breaks the listing (suppressed, rejected); a recommendation only costs reach. */
export type RuleLevel = 'required' | 'recommended';

export type RuleCheck =
  | { kind: 'maxChars'; limit: number }
  | { kind: 'minChars'; limit: number }
  /** UTF-8 bytes: a German ü counts 2, a Japanese character 3. */
  | { kind: 'maxBytes'; limit: number }
  | { kind: 'minWords'; limit: number }
  /** For bullets: how many there may be. */
  | { kind: 'maxItems'; limit: number }
  | { kind: 'minItems'; limit: number }
  /** Each of `chars` is refused, except inside the brand name when `exceptBrand`. */
  | { kind: 'forbiddenChars'; chars: string; exceptBrand?: boolean }
  | { kind: 'noEmoji' }
  /** No word more than `limit` times; articles, prepositions and conjunctions do not count. */
  | { kind: 'maxWordRepeats'; limit: number }
  /** Case-insensitive, on word boundaries where the phrase starts or ends with a letter. */
  | { kind: 'bannedPhrases'; phrases: readonly string[] }
  /** Web addresses and e-mail addresses: every marketplace keeps buyers on its own pages. */
  | { kind: 'noContact' };

export type ListingRule = RuleCheck & {
  id: string;
  field: ListingField;
  level: RuleLevel;
  /** The rule in Chinese, as the seller reads it beside the field. */
  text: string;
  /** Where the rule is written, with the date it was read. */
  source: string;
};

export interface ListingSite {
  /** Upper case, as the marketplaces write it: US, UK, DE, JP. */
  id: string;
  name: string;
  /** The language the site's buyers read, the default for a listing there. */
  language: ListingLanguage;
  /** Said under the marketplace's rules in docs/listing-rules.md: where the site's rules come from. */
  note?: string;
}

export interface MarketplaceRules {
  id: MarketplaceId;
  name: string;
  sites: readonly ListingSite[];
  /** How many bullets the marketplace shows (0: none). */
  bullets: number;
  searchTerms: boolean;
  rules: readonly ListingRule[];
}

export const MARKETPLACE_IDS = [
  'amazon',
  'tiktok',
  'shopee',
  'lazada',
  'mercadolibre',
  'temu',
  'ebay',
] as const;
export type MarketplaceId = (typeof MARKETPLACE_IDS)[number];

export const LISTING_LANGUAGES = {
  en: '英语',
  de: '德语',
  fr: '法语',
  it: '意大利语',
  es: '西班牙语',
  ja: '日语',
  /** Traditional characters and the words Taiwan's buyers use (Shopee 台湾站). */
  'zh-TW': '繁体中文',
  th: '泰语',
  vi: '越南语',
  id: '印尼语',
  ms: '马来语',
  /**
   * A regional variant is worded for its buyers (Brazil's and Mexico's words, not Portugal's or
   * Spain's) and told by the language rule as its base language, pt and es (docs/decisions.md).
   */
  'pt-BR': '葡萄牙语（巴西）',
  'es-MX': '西班牙语（墨西哥）',
  nl: '荷兰语',
  pl: '波兰语',
  sv: '瑞典语',
} as const;
export type ListingLanguage = keyof typeof LISTING_LANGUAGES;

/** One broken rule, where it is broken, and by how much. */
export interface ListingIssue {
  ruleId: string;
  field: ListingField;
  /** The bullet's index, for a rule on each bullet. */
  index?: number;
  level: RuleLevel;
  /** In Chinese, with the measured value: 「标题 214 个字符，上限 200」. */
  message: string;
}
