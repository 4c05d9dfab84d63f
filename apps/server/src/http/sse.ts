import { type ChatStreamEvents, HEADERS } from '@chuhai/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A Server-Sent-Events answer written straight to the socket. */
export interface SseStream<Events = ChatStreamEvents> {
  send<E extends keyof Events & string>(event: E, data: Events[E]): void;
  end(): void;
}

/**
 * Takes the reply over from Fastify and opens an event stream: no buffering in nginx
 * (`X-Accel-Buffering: no`), no caching or transforming by proxies, and a comment line every
 * `heartbeatMs` so a quiet stream is not closed as idle. Headers already set on the reply
 * (request id, security headers) are kept.
 */
export function openSse<Events = ChatStreamEvents>(
  request: FastifyRequest,
  reply: FastifyReply,
  heartbeatMs: number,
): SseStream<Events> {
  reply.hijack();
  const raw = reply.raw;
  // The headers and what the caller sends before the next turn of the event loop (the `start`
  // event) leave in one write; by then the request to the provider, which the first token waits
  // for, has gone out first. A stream that ends in this same turn (a provider whose whole answer
  // came in one read) uncorks before it ends: once the reply finishes, it lets go of its socket,
  // and a later uncork would never reach the socket, leaving everything unsent.
  raw.cork();
  let corked = true;
  const uncork = () => {
    if (!corked) return;
    corked = false;
    raw.uncork();
  };
  setImmediate(uncork);
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    [HEADERS.requestId]: request.id,
  });
  raw.flushHeaders();
  const heartbeat = setInterval(() => {
    if (!raw.writableEnded) raw.write(': ping\n\n');
  }, heartbeatMs);
  heartbeat.unref();
  const stop = () => clearInterval(heartbeat);
  raw.once('close', stop);

  return {
    send(event, data) {
      if (raw.writableEnded || raw.destroyed) return;
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      stop();
      uncork();
      if (!raw.writableEnded) raw.end();
    },
  };
}

/** Aborts when the client goes away before the reply is finished (stop button, closed tab, lost network). */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
