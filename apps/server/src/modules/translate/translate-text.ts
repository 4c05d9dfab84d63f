import { ResultCode, TRANSLATE_LANGUAGES } from '@chuhai/contract';
import type { ChatRouter } from '../../channels/index.ts';
import { AppError } from '../../http/app-error.ts';
import { jsonInText } from '../../lib/json-in-text.ts';
import type { ModelMessage } from '../../providers/llm/chat-model.ts';

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
  /** Words kept exactly as they are (brand names, model numbers): the seller's glossary. */
  keep: string[];
  model: string;
  userId: number;
}

function systemPrompt(target: string, keep: string[]): string {
  const language = TRANSLATE_LANGUAGES.find((l) => l.code === target)?.english ?? 'English';
  return [
    TRANSLATE_MARKER,
    `You translate the text of one product image for a cross-border marketplace listing from Chinese into ${language}.`,
    'Write it as short, natural e-commerce copy a shopper in that market expects (selling points, badges, size charts, care labels), not word by word, and about as long as the original so it fits the same place on the image.',
    'Keep every number, unit, size, percentage, price and model number exactly as written (e.g. "3层" becomes "3-layer", "¥99" stays "¥99", "XL" stays "XL").',
    keep.length > 0
      ? `Keep these words exactly as they are, untranslated: ${keep.map((k) => `"${k}"`).join(', ')}.`
      : '',
    'Blocks are lines a designer laid out together; a block with several lines keeps its line breaks (\\n) where the meaning allows.',
    'Answer with JSON only: {"blocks":[{"id":<the same id>,"text":"<translation>"}]} with one entry per block, in the same order.',
  ]
    .filter(Boolean)
    .join('\n');
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

/**
 * The blocks of one image in one request, so the model sees them together (a heading and the
 * bullet under it read as one piece of copy). A malformed answer gets one repair request; a second
 * one fails the call (and the caller's use is given back).
 */
export async function translateBlocks(chat: ChatRouter, ask: TranslateAsk): Promise<Map<number, string>> {
  const messages: ModelMessage[] = [
    { role: 'system', content: systemPrompt(ask.target, ask.keep) },
    { role: 'user', content: JSON.stringify({ blocks: ask.blocks }) },
  ];
  const meter = { purpose: 'translate' as const, userId: ask.userId };
  const first = await chat.complete({
    model: ask.model,
    messages,
    signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    meter,
  });
  const parsed = parseTranslation(first.text, ask.blocks);
  if (parsed) return parsed;
  const repair: ModelMessage[] = [
    ...messages,
    { role: 'assistant', content: first.text.slice(0, 4000) },
    {
      role: 'user',
      content: `${TRANSLATE_MARKER} repair: that was not the JSON asked for. Answer again with JSON only, {"blocks":[{"id":…,"text":"…"}]}, one entry for each of the ${ask.blocks.length} blocks.`,
    },
  ];
  const second = await chat.complete({
    model: ask.model,
    messages: repair,
    signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    meter,
  });
  const repaired = parseTranslation(second.text, ask.blocks);
  if (repaired) return repaired;
  throw new AppError(ResultCode.providerFailed, 'AI 两次都没有按格式返回译文，本次不扣次数，请稍后重试');
}
