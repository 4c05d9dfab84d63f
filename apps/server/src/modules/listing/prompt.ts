import {
  type GlossaryTerm,
  LISTING_FIELD_NAMES,
  type LISTING_LANGUAGES,
  type ListingFacts,
  type ListingField,
  type ListingIssue,
  type ListingTarget,
  type ListingText,
  listingFields,
  MARKETPLACES,
  targetName,
} from '@chuhai/contract';
import { jsonInText } from '../../lib/json-in-text.ts';
import type { JsonAnswerFormat, ModelMessage } from '../../providers/llm/chat-model.ts';

/** A listing and its Chinese back-translation, as the model returns them. */
export interface WrittenListing {
  text: ListingText;
  zh: ListingText;
}

const LANGUAGE_NAMES: Record<keyof typeof LISTING_LANGUAGES, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  it: 'Italian',
  es: 'Spanish',
  ja: 'Japanese',
  // Said in both languages: the model otherwise drifts back to Simplified (the Chinese brief around it).
  'zh-TW': 'Traditional Chinese as written in Taiwan（繁體中文，台灣用語，不用简体字）',
  th: 'Thai',
  vi: 'Vietnamese (with all its tone marks)',
  id: 'Indonesian (Bahasa Indonesia, not Malay)',
  ms: 'Malay as written in Malaysia (Bahasa Melayu, not Indonesian)',
  // The region said: the model otherwise writes Portugal's and Spain's words (telemóvel, ordenador).
  'pt-BR': 'Brazilian Portuguese (português do Brasil)',
  'es-MX': 'Mexican Spanish (español de México)',
  nl: 'Dutch',
  pl: 'Polish',
  sv: 'Swedish',
};

const FIELD_SCHEMAS: Record<ListingField, Record<string, unknown>> = {
  title: { type: 'string' },
  bullets: { type: 'array', items: { type: 'string' } },
  description: { type: 'string' },
  searchTerms: { type: 'string' },
};

function textSchema(fields: ListingField[]) {
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f, FIELD_SCHEMAS[f]])),
    required: fields,
    additionalProperties: false,
  };
}

/** The JSON the model must return: the fields asked for, and the same fields in Chinese under `zh`. */
export function listingFormat(fields: ListingField[]): JsonAnswerFormat {
  const text = textSchema(fields);
  return {
    name: 'listing',
    schema: { ...text, properties: { ...text.properties, zh: text }, required: [...fields, 'zh'] },
  };
}

/** The marketplace's written rules, as the model should follow them. */
function rulesBrief(target: ListingTarget): string {
  const rules = MARKETPLACES[target.marketplace].rules;
  return rules.map((r) => `- [${r.level === 'required' ? '必须' : '建议'}] ${r.text}`).join('\n');
}

function factsBrief(facts: ListingFacts): string {
  const lines: [string, string][] = [
    ['商品名称', facts.productName],
    ['品牌', facts.brand],
    ['材质', facts.material],
    ['尺寸规格', facts.size],
    ['卖点', facts.sellingPoints],
    ['关键词', facts.keywords],
    ['包装清单', facts.inTheBox],
  ];
  return lines
    .filter(([, value]) => value.trim())
    .map(([name, value]) => `${name}：${value.trim()}`)
    .join('\n');
}

function systemPrompt(target: ListingTarget): string {
  const marketplace = MARKETPLACES[target.marketplace];
  const fields = listingFields(target.marketplace);
  const shape = [
    `title：标题`,
    marketplace.bullets > 0 ? `bullets：${marketplace.bullets} 条五点描述，每条以简短的卖点短语开头` : '',
    `description：商品描述（纯文本，不用 HTML）`,
    marketplace.searchTerms ? `searchTerms：后台搜索关键词，用空格分隔，不重复标题里的词` : '',
  ].filter(Boolean);
  return [
    `你是跨境电商 listing 文案专家，为 ${targetName(target.marketplace, target.site)} 撰写商品 listing。`,
    `用 ${LANGUAGE_NAMES[target.language]} 撰写，只写卖家给出的事实，不编造认证、数据或功效。`,
    `字段：\n${shape.map((s) => `- ${s}`).join('\n')}`,
    `必须遵守的平台规则：\n${rulesBrief(target)}`,
    `另在 zh 里给出每个字段的中文回译（${fields.join('、')}），方便不懂该语言的卖家核对。`,
    '只返回 JSON 对象，不要任何解释或 Markdown 代码块。',
  ].join('\n\n');
}

