import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { failureOfStatus, ProviderError } from '../provider-error.ts';
import type { AnswerPiece, AnswerRequest, ChatModel, JsonAnswerFormat } from './chat-model.ts';

/** Waiting for a whole non-streamed answer (no idle signal to go by): generous, but not forever. */
const COMPLETE_TIMEOUT_MS = 300_000;
/** Waiting for the response headers of a stream; the chat service's idle watchdog covers the body. */
const CONNECT_TIMEOUT_MS = 60_000;
/** An error body longer than this is cut: only its message is wanted. */
const ERROR_BODY_LIMIT = 64 * 1024;

/** The parts of a chat completion chunk (or whole answer) we read. */
interface CompletionChunk {
  choices?: {
    finish_reason?: string | null;
    delta?: { content?: string | null; refusal?: string | null };
    message?: { content?: string | null };
  }[];
  usage?: { prompt_tokens: number; completion_tokens: number } | null;
  error?: { message?: string };
}

function retryAfterSeconds(raw: string | string[] | undefined): number | undefined {
  const seconds = Number(Array.isArray(raw) ? raw[0] : raw);
  return raw !== undefined && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

/** A provider's HTTP error as a ProviderError, with the message from its error body when there is one. */
function httpFailure(status: number, body: string, retryAfter: string | string[] | undefined): ProviderError {
  let message = body.slice(0, 300);
  try {
    message = (JSON.parse(body) as CompletionChunk).error?.message ?? message;
  } catch {
    // Not JSON (a proxy's HTML page): the start of the text will do.
  }
  const detail = `chat API answered ${status}: ${message}`;
  const kind = failureOfStatus(status);
  const wait = kind === 'rate-limited' ? retryAfterSeconds(retryAfter) : undefined;
  return new ProviderError(kind, detail, { status, retryAfter: wait });
}

/** OpenAI's structured output: the answer is JSON that matches the schema, or a refusal. */
function jsonSchemaFormat(json: JsonAnswerFormat) {
  return {
    type: 'json_schema' as const,
    json_schema: { name: json.name, schema: json.schema, strict: true },
  };
}

async function readText(response: IncomingMessage, limit = Number.POSITIVE_INFINITY): Promise<string> {
  response.setEncoding('utf8');
  let text = '';
  for await (const piece of response) {
    if (text.length < limit) text += piece as string;
  }
  return text;
}

/**
 * Yields each `data:` payload of an event stream as it arrives. Lines may be split anywhere by the
 * network; `setEncoding` keeps multi-byte characters whole across reads.
 */
async function* eventData(response: IncomingMessage): AsyncGenerator<string> {
  response.setEncoding('utf8');
  let pending = '';
  for await (const piece of response) {
    pending += piece as string;
    let end = pending.indexOf('\n');
    while (end >= 0) {
      const line = pending.slice(0, end).replace(/\r$/, '');
      pending = pending.slice(end + 1);
      if (line.startsWith('data:')) yield line.slice(line.charCodeAt(5) === 32 ? 6 : 5);
      end = pending.indexOf('\n');
    }
  }
  if (pending.startsWith('data:')) yield pending.slice(pending.charCodeAt(5) === 32 ? 6 : 5);
}

/** Where one chat channel's calls go, with one of its keys. */
export interface ChatEndpoint {
  baseUrl: string;
  apiKey: string;
  /** `max_tokens` of every answer. */
  maxTokens: number;
  /** Waiting for the response headers of a stream (the router gives a channel less before trying the next). */
  connectTimeoutMs?: number;
}

/**
 * Any OpenAI-compatible chat API (DeepSeek, 通义千问 compatible mode, Moonshot, 智谱, OpenAI, Ollama,
 * vLLM), spoken over node:http with kept-alive connections: `POST {base}/chat/completions`, JSON in,
 * an event stream of chunks out. No SDK on this path: the official one cost a few milliseconds before
 * the first token and about a hundred KiB per open stream (bench/chat-stream.ts). No retries: a
 * retried stream would repeat text the user already saw.
 */
/** A kept connection that turned out closed: the request never reached the server. */
class StaleConnection extends ProviderError {
  constructor(cause: Error) {
    super('unreachable', `cannot reach the chat API: ${cause.message}`, { cause });
  }
}

export function openAiCompatibleModel(config: ChatEndpoint): ChatModel {
  const endpoint = new URL(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`);
  const secure = endpoint.protocol === 'https:';
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = secure ? httpsRequest : httpRequest;

  /**
   * Sends the request; resolves with a 2xx response, throws ProviderError for anything else. A kept
   * connection the server closed as it sat idle fails the moment it is used (ECONNRESET, or a hang-up
   * before any answer); the server never read that request, so it is sent once more on a new
   * connection. Under load the e2e run saw exactly this: 「无法连接 AI 服务」 to a seller, from a
   * socket the fake provider had let go after its 5 s keep-alive.
   */
  async function post(body: unknown, signal: AbortSignal, headersWithinMs: number): Promise<IncomingMessage> {
    const payload = JSON.stringify(body);
    try {
      return await postOnce(payload, signal, headersWithinMs);
    } catch (error) {
      if (!(error instanceof StaleConnection) || signal.aborted) throw error;
      return postOnce(payload, signal, headersWithinMs, true);
    }
  }

  function postOnce(
    payload: string,
    signal: AbortSignal,
    headersWithinMs: number,
    fresh = false,
  ): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const req = send(endpoint, {
        method: 'POST',
        // A retry takes no kept connection: its own, closed after the answer.
        agent: fresh ? false : agent,
        signal,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${config.apiKey}`,
        },
      });
      const timer = setTimeout(
        () =>
          req.destroy(
            new ProviderError('unreachable', `no answer from the chat API in ${headersWithinMs} ms`),
          ),
        headersWithinMs,
      );
      req.once('response', (response) => {
        clearTimeout(timer);
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) return resolve(response);
        readText(response, ERROR_BODY_LIMIT).then(
          (text) => reject(httpFailure(status, text, response.headers['retry-after'])),
          reject,
        );
      });
      req.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        if (error instanceof ProviderError || signal.aborted) return reject(error);
        if (req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE'))
          return reject(new StaleConnection(error));
        reject(
          new ProviderError('unreachable', `cannot reach the chat API: ${error.message}`, { cause: error }),
        );
      });
      req.end(payload);
    });
  }

  return {
    async *stream({ model, messages, signal, json }: AnswerRequest): AsyncIterable<AnswerPiece> {
      let response: IncomingMessage;
      try {
        response = await post(
          {
            model,
            messages,
            stream: true,
            stream_options: { include_usage: true },
            max_tokens: config.maxTokens,
            ...(json ? { response_format: jsonSchemaFormat(json) } : {}),
          },
          signal,
          config.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
        );
      } catch (error) {
        if (signal.aborted) return;
        throw error;
      }
      let finished = false;
      try {
        for await (const data of eventData(response)) {
          // Read on to the end of the body rather than break: the connection then stays open for reuse.
          if (data === '[DONE]') continue;
          const chunk = JSON.parse(data) as CompletionChunk;
          if (chunk.error)
            throw new ProviderError('upstream', `chat API stream error: ${chunk.error.message}`);
          const choice = chunk.choices?.[0];
          if (choice?.finish_reason) finished = true;
          if (choice?.delta?.content) yield { type: 'text', text: choice.delta.content };
          if (choice?.delta?.refusal) yield { type: 'refusal', text: choice.delta.refusal };
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
      } catch (error) {
        // Aborted through the signal (stop, idle): the caller knows why; the iteration just ends.
        if (signal.aborted) return;
        if (error instanceof ProviderError) throw error;
        throw new ProviderError('upstream', `the chat stream broke off: ${(error as Error).message}`, {
          cause: error,
        });
      } finally {
        // Stopped early (the consumer broke off, or a failure): the socket is not reused.
        if (!response.complete) response.destroy();
      }
      // A body that ends cleanly but without a finish reason was cut short somewhere on the way.
      if (!finished && !signal.aborted) {
        throw new ProviderError('upstream', 'the chat stream ended without a finish_reason');
      }
    },

    async complete({ model, messages, signal }: AnswerRequest) {
      const response = await post(
        { model, messages, stream: false, max_tokens: config.maxTokens },
        signal,
        COMPLETE_TIMEOUT_MS,
      );
      const text = await readText(response);
      let answer: CompletionChunk;
      try {
        answer = JSON.parse(text) as CompletionChunk;
      } catch (error) {
        throw new ProviderError('upstream', 'the chat API answered with something other than JSON', {
          cause: error,
        });
      }
      const usage = answer.usage
        ? { promptTokens: answer.usage.prompt_tokens, completionTokens: answer.usage.completion_tokens }
        : null;
      return { text: answer.choices?.[0]?.message?.content ?? '', usage };
    },
  };
}
