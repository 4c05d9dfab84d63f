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
import { bareText, countSourceChars } from '../../imaging/ocr/index.ts';
import { isShopMark } from '../../imaging/text/product-print.ts';
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
 * The lines of a source block that hold the numbers put back: a facts sheet read as one block of 14
 * lines was quoted whole, and the seller could not find the 45 and 22 in it. The whole block when
 * no line holds them (a number the model wrote differently).
 */
function linesHolding(restored: { source: string; added: string[] }): string {
  const numbers = restored.added.flatMap((added) => added.match(/\d+(?:\.\d+)?/g) ?? []);
  const holds = (line: string) =>
    numbers.some((n) => new RegExp(`(?<![\\d.])${n.replace('.', '\\.')}(?![\\d.])`).test(line));
  const lines = restored.source.split(/\n/).filter(holds);
  return lines.length > 0 ? lines.join(' ') : restored.source;
}

/**
 * A warning where the AI's translation dropped a number twice and the server put it back (「168元」
 * drawn as 「¥168」): the number is on the picture, but where and how it stands is for the seller to see.
 */
function restoredNumbersRule(place: string, picture: TranslatedPicture): LocaliseRuleResult[] {
  const added = picture.restoredNumbers.flatMap((r) => r.added);
  if (added.length === 0) return [];
  const sources = picture.restoredNumbers
    .map((r) => `「${linesHolding(r).replace(/\s+/g, ' ')}」`)
    .join('、');
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

const quoted = (texts: string[]) =>
  texts
    .slice(0, 4)
    .map((text) => `「${text.replace(/\s+/g, ' ')}」`)
    .join('') + (texts.length > 4 ? ` 等 ${texts.length} 处` : '');

/**
 * What 「没有残留中文」 does not count, said beside it: the product's own print kept as it is (a
 * bottle's brand, a 合格证 tag: still Chinese on the picture, on purpose) and another shop's
 * watermark or address erased and drawn as nothing. Warnings: the seller looks before publishing.
 */
function keptTextRules(place: string, picture: TranslatedPicture): LocaliseRuleResult[] {
  if (!picture.made) return [];
  const kept = picture.made.kept.filter((k) => k.reason === 'product').map((k) => k.text);
  const erased = picture.made.blocks.filter((b) => b.hidden && isShopMark(b.source)).map((b) => b.source);
  const open = '在图片翻译编辑器里打开这张图核对';
  const rule = { scope: 'picture', place, level: 'recommended' as const, pass: false };
  return [
    ...(kept.length === 0
      ? []
      : [
          {
            ...rule,
            ruleId: 'picture.kept',
            message: `商品上印的中文按原样保留 ${kept.length} 处：${quoted(kept)}`,
            todo: `${open}；要连商品上的字一起翻译，点「也翻译商品上的文字」`,
          },
        ]),
    ...(erased.length === 0
      ? []
      : [
          {
            ...rule,
            ruleId: 'picture.shop-mark',
            message: `别家店铺的水印或网址已擦除、没有画译文 ${erased.length} 处：${quoted(erased)}`,
            todo: `${open}擦除的地方；要留下这段文字，在编辑器里把它显示出来并改写`,
          },
        ]),
  ];
}

/**
 * Into Traditional Chinese, a drawn block that is its source unchanged and has no Simplified
 * character (中文 → 中文) cannot be told from Chinese never translated: the residual check, which
 * counts only Simplified characters there, says nothing about it, so it is not called a pass.
 */
function unchangedInTraditional(picture: TranslatedPicture): string[] {
  if (picture.made?.target !== 'zh-TW') return [];
  return picture.made.blocks
    .filter((b) => !b.hidden && countSourceChars(b.text) > 0 && bareText(b.text) === bareText(b.source))
    .map((b) => b.source);
}

/**
 * 「没有残留中文」 is a must on every translated picture; text that overflowed its place and numbers
 * put back into the translation are warnings, and so is what the residual check leaves out on
 * purpose (keptTextRules).
 */
export function pictureRules(pictures: TranslatedPicture[]): LocaliseRuleResult[] {
  return pictures.flatMap((picture, index) => {
    const place = `详情图 ${index + 1}`;
    // Into Traditional Chinese the picture is Chinese by design: what is left over is Simplified,
    // the source untranslated (source-chars.ts), and 「把残留的中文改成译文」 left the seller asking which.
    const left = picture.made?.target === 'zh-TW' ? '简体中文' : '中文';
    const residual: LocaliseRuleResult = {
      scope: 'picture',
      place,
      ruleId: 'picture.residual',
      level: 'required',
      // Slanted Chinese is delivered untranslated: all of it left, not 「没有需要翻译的中文」.
      pass: picture.residual === 0 && !picture.slanted,
      message: picture.slanted
        ? '图上的中文是斜着排的，没能翻译，原图放入结果'
        : picture.translated
          ? picture.residual === 0
            ? picture.made?.kept.some((k) => k.reason === 'product')
              ? '没有残留中文（商品上印的字按原样保留，另列）'
              : '没有残留中文'
            : `残留${left} ${picture.residual} 个字${left === '中文' ? '' : '（没有翻译成繁体的原文）'}`
          : '图片里没有需要翻译的中文，原图放入结果',
      todo: picture.slanted
        ? '把图片转正（文字水平）后重新出海，或换掉这张详情图'
        : picture.residual === 0
          ? ''
          : `在图片翻译编辑器里打开这张图，把残留的${left}改成${left === '中文' ? '译文' : '繁体中文译文'}`,
    };
    const warnings = [...restoredNumbersRule(place, picture), ...keptTextRules(place, picture)];
    const same = residual.pass ? unchangedInTraditional(picture) : [];
    if (same.length > 0)
      Object.assign(residual, {
        pass: false,
        unsure: true,
        message: `${same.length} 处译文和原文一字不差，每个字简繁同形，无法判断是否已翻译：${quoted(same)}`,
        todo: '在图片翻译编辑器里打开这张图核对，译文无误就点「我已核对」',
      });
    if (picture.overflow === 0) return [residual, ...warnings];
    return [
      residual,
      ...warnings,
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
