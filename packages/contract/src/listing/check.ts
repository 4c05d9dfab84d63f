import { findContact } from './contact.ts';
import { LISTING_FIELD_NAMES, MARKETPLACES } from './rules.ts';
import type { ListingIssue, ListingLanguage, ListingRule, ListingText, MarketplaceId } from './types.ts';

/** Counted as the marketplaces count: characters are code points (an emoji is one), bytes are UTF-8. */
export const countChars = (text: string): number => [...text].length;
const encoder = new TextEncoder();
export const countBytes = (text: string): number => encoder.encode(text).length;

/**
 * Articles, prepositions and conjunctions, which Amazon's "no word more than twice" leaves out, in
 * the languages a listing is written in (and Japanese particles, which a word segmenter splits off).
 */
const FUNCTION_WORDS: Record<ListingLanguage, ReadonlySet<string>> = {
  en: new Set(
    'a an the and or nor but for with without in on of to at by from into over under per vs x'.split(' '),
  ),
  de: new Set(
    'der die das den dem des ein eine einen einem einer und oder mit ohne für in im an am auf von vom zu zum zur aus bei'.split(
      ' ',
    ),
  ),
  fr: new Set('le la les l un une des de du d et ou avec sans pour en à au aux par sur dans'.split(' ')),
  it: new Set('il lo la i gli le l un uno una e o con senza per di da in a al alla su del della'.split(' ')),
  es: new Set('el la los las un una unos unas y o con sin para por de del en a al sobre'.split(' ')),
  ja: new Set('の に は を が と で も や へ から より まで ・'.split(' ')),
  'zh-TW': new Set('的 和 與 及 或 在 是 為 用'.split(' ')),
  th: new Set('และ หรือ กับ ของ ใน ที่ สำหรับ จาก ด้วย โดย'.split(' ')),
  vi: new Set('và hoặc với cho của trong trên từ có không cái chiếc bộ'.split(' ')),
  id: new Set('dan atau dengan untuk dari di ke pada yang ini itu'.split(' ')),
  ms: new Set('dan atau dengan untuk dari di ke pada yang ini itu'.split(' ')),
  'pt-BR': new Set('o a os as um uma e ou com sem para por de do da dos das em no na'.split(' ')),
  'es-MX': new Set('el la los las un una unos unas y o con sin para por de del en a al sobre'.split(' ')),
  nl: new Set('de het een en of met zonder voor van in op aan bij uit naar tot'.split(' ')),
  pl: new Set('i oraz lub albo z ze bez do dla na w we od po przy'.split(' ')),
  sv: new Set('en ett och eller med utan för av i på till från vid'.split(' ')),
};

// © ® ™ are pictographic to Unicode but are symbols to the marketplaces (some rules name them).
const EMOJI = /(?![©®™‼⁉])\p{Extended_Pictographic}/u;

function words(text: string, language: ListingLanguage): string[] {
  const segmenter = new Intl.Segmenter(language, { granularity: 'word' });
  return [...segmenter.segment(text.toLowerCase())].filter((s) => s.isWordLike).map((s) => s.segment);
}

/**
 * Scripts written without spaces between words (Thai, Chinese, Japanese): a phrase in them has no
 * word boundary to wait for, so 「ส่งฟรี」 is found inside 「กระบอกน้ำส่งฟรี」 and 送料無料 inside 水筒送料無料.
 */