/**
 * The seller's 术语表 terms that the facts contain, as one line of JSON (any character is safe in
 * it): a term with `use` is written exactly so, one with `keep` stays as it is.
 */
function glossaryBrief(glossary: readonly GlossaryTerm[]): string {
  if (glossary.length === 0) return '';
  const terms = glossary.map((t) =>
    t.translation === null ? { term: t.source, keep: true } : { term: t.source, use: t.translation },
  );
  return `\n\n术语表（商品信息里出现这些词时，listing 里必须照这样写：use 一字不改地用译法，keep 保持原文）：\nGlossary (JSON): ${JSON.stringify(terms)}`;
}

export function generateMessages(
  facts: ListingFacts,
  target: ListingTarget,
  glossary: readonly GlossaryTerm[] = [],
): ModelMessage[] {
  return [
    { role: 'system', content: systemPrompt(target) },
    { role: 'user', content: `商品信息：\n${factsBrief(facts)}${glossaryBrief(glossary)}` },
  ];
}

/** Asks for the failing fields only, with what is wrong with each; the rest of the listing is context. */
export function fixMessages(
  facts: ListingFacts,
  target: ListingTarget,
  current: ListingText,
  issues: ListingIssue[],
  glossary: readonly GlossaryTerm[] = [],
): ModelMessage[] {
  const problems = issues.map((i) => `- ${LISTING_FIELD_NAMES[i.field]}：${i.message}`).join('\n');
  return [
    { role: 'system', content: systemPrompt(target) },
    { role: 'user', content: `商品信息：\n${factsBrief(facts)}${glossaryBrief(glossary)}` },
    { role: 'assistant', content: JSON.stringify(current) },
    {
      role: 'user',
      content: `上面的 listing 违反了这些规则：\n${problems}\n\n只改写有问题的字段（${fieldsOf(issues).join('、')}），保留原意和关键词，让它们符合全部规则。只返回这些字段及其 zh 回译。`,
    },
  ];
}

export function repairMessages(messages: ModelMessage[], badAnswer: string): ModelMessage[] {
  return [
    ...messages,
    { role: 'assistant', content: badAnswer.slice(0, 8000) },
    { role: 'user', content: '这不是有效的 JSON。请只返回符合要求的 JSON 对象，不要其他文字。' },
  ];
}

export function fieldsOf(issues: ListingIssue[]): ListingField[] {
  return [...new Set(issues.map((i) => i.field))];
}

/**
 * Reads the model's JSON however it came: bare, in a Markdown fence, or with words around it.
 * Returns null when there is no object with the fields asked for; missing `zh` fields become empty.
 */
export function parseWrittenListing(answer: string, fields: ListingField[]): Partial<WrittenListing> | null {
  const value = jsonInText(answer);
  const text = readText(value, fields);
  if (!text) return null;
  const zh = readText((value as { zh?: unknown }).zh, fields) ?? {};
  return { text: text as ListingText, zh: zh as ListingText };
}

function readText(value: unknown, fields: ListingField[]): Partial<ListingText> | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const text: Partial<ListingText> = {};
  for (const field of fields) {
    const raw = record[field];
    if (field === 'bullets') {
      if (!Array.isArray(raw)) return null;
      text.bullets = raw.filter((b): b is string => typeof b === 'string').map((b) => b.trim());
    } else {
      if (typeof raw !== 'string') return null;
      text[field] = raw.trim();
    }
  }
  return text;
}
