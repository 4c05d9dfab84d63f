import { type GlossaryTerm, ResultCode, TRANSLATE_LANGUAGES } from '@chuhai/contract';
import type { ChatRouter } from '../../channels/index.ts';
import { AppError } from '../../http/app-error.ts';
import { jsonInText } from '../../lib/json-in-text.ts';
import type { ModelMessage } from '../../providers/llm/chat-model.ts';
import { enforceTerms, fixedBlock, missedTerms, termsIn } from './glossary-terms.ts';

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
}

/** The blocks' translations, and the glossary terms they still do not follow (shown to the seller). */
export interface TranslatedText {
  texts: Map<number, string>;
  missed: GlossaryTerm[];
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
    'Keep every number, unit, size, percentage, price and model number exactly as written (e.g. "3层" becomes "3-layer", "¥99" stays "¥99", "XL" stays "XL").',
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

function repairRequest(
  blocks: SourceBlock[],
  parsed: Map<number, string> | null,
  terms: GlossaryTerm[],
): string {
  const format = `Answer again with JSON only, {"blocks":[{"id":…,"text":"…"}]}, one entry for each of the ${blocks.length} blocks.`;
  if (!parsed) return `${TRANSLATE_MARKER} repair: that was not the JSON asked for. ${format}`;
  const rules = glossaryMisses(blocks, parsed, terms).flatMap(({ block, missed }) =>
    missed.map((t) =>
      t.translation === null
        ? `block ${block.id}: keep "${t.source}" exactly as it is`
        : `block ${block.id}: write "${t.translation}" for "${t.source}"`,
    ),
  );
  return `${TRANSLATE_MARKER} repair: the translation does not follow the seller's glossary (${rules.join('; ')}). Follow the glossary and change nothing else. ${format}`;
}

/**
 * The blocks of one image in one request, so the model sees them together (a heading and the
 * bullet under it read as one piece of copy), told the glossary terms found in them. A block that
 * is exactly one fixed term is not asked about. The answer gets at most one more request: when it
 * is not the JSON asked for (no usable answer twice fails the call, and the caller's use is given
 * back), or when it does not follow the glossary. After that the safe fix is made (enforceTerms)
 * and what is still not followed is reported, not failed: the translation is otherwise usable and
 * the seller can edit the block.
 */
export async function translateBlocks(chat: ChatRouter, ask: TranslateAsk): Promise<TranslatedText> {
  const texts = new Map<number, string>();
  for (const block of ask.blocks) {
    const fixed = fixedBlock(ask.terms, block.text);
    if (fixed !== null) texts.set(block.id, fixed);
  }
  const blocks = ask.blocks.filter((b) => !texts.has(b.id));
  if (blocks.length === 0) return { texts, missed: [] };
  const terms = [...new Set(blocks.flatMap((b) => termsIn(ask.terms, b.text)))];
  const messages: ModelMessage[] = [
    { role: 'system', content: systemPrompt(ask.target, terms) },
    { role: 'user', content: JSON.stringify({ blocks }) },
  ];
  const meter = { purpose: 'translate' as const, userId: ask.userId };
  const first = await chat.complete({
    model: ask.model,
    messages,
    signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    meter,
  });
  const parsed = parseTranslation(first.text, blocks);
  let answers = parsed ? [parsed] : [];
  if (!parsed || glossaryMisses(blocks, parsed, terms).length > 0) {
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
  for (const block of blocks) {
    // The repaired answer, unless only the first one follows the glossary here (after the safe fix).
    const candidates = answers.map((a) => enforceTerms(terms, block.text, a.get(block.id) as string));
    const text =
      candidates.find((t) => missedTerms(terms, block.text, t).length === 0) ?? (candidates[0] as string);
    texts.set(block.id, text);
    for (const term of missedTerms(terms, block.text, text)) missed.set(term.source, term);
  }
  return { texts, missed: [...missed.values()] };
}
