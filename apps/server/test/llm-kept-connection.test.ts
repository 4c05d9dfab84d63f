/**
 * The chat adapter over a kept (keep-alive) connection the provider has closed: the request is sent
 * again on a new connection instead of telling the seller 「无法连接 AI 服务」. A connection that
 * fails when it is new is still a failure, said once.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import { openAiCompatibleModel } from '../src/providers/llm/openai-compatible.ts';

/** One streamed answer, as OpenAI's API sends it. */
function answer(text: string): string {
  const chunk = (body: unknown) => `data: ${JSON.stringify(body)}\n\n`;
  return (
    chunk({ choices: [{ delta: { content: text } }] }) +
    chunk({ choices: [{ delta: {}, finish_reason: 'stop' }] }) +
    'data: [DONE]\n\n'
  );
}

/**
 * A provider that answers the first request on each connection and, on a connection's second
 * request, drops the connection without a word: as a server does whose keep-alive ran out just as
 * the request arrived. `refuseAll` drops every request.
 */
async function provider(refuseAll = false) {
  const served = new WeakMap<Socket, number>();
  let connections = 0;
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests += 1;
    const count = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, count);
    if (refuseAll || count > 1) return void req.socket.destroy();
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(answer(`answer ${requests}`));
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    counts: () => ({ connections, requests }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function ask(model: ReturnType<typeof openAiCompatibleModel>): Promise<string> {
  let text = '';
  const request = {
    model: 'm',
    messages: [{ role: 'user' as const, content: 'hi' }],
    signal: AbortSignal.timeout(5000),
  };
  for await (const piece of model.stream(request)) if (piece.type === 'text') text += piece.text;
  return text;
}

describe('chat over a kept connection the provider closed', () => {
  const servers: { close: () => Promise<void> }[] = [];
  after(() => Promise.all(servers.map((s) => s.close())));

  it('asks again on a new connection and answers', async () => {
    const fake = await provider();
    servers.push(fake);
    const model = openAiCompatibleModel({ baseUrl: fake.baseUrl, apiKey: 'k', maxTokens: 100 });
    assert.equal(await ask(model), 'answer 1');
    // The second question goes out on the kept connection, which the provider drops.
    assert.equal(await ask(model), 'answer 3');
    assert.deepEqual(fake.counts(), { connections: 2, requests: 3 });
  });

  it('a new connection that fails is a failure, tried once', async () => {
    const fake = await provider(true);
    servers.push(fake);
    const model = openAiCompatibleModel({ baseUrl: fake.baseUrl, apiKey: 'k', maxTokens: 100 });
    await assert.rejects(ask(model), (error: Error & { kind?: string }) => error.kind === 'unreachable');
    assert.deepEqual(fake.counts(), { connections: 1, requests: 1 });
  });
});
