import { FEATURE_LABELS, FEATURE_UNITS, FEATURES, type Feature } from './limits.ts';
import type { DailyLimits, SiteOffer } from './schemas/console.ts';

/**
 * What a plan's benefits may promise: only what this site delivers now. The server drops a benefit's
 * untrue clauses from `/product.json`, and the console's plan editor shows the operator the same
 * verdicts as they type, so both sides read one rule (like the listing rules).
 */

/** Words that name each metered tool in an operator's benefit line. */
const FEATURE_WORDS: Record<Feature, RegExp> = {
  chat: /问答|提问|对话|聊天/,
  draw: /绘画|绘图|画图|文生图|生图/,
  cutout: /抠图|主图|白底/,
  replace: /换背景/,
  translate: /翻译/,
};
const ADVANCED_MODEL = /高级(问答|对话)?模型/;
const UNLIMITED = /无限|不限/;
/** A daily count: 「300 次」「50 张」. */
const COUNT = /(\d+)\s*(次|张)/g;
/** Clauses of one benefit line, kept with the mark that ended them so a kept line reads as written. */
const CLAUSE = /([^，,；;。]+)([，,；;。]?)/g;

/** Why one clause of a benefit would be untrue on this site now, for the operator. */
export interface BenefitProblem {
  clause: string;
  /** What to fix: a tool switched off, no advanced model, a count that is not the VIP limit, 「无限」. */
  kind: 'off' | 'advanced' | 'count' | 'unlimited';
  reason: string;
}

/** A benefit line as a seller may read it (`shown`, null when nothing true is left) and what was cut. */
export interface BenefitCheck {
  shown: string | null;
  problems: BenefitProblem[];
}

function clauseProblems(clause: string, offer: SiteOffer, limits: DailyLimits): BenefitProblem[] {
  const named = FEATURES.filter((feature) => FEATURE_WORDS[feature].test(clause));
  const reasons: BenefitProblem[] = [];
  const add = (kind: BenefitProblem['kind'], reason: string) => reasons.push({ clause, kind, reason });
  for (const feature of named)
    if (!offer.features[feature]) add('off', `${FEATURE_LABELS[feature]}现在没有开放`);
  if (ADVANCED_MODEL.test(clause) && !offer.advancedModel) add('advanced', '现在没有可用的高级问答模型');
  if (UNLIMITED.test(clause)) add('unlimited', '每日次数都有上限，不能写「无限」「不限」');
  const first = named[0];
  for (const [, digits] of clause.matchAll(COUNT)) {
    const count = Number(digits);
    // A count stands for one of the tools its clause names (「AI 问答 300 次、AI 绘画 50 张」 is two true counts).
    if (first === undefined || named.some((feature) => limits.vip[feature] === count)) continue;
    add(
      'count',
      `写的是 ${count} ${FEATURE_UNITS[first]}，${FEATURE_LABELS[first]}现在 VIP 每日 ${limits.vip[first]} ${FEATURE_UNITS[first]}`,
    );
  }
  return reasons;
}

/** One benefit line checked against what is switched on and the VIP daily limits enforced now. */
export function checkBenefit(line: string, offer: SiteOffer, limits: DailyLimits): BenefitCheck {
  const problems: BenefitProblem[] = [];
  let shown = '';
  for (const [, text, mark] of line.matchAll(CLAUSE)) {
    const clause = (text ?? '').trim();
    if (!clause) continue;
    const reasons = clauseProblems(clause, offer, limits);
    if (reasons.length === 0) shown += `${clause}${mark}`;
    else problems.push(...reasons);
  }
  // A kept line does not end on a comma whose clause was cut: 「AI 问答每日 300 次，可用高级模型」→「AI 问答每日 300 次」.
  shown = shown.replace(/[，,；;]$/, '').trim();
  return { shown: shown || null, problems };
}

/** A plan's benefits as sellers may read them: untrue clauses cut, lines with nothing left dropped. */
export function honestBenefits(benefits: string[], offer: SiteOffer, limits: DailyLimits): string[] {
  return benefits.flatMap((line) => checkBenefit(line, offer, limits).shown ?? []);
}
