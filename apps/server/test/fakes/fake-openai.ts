import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isListingRequest, listingReply } from './fake-listing-answers.ts';
import { isTranslateRequest, translateReply } from './fake-translate-answers.ts';

/**
 * A fake OpenAI-compatible chat API that speaks the real wire protocol: `POST /v1/chat/completions`,
 * SSE chunks ending in `data: [DONE]`, a usage chunk with empty `choices`, multi-byte characters split
 * across network writes, and the error bodies real providers send. The last user message picks the
 * behaviour, so tests (and a person in a browser) steer it by what they ask:
 *
 * - `[slow]`    a long answer, one piece every `slowMs`
 * - `[silent]`  headers, then nothing (the idle limit must end it)
 * - `[cut]`     some text, then the connection is destroyed
 * - `[truncate]` some text, then the response ends cleanly, without a finish reason or `[DONE]`
 * - `[401]` `[402]` `[404]` `[429]` `[500]`  the provider's error answers (or `failWhen`, picked by the body)
 * - `/401/v1/…`, `/silent/v1/…`: the path's behaviour on every question (a dead channel)
 * - `[burst]`   the whole event stream, headers to `[DONE]`, in one write, as a buffering relay sends it
 * - `[html]`    an answer full of HTML and script-bearing Markdown
 * - `[code]`    an answer with a fenced code block
 * - a listing request (fake-listing-answers.ts): JSON listings, malformed JSON, refusals
 * - an image translation (fake-translate-answers.ts): the blocks in English, or prose once
 * - anything else: an answer in Markdown that repeats the question, names the system prompt's first
 *   line and the number of earlier messages, with Chinese and emoji split mid-character.
 */

export interface RecordedRequest {
  model: string;
  stream: boolean;
  messages: { role: string; content: string }[];
  authorization: string | undefined;
  streamOptions: unknown;
  maxTokens: unknown;
  responseFormat: unknown;
}

export interface FakeOpenAi {
  url: string;
  requests: RecordedRequest[];
  /** Requests whose client went away before the answer was complete. */
  aborted: number;
  /** Answers completed to the end. */
  completed: number;
  /** The usage reported with each answer (the cost ledger's source). */
  usage: { promptTokens: number; completionTokens: number }[];
  /** Keys answered with 401, as a provider answers a revoked key; the test may change it. */
  refusedKeys: Set<string>;
  /** Picks an error status for a request from its body (null: answer as usual); the test may change it. */
  failWhen: FailWhen | null;
  close(): Promise<void>;
}

/**
 * An error status (500, 429…) for the requests it picks, e.g. only those asking for German, or
 * 'silent': headers, then nothing (as `[silent]`).
 */
export type FailWhen = (body: {
  model: string;
  messages: { role: string; content: string }[];
}) => number | 'silent' | null;

