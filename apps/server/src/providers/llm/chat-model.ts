import type { TokenUsage } from '@chuhai/contract';

/** One message of the conversation sent to the model. */
export interface ModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** What a streaming answer yields: pieces of text, then (when the provider reports it) the usage. */
export type AnswerPiece =
  | { type: 'text'; text: string }
  | { type: 'usage'; usage: TokenUsage }
  /** The model declined (structured output's `refusal`): why, in its words. */
  | { type: 'refusal'; text: string };

/** Asks for JSON that matches a schema (the provider's structured output, where it has one). */
export interface JsonAnswerFormat {
  name: string;
  schema: Record<string, unknown>;
}

export interface AnswerRequest {
  model: string;
  messages: ModelMessage[];
  /** Aborting it cancels the upstream HTTP request. */
  signal: AbortSignal;
  json?: JsonAnswerFormat;
}

/** A chat LLM. Adapters throw ProviderError (`providers/provider-error.ts`); an abort through the signal ends the iteration quietly. */
export interface ChatModel {
  /** Streams the answer as it is generated. */
  stream(request: AnswerRequest): AsyncIterable<AnswerPiece>;
  /** The whole answer at once (for clients that do not accept a stream). */
  complete(request: AnswerRequest): Promise<{ text: string; usage: TokenUsage | null }>;
}
