import type { TokenUsage } from '@chuhai/contract';
import type { ModelMessage } from '../providers/llm/chat-model.ts';

/**
 * Tokens of a text when the provider reports none: about one per CJK character and one per four
 * other characters (what OpenAI's and DeepSeek's tokenizers give on our prompts, within ~20%).
 * Only for the cost ledger, never for anything the seller pays.
 */
export function estimateTokens(text: string): number {
  let cjk = 0;
  for (const char of text) if (/[\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]/u.test(char)) cjk += 1;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

/** Usage as the provider said, or counted here from the messages and the answer. */
export function usageOf(
  reported: TokenUsage | null,
  messages: readonly ModelMessage[],
  answer: string,
): { usage: TokenUsage; estimated: boolean } {
  if (reported) return { usage: reported, estimated: false };
  // Each message costs a few tokens of framing besides its text.
  const prompt = messages.reduce((sum, m) => sum + 4 + estimateTokens(m.content), 0);
  return { usage: { promptTokens: prompt, completionTokens: estimateTokens(answer) }, estimated: true };
}

/** Prices in yuan: per million input and output tokens, and per image. */
export interface ChannelPrice {
  input: number;
  output: number;
  image: number;
}

/**
 * A call's cost in millionths of a yuan: tokens × yuan-per-million is exactly micro-yuan, so the
 * ledger sums integers and a day's total is the sum of its calls to the last digit.
 */
export function costMicros(price: ChannelPrice, use: { usage?: TokenUsage; images?: number }): number {
  const tokens = use.usage
    ? use.usage.promptTokens * price.input + use.usage.completionTokens * price.output
    : 0;
  return Math.round(tokens + (use.images ?? 0) * price.image * 1_000_000);
}
