import {
  type GlossaryTerm,
  LISTING_FIELD_NAMES,
  type ListingFacts,
  type ListingIssue,
  type ListingText,
  type LocaliseGlossaryMiss,
  type LocaliseRuleResult,
  type LocaliseSite,
  MARKETPLACES,
  type MainImageReport,
} from '@chuhai/contract';
import { follows, termsIn } from '../translate/service.ts';
import type { TranslatedPicture } from './steps.ts';

/**
 * Every listing rule of the site's marketplace on the result: passed, or failed with what was found
 * (the fix already tried once) and what the seller does next.
 */
export function listingRules(site: LocaliseSite, issues: ListingIssue[]): LocaliseRuleResult[] {
  return MARKETPLACES[site.marketplace].rules.map((rule) => {
    const broken = issues.filter((issue) => issue.ruleId === rule.id);
    const place = LISTING_FIELD_NAMES[rule.field];
    return {
      scope: 'listing',
      place,
      ruleId: rule.id,
      level: rule.level,
      pass: broken.length === 0,
      message: broken.length === 0 ? rule.text : broken.map((issue) => issue.message).join('；'),
      todo:
        broken.length === 0
          ? ''
          : `一键修正后仍不符合：在 Listing 工作台打开这个站点的 listing，按「${rule.text}」改${place}`,
    };
  });
}

/** The main image's rules as its check reports them (the check's own advice is what to do). */
export function mainImageRules(report: MainImageReport): LocaliseRuleResult[] {
  return report.rules.map((rule) => ({
    scope: 'main',
    place: '主图',
    ruleId: `main.${report.marketplace}.${rule.key}`,
    level: rule.level,
    pass: rule.pass,
    message: `${rule.label}：${rule.measured}`,
    todo: rule.pass ? '' : rule.advice,
  }));
}

/**
 * A warning where the AI's translation dropped a number twice and the server put it back (「168元」
 * drawn as 「¥168」): the number is on the picture, but where and how it stands is for the seller to see.
 */
function restoredNumbersRule(place: string, picture: TranslatedPicture): LocaliseRuleResult[] {
  const added = picture.restoredNumbers.flatMap((r) => r.added);
  if (added.length === 0) return [];
  const sources = picture.restoredNumbers.map((r) => `「${r.source.replace(/\s+/g, ' ')}」`).join('、');
  return [
    {
      scope: 'picture',
      place,
      ruleId: 'picture.numbers',
      level: 'recommended',
      pass: false,
      message: `${added.length} 处数字已补回：AI 译文漏了 ${sources} 里的 ${added.join('、')}，已按原文补上`,
      todo: '在图片翻译编辑器里打开这张图，核对补回的数字、价格和单位放的位置和写法',
    },
  ];
}

/**
 * 「没有残留中文」 is a must on every translated picture; text that overflowed its place and numbers
 * put back into the translation are warnings.
 */
export function pictureRules(pictures: TranslatedPicture[]): LocaliseRuleResult[] {
  return pictures.flatMap((picture, index) => {
    const place = `详情图 ${index + 1}`;
    const residual: LocaliseRuleResult = {
      scope: 'picture',
      place,
      ruleId: 'picture.residual',
      level: 'required',
      pass: picture.residual === 0,
      message: picture.translated
        ? picture.residual === 0
          ? '没有残留中文'
          : `残留中文 ${picture.residual} 处`
        : '图片里没有需要翻译的中文，原图放入结果',
      todo: picture.residual === 0 ? '' : '在图片翻译编辑器里打开这张图，把残留的中文改成译文',
    };
    if (picture.overflow === 0) return [residual, ...restoredNumbersRule(place, picture)];
    return [
      residual,
      ...restoredNumbersRule(place, picture),
      {
        scope: 'picture',
        place,
        ruleId: 'picture.overflow',
        level: 'recommended',
        pass: false,
        message: `${picture.overflow} 处译文超出原位置`,
        todo: '在图片翻译编辑器里缩短译文或调小字号',
      },
    ];
  });
}

/** 可以上架: every 必须 rule passes on the result. */
export const readyToList = (rules: LocaliseRuleResult[]) =>
  rules.every((rule) => rule.pass || rule.level !== 'required');

const expected = (term: GlossaryTerm) => term.translation ?? term.source;

/**
 * The 术语表 terms the facts contain that the written listing does not follow, per place: a term in
 * the product name or brand belongs in the title; any other only has to appear somewhere in the
 * listing; and a term with a fixed translation left in Chinese is wrong in whichever field holds it.
 */
export function listingGlossaryMisses(
  terms: GlossaryTerm[],
  facts: ListingFacts,
  text: ListingText,
): LocaliseGlossaryMiss[] {
  const misses: LocaliseGlossaryMiss[] = [];
  const whole = [text.title, ...text.bullets, text.description].join('\n');
  const named = `${facts.productName}\n${facts.brand}`;
  const allFacts = Object.values(facts).join('\n');
  for (const term of termsIn(terms, allFacts)) {
    const inTitle = termsIn([term], named).length > 0;
    const place = inTitle ? 'listing 标题' : 'listing 全文';
    if (!follows(term, inTitle ? text.title : whole))
      misses.push({ place, source: term.source, expected: expected(term) });
    if (term.translation === null) continue;
    for (const field of ['title', 'description', 'searchTerms'] as const)
      if (termsIn([term], text[field]).length > 0 && !(inTitle && field === 'title'))
        misses.push({
          place: `listing ${LISTING_FIELD_NAMES[field]}（原文未翻译）`,
          source: term.source,
          expected: expected(term),
        });
  }
  return misses;
}

/** The terms each translated picture missed, named by picture. */
export function pictureGlossaryMisses(pictures: TranslatedPicture[]): LocaliseGlossaryMiss[] {
  return pictures.flatMap((picture, index) =>
    picture.missedTerms.map((term) => ({
      place: `详情图 ${index + 1}`,
      source: term.source,
      expected: expected(term),
    })),
  );
}