export interface FakeOpenAiOptions {
  port?: number;
  /** Delay between pieces of a normal answer. */
  pieceMs?: number;
  /** Delay between pieces of a `[slow]` answer. */
  slowMs?: number;
  /** Every streamed answer as `[burst]` does (for requests whose text the test does not write). */
  burst?: boolean;
  /** A behaviour tag (`[401]`, `[silent]`…) applied to every question: a provider that always does this. */
  always?: string;
  /** Keys the provider refuses (401) from the start. */
  refusedKeys?: string[];
  /** A provider without structured output (DeepSeek): a 400 for any `response_format: json_schema`. */
  noSchema?: boolean;
  /** Requests answered with an error status from the start (see `FakeOpenAi.failWhen`). */
  failWhen?: FailWhen;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chunk(id: string, model: string, delta: Record<string, unknown>, finish: string | null = null) {
  return {
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  };
}

function errorBody(status: number): { error: Record<string, unknown> } {
  if (status === 401)
    return {
      error: {
        message: 'Incorrect API key provided.',
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      },
    };
  if (status === 402) return { error: { message: 'Insufficient Balance', type: 'unknown_error' } };
  if (status === 404)
    return { error: { message: 'Model Not Exist', type: 'invalid_request_error', code: 'model_not_found' } };
  if (status === 429)
    return {
      error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' },
    };
  return {
    error: { message: 'The server had an error while processing your request.', type: 'server_error' },
  };
}

const HTML_ANSWER = [
  '## 测试 HTML',
  '<script>window.__pwned = true</script>',
  '<img src="x" onerror="window.__pwned = true" alt="坏图">',
  '[点我](javascript:window.__pwned=true)',
  '<a href="javascript:window.__pwned=true">另一个链接</a>',
  '<iframe src="https://example.com"></iframe>',
  '<b>加粗仍然可以</b>',
].join('\n\n');

const CODE_ANSWER = '下面是示例代码：\n\n```python\nprint("出海助手")\n```\n\n以上。';

/** The answer the fake gives to a question, before it is cut into pieces. */
export function fakeAnswer(messages: { role: string; content: string }[]): string {
  const question = messages.findLast((m) => m.role === 'user')?.content ?? '';
  if (question.includes('[html]')) return HTML_ANSWER;
  if (question.includes('[code]')) return CODE_ANSWER;
  if (question.includes('[slow]')) return Array.from({ length: 80 }, (_, i) => `第${i + 1}段。`).join('');
  const system = messages.find((m) => m.role === 'system')?.content.split('\n', 1)[0] ?? '';
  const earlier = messages.filter((m) => m.role !== 'system').length - 1;
  return [
    `**回答**：你问的是「${question}」。`,
    '',
    `- 系统提示：${system.slice(0, 30)}`,
    `- 上下文：${earlier} 条`,
    '- 表情：🚀🌏✨',
  ].join('\n');
}

/** Splits text into pieces of a few characters (by code point, so emoji stay whole inside a piece). */
function pieces(text: string, size = 3): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8'));
}

/** Writes an SSE frame, splitting its bytes in the middle of a multi-byte character when there is one. */
async function writeSplit(res: ServerResponse, frame: string): Promise<void> {
  const bytes = Buffer.from(frame, 'utf8');
  const multiByte = bytes.findIndex((b) => b >= 0xc0);
  if (multiByte < 0) {
    res.write(bytes);
    return;
  }
  res.write(bytes.subarray(0, multiByte + 1));
  await sleep(2);
  res.write(bytes.subarray(multiByte + 1));
}

/**
 * What the console asks besides questions: `GET /models` (获取模型列表) and the new-api/one-api
 * billing pair (刷新余额: $20 granted, $1.25 used). Under `/401/` the key is refused as for questions.
 */
