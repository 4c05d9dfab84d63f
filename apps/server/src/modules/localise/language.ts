import {
  type GlossaryTerm,
  LISTING_LANGUAGES,
  type ListingLanguage,
  type ListingText,
  type LocaliseRuleResult,
  type LocaliseSite,
} from '@chuhai/contract';
import { chineseScript, simplifiedRuns } from '../../lib/chinese-script.ts';
import { detectLatin } from '../../lib/dictionaries/thread.ts';
import { indonesianOrMalay } from './malay-indonesian.ts';
import type { TranslatedPicture } from './steps.ts';

/**
 * The language a text reads as: the script first (kana is Japanese, Hangul Korean, Thai Thai, and
 * kanji without kana reads as Chinese), then for Latin text ELD, the n-gram detector measured best on
 * short marketplace copy (bench/language-id.ts, docs/decisions.md). `language` is null when it cannot
 * be told: too few letters, or the detector's two best guesses too close (German with English tech
 * words). `chinese` is every run of Chinese characters outside Japanese text.
 */
export interface IdentifiedLanguage {
  /**
   * ISO 639-1 (`de`, `zh`, `nl`…), or null: cannot tell. Chinese is `zh` when it reads as
   * Simplified and `zh-TW` as Traditional (chinese-script.ts); Chinese whose every character is
   * written the same in both scripts (中文) is `zh` with `script: 'either'`.
   */
  language: string | null;
  chinese: string[];
  /** For Chinese: the script it reads as. */
  script?: 'simplified' | 'traditional' | 'either';
  /** The runs of `chinese` that read as Simplified: what is left for a reader of Traditional Chinese. */
  simplified: string[];
  /**
   * With `language` null: the languages it is one of, when the detector can say that much but not
   * which (Indonesian or Malay, malay-indonesian.ts).
   */
  oneOf?: string[];
  /**
   * With `language` null on a text long enough: the languages the detector scored within MARGIN of
   * each other (Swedish and Norwegian, Spanish and Portuguese): what to tell the seller instead of
   * 「太少」, which a picture of twenty Swedish words is not.
   */
  close?: string[];
}

/** ELD's best score must lead the next by this much (scores run 0–1; mixed copy leads by 0.01–0.03). */
const MARGIN = 0.05;
/** Fewer Latin letters than this: not even a word to go on. */
const FEW_LETTERS = 4;
/** Kana this many: Japanese (a stray 「の」 in a Chinese title is one). */
const KANA = 2;
/** Kanji without kana this many, at least a quarter of the letters: reads as Chinese. */
const HAN = 4;

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

