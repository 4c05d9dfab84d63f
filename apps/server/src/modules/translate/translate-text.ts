import {
  type CostPurpose,
  type GlossaryTerm,
  type RestoredNumbers,
  ResultCode,
  TRANSLATE_LANGUAGES,
} from '@chuhai/contract';
import type { ChatRouter } from '../../channels/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { jsonInText } from '../../lib/json-in-text.ts';
import type { ModelMessage } from '../../providers/llm/chat-model.ts';
import { enforceTerms, fixedBlock, missedTerms, termsIn } from './glossary-terms.ts';
import { keepNumbers, lostNumbers } from './numbers-kept.ts';

/** Marks the request as an image translation (the fake provider in tests answers it by this). */
export const TRANSLATE_MARKER = '[image-text-translation]';

/** How long the model may take for one image's blocks. */
const ANSWER_TIMEOUT_MS = 90_000;

export interface SourceBlock {
  id: number;
  text: string;
}

export interface TranslateAsk {
  blocks: SourceBlock[];
  target: string;
  /** The seller's glossary and this request's keep words (termsFor): followed, then checked. */
  terms: GlossaryTerm[];
  model: string;
  userId: number;
  /** What the cost ledger counts the calls as: 图片翻译's, or 一键出海's own. */
  purpose: Extract<CostPurpose, 'translate' | 'localise-translate'>;
}

/**
 * The blocks' translations, the glossary terms they still do not follow, and the numbers put back
 * into blocks whose answer dropped them twice (both shown to the seller).
 */
export interface TranslatedText {
  texts: Map<number, string>;
  missed: GlossaryTerm[];
  restored: RestoredNumbers[];
}

/**
 * The glossary as the model reads it: only the terms found in these blocks (a seller's 200 entries
 * would drown the instructions), as JSON so any term survives quoting.
 */
function glossaryLines(terms: GlossaryTerm[]): string[] {
  if (terms.length === 0) return [];
  const list = terms.map((t) =>
    t.translation === null ? { term: t.source, keep: true } : { term: t.source, use: t.translation },
  );
  return [
    'The seller\'s glossary overrides everything else. Wherever a block contains a term below: "keep" means write the term exactly as it is, untranslated; "use" means write exactly that text in its place, unchanged, whatever the language around it.',
    `Glossary (JSON): ${JSON.stringify(list)}`,
  ];
}

function systemPrompt(target: string, terms: GlossaryTerm[]): string {
  const language = TRANSLATE_LANGUAGES.find((l) => l.code === target)?.english ?? 'English';
  return [
    TRANSLATE_MARKER,
    `You translate the text of one product image for a cross-border marketplace listing from Chinese into ${language}.`,
    'Write it as short, natural e-commerce copy a shopper in that market expects (selling points, badges, size charts, care labels), not word by word, and about as long as the original so it fits the same place on the image.',
    ...(target === 'zh-TW'
      ? [
          'Write Traditional Chinese characters (繁體字) and the words shoppers in Taiwan use (e.g. 軟體, 滑鼠, 品質), never Simplified characters.',
        ]
      : []),
    'Keep every number, unit, size, percentage, price and model number exactly as written (e.g. "3层" becomes "3-layer", "¥99" stays "¥99", "168元" becomes "¥168" or "168 yuan", never a word without the number, "XL" stays "XL").',
    ...glossaryLines(terms),
    'Blocks are lines a designer laid out together; a block with several lines keeps its line breaks (\\n) where the meaning allows.',
    'Answer with JSON only: {"blocks":[{"id":<the same id>,"text":"<translation>"}]} with one entry per block, in the same order.',
  ].join('\n');
}

/** The answer's blocks by id, or null when it is not the JSON asked for (or misses a block). */
export function parseTranslation(answer: string, blocks: SourceBlock[]): Map<number, string> | null {
  const list = (jsonInText(answer) as { blocks?: unknown } | null)?.blocks;
  if (!Array.isArray(list)) return null;
  const byId = new Map<number, string>();
  for (const item of list) {
    const { id, text } = (item ?? {}) as { id?: unknown; text?: unknown };
    if (typeof id === 'number' && typeof text === 'string' && text.trim()) byId.set(id, text.trim());
  }
  return blocks.every((b) => byId.has(b.id)) ? byId : null;
}

/** Each block's glossary terms its translation does not follow, for the blocks that have any. */
function glossaryMisses(blocks: SourceBlock[], texts: Map<number, string>, terms: GlossaryTerm[]) {
  return blocks
    .map((block) => ({ block, missed: missedTerms(terms, block.text, texts.get(block.id) ?? '') }))
    .filter((m) => m.missed.length > 0);
}

/** Each block's source numbers (with price sign, unit, letters) its translation drops, for the blocks that drop any. */
function numberMisses(blocks: SourceBlock[], texts: Map<number, string>) {
  return blocks
    .map((block) => ({ block, lost: lostNumbers(block.text, texts.get(block.id) ?? '') }))
    .filter((m) => m.lost.length > 0);
}