function consoleAnswer(url: string, res: ServerResponse): boolean {
  const path = url.split('?', 1)[0] ?? '';
  const known = ['/models', '/dashboard/billing/subscription', '/dashboard/billing/usage'].find((tail) =>
    path.endsWith(tail),
  );
  if (!known) return false;
  res.writeHead(path.startsWith('/401/') ? 401 : 200, { 'content-type': 'application/json' });
  if (path.startsWith('/401/')) res.end(JSON.stringify(errorBody(401)));
  else if (known === '/models')
    res.end(
      JSON.stringify({
        object: 'list',
        data: ['fake-standard', 'fake-advanced', 'fake-long-context'].map((id) => ({
          id,
          object: 'model',
          created: 1_700_000_000,
          owned_by: 'fake',
        })),
      }),
    );
  else if (known === '/dashboard/billing/usage')
    res.end(JSON.stringify({ object: 'list', total_usage: 125 }));
  else res.end(JSON.stringify({ object: 'billing_subscription', hard_limit_usd: 20, soft_limit_usd: 20 }));
  return true;
}

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const pieceMs = options.pieceMs ?? 5;
  const slowMs = options.slowMs ?? 100;
  const state: FakeOpenAi = {
    url: '',
    requests: [],
    aborted: 0,
    completed: 0,
    usage: [],
    refusedKeys: new Set(options.refusedKeys),
    failWhen: options.failWhen ?? null,
    close: async () => {},
  };

  const server = createServer(async (req, res) => {
    if (req.method === 'GET' && consoleAnswer(req.url ?? '', res)) return;
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
      return;
    }
    const body = await readJson(req);
    const messages = (body.messages ?? []) as { role: string; content: string }[];
    const model = String(body.model ?? '');
    const stream = body.stream === true;
    state.requests.push({
      model,
      stream,
      messages,
      authorization: req.headers.authorization,
      streamOptions: body.stream_options,
      maxTokens: body.max_tokens,
      responseFormat: body.response_format,
    });
    // A path like `/401/v1/chat/completions` is a provider that always answers so (a dead channel in e2e).
    const pathTag = /^\/(\d{3}|silent|cut)\//.exec(req.url ?? '')?.[1];
    const refused = state.refusedKeys.has(req.headers.authorization?.replace(/^Bearer /, '') ?? '');
    const picked = state.failWhen?.({ model, messages }) ?? null;
    const question =
      (messages.findLast((m) => m.role === 'user')?.content ?? '') +
      (options.always ?? '') +
      (pathTag ? `[${pathTag}]` : '') +
      (refused ? '[401]' : '') +
      (picked === 'silent' ? '[silent]' : '');
    let finished = false;
    res.on('close', () => {
      if (!finished) state.aborted += 1;
    });

    for (const status of [401, 402, 404, 429, 500]) {
      if (picked === status || question.includes(`[${status}]`)) {
        finished = true;
        res.writeHead(status, {
          'content-type': 'application/json',
          ...(status === 429 ? { 'retry-after': '7' } : {}),
        });
        res.end(JSON.stringify(errorBody(status)));
        return;
      }
    }

    if (options.noSchema && body.response_format) {
      finished = true;
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: 'This response_format type is unavailable now', type: 'invalid_request_error' },
        }),
      );
      return;
    }
    const listing = isListingRequest(messages) ? listingReply(messages, body.response_format) : null;
    if (listing?.kind === 'error') {
      finished = true;
      res.writeHead(listing.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: listing.message, type: 'invalid_request_error' } }));
      return;
    }
    const answer = isTranslateRequest(messages)
      ? translateReply(messages)
      : listing?.kind === 'json'
        ? listing.text
        : listing
          ? ''
          : fakeAnswer(messages);
    const id = `chatcmpl-${state.requests.length}`;
    const usage = {
      prompt_tokens: 42,
      completion_tokens: [...answer].length,
      total_tokens: 42 + [...answer].length,
    };
    const reportUsage = () => state.usage.push({ promptTokens: 42, completionTokens: [...answer].length });

    if (!stream) {
      finished = true;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
          usage,
        }),
      );
      reportUsage();
      state.completed += 1;
      return;
    }

    if (options.burst || question.includes('[burst]')) {
      const frames = [
        chunk(id, model, { role: 'assistant', content: '' }),
        ...pieces(answer, 12).map((text) => chunk(id, model, { content: text })),
        chunk(id, model, {}, 'stop'),
        { id, object: 'chat.completion.chunk', created: 0, model, choices: [], usage },
      ].map((data) => `data: ${JSON.stringify(data)}\n\n`);
      finished = true;
      state.completed += 1;
      reportUsage();
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.end(`${frames.join('')}data: [DONE]\n\n`);
      return;
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if (question.includes('[silent]')) return;
    const send = (data: unknown) => writeSplit(res, `data: ${JSON.stringify(data)}\n\n`);
    await send(chunk(id, model, { role: 'assistant', content: '' }));
    if (listing?.kind === 'refusal')
      for (const text of pieces(listing.text, 8)) await send(chunk(id, model, { refusal: text }));
    const all = pieces(answer, listing ? 12 : 3);
    const delay = question.includes('[slow]') ? slowMs : pieceMs;
    for (const [index, text] of all.entries()) {
      if (res.destroyed) return;
      if (question.includes('[cut]') && index === 4) {
        res.socket?.destroy();
        return;
      }
      if (question.includes('[truncate]') && index === 4) {
        finished = true;
        res.end();
        return;
      }
      await send(chunk(id, model, { content: text }));
      await sleep(delay);
    }
    await send(chunk(id, model, {}, 'stop'));
    // The usage chunk real providers send with `stream_options.include_usage`: empty choices.
    await send({ id, object: 'chat.completion.chunk', created: 0, model, choices: [], usage });
    reportUsage();
    res.write('data: [DONE]\n\n');
    finished = true;
    state.completed += 1;
    res.end();
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