/** The language the text reads as (see IdentifiedLanguage). */
export function identifyLanguage(raw: string): IdentifiedLanguage {
  // Vietnamese typed with combining marks (e + ̂ + ́) is the same text as its composed letters.
  const text = raw.normalize('NFC');
  const letters = count(text, /\p{L}/gu);
  const kana = count(text, /[\p{Script=Hiragana}\p{Script=Katakana}]/gu);
  const han = count(text, /\p{Script=Han}/gu);
  const chinese = kana >= KANA ? [] : (text.match(/\p{Script=Han}+/gu) ?? []);
  const simplified = simplifiedRuns(chinese.join(' '));
  const base = { chinese, simplified };
  if (count(text, /\p{Script=Hangul}/gu) >= KANA) return { language: 'ko', ...base };
  if (count(text, /\p{Script=Thai}/gu) >= KANA) return { language: 'th', ...base };
  if (kana >= KANA) return { language: 'ja', ...base };
  if (han >= HAN && han * 4 >= letters) {
    const { script } = chineseScript(chinese.join(''));
    return { language: script === 'traditional' ? 'zh-TW' : 'zh', script, ...base };
  }
  // Latin copy with a few Chinese characters left in it is told by its Latin words; the Chinese is
  // reported beside it. Japanese copy's English words alone say nothing about the rest of it.
  const latin = text.replace(/[^\p{Script=Latin}\s'’-]+/gu, ' ');
  if (count(latin, /\p{L}/gu) < FEW_LETTERS || han > 0) return { language: null, ...base };
  // ELD's tables live in the dictionary thread (lib/dictionaries/thread.ts), off the server's heap.
  const found = detectLatin(latin);
  const [best, next] = Object.values(found.scores).sort((a, b) => b - a);
  const clear = found.reliable && best !== undefined && best - (next ?? 0) >= MARGIN;
  const language = clear && found.language ? found.language : null;
  if (!clear && best !== undefined && found.reliable) {
    const close = Object.entries(found.scores)
      .filter(([, score]) => best - score < MARGIN)
      .sort((a, b) => b[1] - a[1])
      .map(([code]) => code);
    if (close.length > 1) return { language: null, close, ...base };
  }
  // ELD's `ms` is trained on Malay and Indonesian alike (it has no `id`): which of the two it is,
  // their own words tell, or nothing does.
  if (language === 'ms' || language === 'id') {
    const which = indonesianOrMalay(latin);
    return which ? { language: which, ...base } : { language: null, oneOf: ['id', 'ms'], ...base };
  }
  return { language, ...base };
}

/**
 * What the detector answers for a site's language: a regional variant (pt-BR, es-MX) is its base
 * language, pt and es. Brazil's and Mexico's wording is the listing prompt's work; a text's letters
 * cannot tell Mexican Spanish from Spain's (docs/decisions.md).
 */
const TOLD_AS: Partial<Record<ListingLanguage, string>> = { 'pt-BR': 'pt', 'es-MX': 'es' };
export const toldAs = (language: ListingLanguage): string => TOLD_AS[language] ?? language;

const NAMES = new Intl.DisplayNames(['zh-CN'], { type: 'language' });

/** A language's name in Chinese: 德语, 中文, 荷兰语. */
export function languageName(code: string): string {
  return (LISTING_LANGUAGES as Record<string, string>)[code] ?? NAMES.of(code) ?? code;
}

/**
 * Enough Latin letters (or CJK characters) for a 通过: a title alone (40–80 letters) is told right
 * by ELD nearly always, yet a listing is never called the site's language on a title's word alone.
 */
const ENOUGH_LETTERS = 100;
/** Latin letters a bullet needs to be judged on its own: a two-word fragment is not. */
const PART_LETTERS = 30;
const ENOUGH_CJK = 40;
/** Thai letters and marks: a Thai title is 40–90 of them. */
const ENOUGH_THAI = 80;

function enoughToPass(text: string): boolean {
  const cjk = count(text, /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu);
  return (
    cjk >= ENOUGH_CJK ||
    count(text, /\p{Script=Thai}/gu) >= ENOUGH_THAI ||
    count(text.normalize('NFC'), /\p{Script=Latin}/gu) >= ENOUGH_LETTERS
  );
}

/** Told by its letters' script (Chinese left in it, kana, Hangul, Thai), not by the detector's guess. */
const byScript = (found: IdentifiedLanguage) =>
  found.chinese.length > 0 || ['zh', 'zh-TW', 'ja', 'ko', 'th'].includes(found.language ?? '');

/**
 * For a Traditional Chinese site, Chinese is the language itself: Simplified is what is wrong, and
 * Chinese written the same in both scripts (中文) cannot be told by script: it says nothing, so a
 * listing of it is never called Traditional (see `told`).
 */
function misreadTraditional(found: IdentifiedLanguage): string {
  if (found.language === 'zh' && found.script === 'simplified') return '是简体中文，不是繁体中文';
  if (found.language !== null && !['zh', 'zh-TW'].includes(found.language))
    return `读起来是${languageName(found.language)}，不是站点的繁体中文`;
  if (found.simplified.length > 0) return `含有简体字「${found.simplified.slice(0, 3).join('」「')}」`;
  return '';
}

/**
 * A picture's few words: for a Traditional Chinese site, two or three Traditional characters (優惠)
 * are enough to tell, where the general rule waits for four; Latin words around them still count.
 */
function readOnPicture(site: LocaliseSite, words: string): IdentifiedLanguage {
  const found = identifyLanguage(words);
  if (site.language !== 'zh-TW' || found.language !== null || found.chinese.length === 0) return found;
  const han = found.chinese.join('');
  if (count(words, /\p{Script=Latin}/gu) > [...han].length) return found;
  const { script } = chineseScript(han);
  return script === 'traditional' ? { ...found, language: 'zh-TW', script } : found;
}

/** What is wrong with one text for the site's language, in Chinese; '' when nothing is. */
function misread(site: LocaliseSite, found: IdentifiedLanguage): string {
  if (site.language === 'zh-TW') return misreadTraditional(found);
  const chinese = site.language === 'ja' ? [] : found.chinese;
  const wanted = toldAs(site.language);
  const notSite = `不是站点的${languageName(site.language)}`;
  if (found.language !== null && found.language !== wanted)
    return `读起来是${languageName(found.language)}，${notSite}`;
  if (found.oneOf && !found.oneOf.includes(wanted))
    return `读起来是${found.oneOf.map(languageName).join('或')}，${notSite}`;
  if (chinese.length > 0) return `含有中文「${chinese.slice(0, 3).join('」「')}」`;
  return '';
}

const UNSURE_TODO = '在 Listing 工作台打开核对语言，是站点的语言就点「我已核对」';

/**
 * Why a text read as one of two languages the detector cannot part (Indonesian or Malay) is not
 * told; or, with `long` (enough letters that 「太少」 would be untrue), as close to languages it
 * scored alike.
 */
const eitherOf = (found: IdentifiedLanguage, wanted: string, long = false) =>
  found.oneOf
    ? `读起来是${found.oneOf.map(languageName).join('或')}，两者分不出，无法判断是不是${wanted}`
    : long && found.close
      ? `读起来像${found.close.slice(0, 3).map(languageName).join('或')}，分不出是哪一种，无法判断是不是${wanted}`
      : '';

/**
 * 「用站点的语言撰写」, a must: buyers on the site cannot read another language's listing. Told on the
 * whole listing and on each part (a German listing whose description is English is not German); a
 * part too short to tell says nothing on its own. Too little to tell the whole is never a pass.
 */
export function listingLanguageRules(site: LocaliseSite, text: ListingText): LocaliseRuleResult[] {
  const wanted = languageName(site.language);
  const parts: [string, string][] = [
    ['标题', text.title],
    ...text.bullets.map((bullet, i): [string, string] => [`五点描述 ${i + 1}`, bullet]),
    ['描述', text.description],
  ];
  const whole = parts.map(([, part]) => part).join('\n');
  // ELD is sure of itself on a few words too: 「Steel Cup 750 ml / Cold 24 h / Steel cup.」 reads as
  // Dutch. Below enough letters to pass, only the script (Chinese, kana, Hangul, Thai) can fail a
  // listing; a Latin language that differs is as unsure as no answer.
  const enough = enoughToPass(whole);
  const decisive = (found: IdentifiedLanguage) => enough || byScript(found);
  // A part is judged by its own words only when it has a phrase's worth of them: 「Tapa antiderrame」
  // reads as Italian and 「Tål diskmaskin」 as Turkish (bench/language-id.ts).
  const partDecisive = (part: string, found: IdentifiedLanguage) =>
    byScript(found) || (enough && count(part, /\p{Script=Latin}/gu) >= PART_LETTERS);
  const wrongParts = parts.flatMap(([place, part]) => {
    const read = identifyLanguage(part);
    const wrong = part.trim() && partDecisive(part, read) ? misread(site, read) : '';
    return wrong ? [{ place, wrong }] : [];
  });
  const found = identifyLanguage(whole);
  const wrongWhole = decisive(found) ? misread(site, found) : '';
  const rule = { scope: 'listing', ruleId: 'listing.language', level: 'required' as const };
  const fix = `在 Listing 工作台打开这个站点的 listing，重新撰写或改成${wanted}`;
  const fail = (place: string, message: string, todo = fix): LocaliseRuleResult => ({
    ...rule,
    place,
    pass: false,
    message,
    todo,
  });
  const told = found.language === toldAs(site.language) && enough;
  const places = wrongParts.map((p) => p.place).join('、');
  const verdict = wrongWhole
    ? fail('全文', `listing ${wrongWhole}`)
    : wrongParts.length
      ? fail('全文', `不全是${wanted}：${places}不是`)
      : !told
        ? {
            ...fail(
              '全文',
              enough && found.script === 'either'
                ? `每个字简繁同形，无法判断是不是${wanted}`
                : eitherOf(found, wanted, enough) || `内容太少，无法判断是不是${wanted}`,
              UNSURE_TODO,
            ),
            unsure: true,
          }
        : { ...rule, place: '全文', pass: true, message: `用${wanted}撰写`, todo: '' };
  return [verdict, ...wrongParts.map(({ place, wrong }) => fail(place, wrong))];
}

/** A number with its unit (750 ml, 20000mAh) and a clothing size (XL, 3XL): no language in them. */
const UNITS = /\d+(?:[.,]\d+)?\s*(?:mm|cm|m|km|ml|l|g|kg|mg|oz|lbs?|in|ft|mah|v|w|hz|gb|tb|pcs|h|min|s)\b/giu;
const SIZES = /\b(?:\d?X{0,3}[SL]|M)\b/gu;

/** What a picture's drawn translations leave to tell the language by. */
function wordsOf(texts: string[], terms: GlossaryTerm[]): string {
  let text = texts.join('\n');
  for (const term of terms)
    for (const written of [term.source, term.translation ?? ''])
      if (written) text = text.split(written).join(' ');
  return text
    .replace(UNITS, ' ')
    .replace(SIZES, ' ')
    .replace(/[\p{N}\p{P}\p{S}]+/gu, ' ');
}

/**
 * The same language check on the text drawn on each translated picture, all of a picture's blocks
 * together (a picture has a few words). A picture whose translation is only numbers, sizes, units
 * or the seller's 术语表 terms (a brand kept as it is) has nothing to read: it passes, saying so.
 * Too few words to tell is not a pass: the seller looks at the picture in the editor first.
 */
export function pictureLanguageRules(
  site: LocaliseSite,
  pictures: TranslatedPicture[],
  terms: GlossaryTerm[],
): LocaliseRuleResult[] {
  const wanted = languageName(site.language);
  return pictures.flatMap((picture, index): LocaliseRuleResult[] => {
    if (!picture.made) return [];
    const drawn = picture.made.blocks.filter((block) => !block.hidden).map((block) => block.text);
    const words = wordsOf(drawn, terms);
    const rule = {
      scope: 'picture',
      place: `详情图 ${index + 1}`,
      ruleId: 'picture.language',
      level: 'required' as const,
    };
    if (count(words, /\p{L}/gu) === 0)
      return [{ ...rule, pass: true, message: '译文只有数字、单位或术语表里的词，不用判断语言', todo: '' }];
    const found = readOnPicture(site, words);
    const wrong = misread(site, found);
    const open = '在图片翻译编辑器里打开这张图';
    if (wrong) return [{ ...rule, pass: false, message: `图上译文${wrong}`, todo: `${open}，改成${wanted}` }];
    if (found.language === toldAs(site.language))
      return [{ ...rule, pass: true, message: `图上译文是${wanted}`, todo: '' }];
    return [
      {
        ...rule,
        pass: false,
        message: `图上译文${eitherOf(found, wanted, count(words, /\p{Script=Latin}/gu) >= PART_LETTERS) || `太少，无法判断是不是${wanted}`}`,
        todo: `${open}，核对译文是${wanted}后点「我已核对」`,
        unsure: true,
      },
    ];
  });
}