function repairRequest(
  blocks: SourceBlock[],
  parsed: Map<number, string> | null,
  terms: GlossaryTerm[],
): string {
  const format = `Answer again with JSON only, {"blocks":[{"id":…,"text":"…"}]}, one entry for each of the ${blocks.length} blocks.`;
  if (!parsed) return `${TRANSLATE_MARKER} repair: that was not the JSON asked for. ${format}`;
  const problems: string[] = [];
  const rules = glossaryMisses(blocks, parsed, terms).flatMap(({ block, missed }) =>
    missed.map((t) =>
      t.translation === null
        ? `block ${block.id}: keep "${t.source}" exactly as it is`
        : `block ${block.id}: write "${t.translation}" for "${t.source}"`,
    ),
  );
  if (rules.length > 0)
    problems.push(
      `the translation does not follow the seller's glossary (${rules.join('; ')}). Follow the glossary.`,
    );
  const numbers = numberMisses(blocks, parsed).flatMap(({ block, lost }) =>
    lost.map((n) =>
      n.yuan
        ? `block ${block.id}: write the price "${n.text}" as "${n.written}" or "${n.written.slice(1)} yuan"`
        : `block ${block.id}: keep "${n.text}" as "${n.written}"`,
    ),
  );
  if (numbers.length > 0)
    problems.push(
      `the translation drops numbers of the original (${numbers.join('; ')}). Keep every number with its unit, price sign and letters.`,
    );
  return `${TRANSLATE_MARKER} repair: ${problems.join(' And ')} Change nothing else. ${format}`;
}

/**
 * The blocks of one image in one request, so the model sees them together (a heading and the
 * bullet under it read as one piece of copy), told the glossary terms found in them. A block that
 * is exactly one fixed term is not asked about. The answer gets at most one more request: when it
 * is not the JSON asked for (no usable answer twice fails the call, and the caller's use is given
 * back), when it does not follow the glossary, or when a block drops one of its source's numbers
 * (lostNumbers). After that the safe fixes are made (enforceTerms; keepNumbers puts a dropped
 * number back) and what was not followed or put back is reported, not failed: the translation is
 * otherwise usable and the seller can edit the block.
 */
export async function translateBlocks(chat: ChatRouter, ask: TranslateAsk): Promise<TranslatedText> {
  const texts = new Map<number, string>();
  for (const block of ask.blocks) {
    const fixed = fixedBlock(ask.terms, block.text);
    if (fixed !== null) texts.set(block.id, fixed);
  }
  const blocks = ask.blocks.filter((b) => !texts.has(b.id));
  if (blocks.length === 0) return { texts, missed: [], restored: [] };
  const terms = [...new Set(blocks.flatMap((b) => termsIn(ask.terms, b.text)))];
  const messages: ModelMessage[] = [
    { role: 'system', content: systemPrompt(ask.target, terms) },
    { role: 'user', content: JSON.stringify({ blocks }) },
  ];
  const meter = { purpose: ask.purpose, userId: ask.userId };
  const first = await chat.complete({
    model: ask.model,
    messages,
    signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    meter,
  });
  const parsed = parseTranslation(first.text, blocks);
  let answers = parsed ? [parsed] : [];
  if (
    !parsed ||
    glossaryMisses(blocks, parsed, terms).length > 0 ||
    numberMisses(blocks, parsed).length > 0
  ) {
    const repair: ModelMessage[] = [
      ...messages,
      { role: 'assistant', content: first.text.slice(0, 4000) },
      { role: 'user', content: repairRequest(blocks, parsed, terms) },
    ];
    const second = await chat.complete({
      model: ask.model,
      messages: repair,
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      meter,
    });
    const repaired = parseTranslation(second.text, blocks);
    answers = [repaired, parsed].filter((a): a is Map<number, string> => a !== null);
  }
  if (answers.length === 0)
    throw new AppError(ResultCode.providerFailed, 'AI 两次都没有按格式返回译文，本次不扣次数，请稍后重试');
  const missed = new Map<string, GlossaryTerm>();
  const restored: RestoredNumbers[] = [];
  for (const block of blocks) {
    // The repaired answer, unless the first one misses fewer terms and numbers here (after the safe fix).
    const candidates = answers.map((a) => enforceTerms(terms, block.text, a.get(block.id) as string));
    const misses = (t: string) =>
      missedTerms(terms, block.text, t).length + lostNumbers(block.text, t).length;
    const best = candidates.reduce((a, b) => (misses(b) < misses(a) ? b : a));
    const kept = keepNumbers(block.text, best);
    texts.set(block.id, kept.text);
    if (kept.added.length > 0) restored.push({ source: block.text, added: kept.added });
    for (const term of missedTerms(terms, block.text, kept.text)) missed.set(term.source, term);
  }
  return { texts, missed: [...missed.values()], restored };
}
