import {
  LISTING_LANGUAGES,
  type ListingLanguage,
  type ListingText,
  type LocaliseRuleResult,
  type LocaliseSite,
} from '@chuhai/contract';

/**
 * Which language a listing is written in, told by its small words: every paragraph of copy has
 * several of a language's articles and prepositions, and few of another's. A model asked for German
 * that answers in English passes every length and word rule, so this is the one check that sees it.
 */
const SMALL_WORDS: Record<Exclude<ListingLanguage, 'ja'>, readonly string[]> = {
  en: ['the', 'and', 'with', 'for', 'your', 'this', 'that', 'from', 'is', 'are', 'of', 'to', 'it'],
  de: [
    'und',
    'der',
    'die',
    'das',
    'mit',
    'für',
    'ist',
    'nicht',
    'ein',
    'eine',
    'den',
    'dem',
    'zu',
    'von',
    'sie',
  ],
  fr: ['les', 'et', 'avec', 'pour', 'une', 'des', 'est', 'vous', 'votre', 'dans', 'sur', 'du', 'au', 'le'],
  it: ['il', 'con', 'per', 'della', 'delle', 'gli', 'è', 'sono', 'non', 'nel', 'alla', 'dei', 'e', 'di'],
  es: ['el', 'los', 'las', 'y', 'para', 'es', 'del', 'por', 'que', 'su', 'sus', 'sin', 'en', 'de'],
};

/** Fewer small words than this in all: too little text to tell (a title alone). */
const ENOUGH = 6;
/** Kana this many or more: Japanese (a Japanese listing has hundreds; English none). */
const KANA = 5;

/** The language the text reads as, or null when there is too little to tell. */
export function writtenLanguage(text: string): ListingLanguage | null {
  if ((text.match(/[\u3040-\u30ff]/g) ?? []).length >= KANA) return 'ja';
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const hits = Object.entries(SMALL_WORDS).map(([language, small]) => ({
    language: language as ListingLanguage,
    count: words.filter((word) => small.includes(word)).length,
  }));
  if (hits.reduce((sum, hit) => sum + hit.count, 0) < ENOUGH) return null;
  return hits.reduce((best, hit) => (hit.count > best.count ? hit : best)).language;
}

/** 「用站点的语言撰写」: a must, since buyers on the site cannot read another language's listing. */
export function listingLanguageRule(site: LocaliseSite, text: ListingText): LocaliseRuleResult {
  const found = writtenLanguage([text.title, ...text.bullets, text.description].join('\n'));
  const wanted = LISTING_LANGUAGES[site.language];
  const pass = found === null || found === site.language;
  return {
    scope: 'listing',
    place: '全文',
    ruleId: 'listing.language',
    level: 'required',
    pass,
    message: pass ? `用${wanted}撰写` : `listing 读起来是${LISTING_LANGUAGES[found]}，不是站点的${wanted}`,
    todo: pass ? '' : `在 Listing 工作台打开这个站点的 listing，重新撰写或改成${wanted}`,
  };
}