const UNSPACED = /[\p{Script=Thai}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * Where `phrase` is written in `text`, as written, or null. Its words may be written apart, joined or
 * hyphenated: 「best seller」 is also 「Bestseller」 and 「Best-Seller」, 「tik tok」 also 「TikTok」.
 */
function findPhrase(text: string, phrase: string): string | null {
  const escaped = phrase
    .split(/[\s-]+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\-\u2010\u2011]*');
  const bounded = (char: string | undefined) =>
    char !== undefined && /\p{L}/u.test(char) && !UNSPACED.test(char);
  const before = bounded(phrase.at(0)) ? '(?<![\\p{L}\\p{N}])' : '';
  const after = bounded(phrase.at(-1)) ? '(?![\\p{L}\\p{N}])' : '';
  return new RegExp(`${before}${escaped}${after}`, 'iu').exec(text)?.[0] ?? null;
}

interface Context {
  brand: string;
  language: ListingLanguage;
}

/** The problem with one value under one rule, in Chinese, or null. */
function problem(rule: ListingRule, value: string, name: string, context: Context): string | null {
  switch (rule.kind) {
    case 'maxChars': {
      const n = countChars(value);
      return n > rule.limit ? `${name} ${n} 个字符，上限 ${rule.limit}` : null;
    }
    case 'minChars': {
      const n = countChars(value.trim());
      return n < rule.limit ? `${name}只有 ${n} 个字符，至少 ${rule.limit}` : null;
    }
    case 'maxBytes': {
      const n = countBytes(value);
      return n > rule.limit ? `${name} ${n} 字节，上限 ${rule.limit}` : null;
    }
    case 'minWords': {
      const n = words(value, context.language).length;
      return n < rule.limit ? `${name}只有 ${n} 个词，至少 ${rule.limit}` : null;
    }
    case 'forbiddenChars': {
      const checked = rule.exceptBrand && context.brand ? value.split(context.brand).join(' ') : value;
      const found = [...new Set([...checked].filter((c) => rule.chars.includes(c)))];
      return found.length > 0 ? `${name}含不允许的字符 ${found.join(' ')}` : null;
    }
    case 'noEmoji':
      return EMOJI.test(value) ? `${name}含表情符号` : null;
    case 'maxWordRepeats': {
      const skip = FUNCTION_WORDS[context.language];
      const counts = new Map<string, number>();
      for (const word of words(value, context.language))
        if (!skip.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
      const repeated = [...counts].filter(([, n]) => n > rule.limit).map(([w, n]) => `「${w}」${n} 次`);
      return repeated.length > 0 ? `${name}里 ${repeated.join('、')}，同一个词最多 ${rule.limit} 次` : null;
    }
    case 'bannedPhrases': {
      const found = [...new Set(rule.phrases.map((p) => findPhrase(value, p)).filter((p) => p !== null))];
      return found.length > 0 ? `${name}含不允许的用语：${found.join('、')}` : null;
    }
    case 'noContact': {
      const contact = findContact(value);
      return contact ? `${name}含联系方式或网址：${contact}` : null;
    }
    case 'maxItems':
    case 'minItems':
      return null;
  }
}

/** Every rule of the marketplace the listing breaks, requirements first. */
export function checkListing(
  listing: ListingText,
  marketplace: MarketplaceId,
  context: { brand?: string; language: ListingLanguage },
): ListingIssue[] {
  const ctx = { brand: context.brand?.trim() ?? '', language: context.language };
  const issues: ListingIssue[] = [];
  for (const rule of MARKETPLACES[marketplace].rules) {
    const report = (message: string, index?: number) =>
      issues.push({
        ruleId: rule.id,
        field: rule.field,
        level: rule.level,
        message,
        ...(index === undefined ? {} : { index }),
      });
    if (rule.field === 'bullets') {
      const bullets = listing.bullets;
      if (rule.kind === 'maxItems' && bullets.length > rule.limit)
        report(`五点描述有 ${bullets.length} 条，最多 ${rule.limit} 条`);
      else if (rule.kind === 'minItems' && bullets.length < rule.limit)
        report(`五点描述只有 ${bullets.length} 条，建议 ${rule.limit} 条`);
      else
        bullets.forEach((bullet, i) => {
          const message = problem(rule, bullet, `第 ${i + 1} 条`, ctx);
          if (message) report(message, i);
        });
      continue;
    }
    const message = problem(rule, listing[rule.field], LISTING_FIELD_NAMES[rule.field], ctx);
    if (message) report(message);
  }
  return issues.sort((a, b) => (a.level === b.level ? 0 : a.level === 'required' ? -1 : 1));
}

/** The tightest character or byte limit on a field, for its counter: 「132 / 200」. */
export function fieldLimit(
  marketplace: MarketplaceId,
  field: keyof ListingText,
): { unit: 'chars' | 'bytes'; limit: number } | null {
  const rules = MARKETPLACES[marketplace].rules.filter((r) => r.field === field);
  const bytes = rules.find((r) => r.kind === 'maxBytes');
  if (bytes && bytes.kind === 'maxBytes') return { unit: 'bytes', limit: bytes.limit };
  const chars = rules
    .filter((r) => r.kind === 'maxChars' && r.level === 'required')
    .map((r) => (r.kind === 'maxChars' ? r.limit : Number.POSITIVE_INFINITY));
  return chars.length > 0 ? { unit: 'chars', limit: Math.min(...chars) } : null;
}
