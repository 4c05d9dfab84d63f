import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import type { LlmConfig } from '../../config.ts';
import {
  type AnswerPiece,
  type AnswerRequest,
  type ChatModel,
  ChatModelError,
  type JsonAnswerFormat,
} from './chat-model.ts';

/** Waiting for a whole non-streamed answer (no idle signal to go by): generous, but not forever. */
const COMPLETE_TIMEOUT_MS = 300_000;
/** Waiting for the response headers of a stream; the chat service's idle watchdog covers the body. */
const CONNECT_TIMEOUT_MS = 60_000;

function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const raw = headers?.get('retry-after');
  const seconds = raw ? Number(raw) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

/** Turns an SDK error into a ChatModelError; aborts are passed through for the caller to see. */
function translate(error: unknown): unknown {
  if (error instanceof APIUserAbortError) return error;
  if (error instanceof APIConnectionError) {
    return new ChatModelError('unreachable', `cannot reach the chat API: ${error.message}`, { cause: error });
  }
  if (error instanceof APIError) {
    const status = error.status;
    const detail = `chat API answered ${status}: ${error.message}`;
    if (status === 401 || status === 403) return new ChatModelError('auth', detail, { status, cause: error });
    if (status === 429) {
      return new ChatModelError('rate-limited', detail, {
        status,
        retryAfter: retryAfterSeconds(error.headers),
        cause: error,
      });
    }
    if (status === 400 || status === 404 || status === 422)
      return new ChatModelError('bad-request', detail, { status, cause: error });
    return new ChatModelError('upstream', detail, { status, cause: error });
  }
  return error;
}

/** OpenAI's structured output: the answer is JSON that matches the schema, or a refusal. */
function jsonSchemaFormat(json: JsonAnswerFormat) {
  return {
    type: 'json_schema' as const,
    json_schema: { name: json.name, schema: json.schema, strict: true },
  };
}

/**
 * Any OpenAI-compatible chat API (DeepSeek, 通义千问 compatible mode, Moonshot, 智谱, OpenAI, Ollama,
 * vLLM) through the official SDK. No retries: a retried stream would repeat text the user already saw.
 */
export function openAiCompatibleModel(config: LlmConfig): ChatModel {
  const client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey, maxRetries: 0 });

  return {
    async *stream({ model, messages, signal, json }: AnswerRequest): AsyncIterable<AnswerPiece> {
      try {
        const stream = await client.chat.completions.create(
          {
            model,
            messages,
            stream: true,
            stream_options: { include_usage: true },
            max_tokens: config.maxTokens,
            ...(json ? { response_format: jsonSchemaFormat(json) } : {}),
          },
          { signal, timeout: CONNECT_TIMEOUT_MS },
        );
        let finished = false;
        for await (const chunk of stream) {
          if (chunk.choices[0]?.finish_reason) finished = true;
          const delta = chunk.choices[0]?.delta;
          if (delta?.content) yield { type: 'text', text: delta.content };
          if (delta?.refusal) yield { type: 'refusal', text: delta.refusal };
          if (chunk.usage) {
            yield {
              type: 'usage',
              usage: {
                promptTokens: chunk.usage.prompt_tokens,
                completionTokens: chunk.usage.completion_tokens,
              },
            };
          }
        }
        // A body that ends cleanly but without a finish reason was cut short somewhere on the way.
        if (!finished && !signal.aborted) {
          throw new ChatModelError('upstream', 'the chat stream ended without a finish_reason');
        }
      } catch (error) {
        throw translate(error);
      }
    },

    async complete({ model, messages, signal }: AnswerRequest) {
      try {
        const answer = await client.chat.completions.create(
          { model, messages, stream: false, max_tokens: config.maxTokens },
          { signal, timeout: COMPLETE_TIMEOUT_MS },
        );
        const usage = answer.usage
          ? { promptTokens: answer.usage.prompt_tokens, completionTokens: answer.usage.completion_tokens }
          : null;
        return { text: answer.choices[0]?.message?.content ?? '', usage };
      } catch (error) {
        throw translate(error);
      }
    },
  };
}
