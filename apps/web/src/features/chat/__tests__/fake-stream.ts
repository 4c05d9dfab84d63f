import { vi } from 'vitest';

/** An event-stream Response whose bytes arrive in the given pieces (cut anywhere, even mid-character). */
export function streamResponse(
  frames: { event: string; data: unknown }[],
  pieceSize = 5,
  signal?: AbortSignal,
) {
  const bytes = new TextEncoder().encode(
    frames.map((f) => `event: ${f.event}\ndata: ${JSON.stringify(f.data)}\n\n`).join(''),
  );
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (let i = 0; i < bytes.length; i += pieceSize) {
        if (signal?.aborted) {
          controller.error(new DOMException('aborted', 'AbortError'));
          return;
        }
        controller.enqueue(bytes.slice(i, i + pieceSize));
        await new Promise((r) => setTimeout(r, 0));
      }
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A route's data, fixed or worked out per call (`url` with its query). */
export type RouteData = unknown | ((call: { url: string; body: unknown }) => unknown);

/**
 * A fetch that answers by path; `sendMsg` gets its own handler (the stream). A route whose value is
 * a function answers with what it returns for each call. Records every call.
 */
export function stubChatFetch(
  sendMsg: (body: Record<string, unknown>, signal?: AbortSignal) => Response | Promise<Response>,
  routes: Record<string, RouteData> = {},
) {
  const calls: { url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url, body });
    const path = url.split('?', 1)[0] ?? url;
    if (path === '/api/v1/sendMsg/') return sendMsg(body, init.signal ?? undefined);
    if (path in routes) {
      const route = routes[path];
      const data = await (typeof route === 'function' ? route({ url, body }) : route);
      return jsonResponse({ code: 200, msg: '成功', data });
    }
    return jsonResponse({ code: 404, msg: '接口不存在', data: null }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
