import { buildHeaders, envelopeOf, handleEnvelope } from './api-client';

/**
 * A Server-Sent-Events frame parser that is safe for any split of the bytes: the network may cut a
 * frame, a line or a multi-byte character anywhere. Bytes go through one `TextDecoder` in streaming
 * mode (which holds back an incomplete character), text through a line buffer (which holds back an
 * incomplete frame).
 */

export interface SseFrame {
  event: string;
  data: string;
}

/** Returns `push(bytes)` and `end()`; each complete frame is handed to `onFrame`. Comments are dropped. */
export function createSseParser(onFrame: (frame: SseFrame) => void) {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  let event = '';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length > 0) onFrame({ event: event || 'message', data: data.join('\n') });
    event = '';
    data = [];
  };

  const takeLines = (final: boolean) => {
    // A trailing '\r' may be the first half of '\r\n': it waits for the next bytes.
    const hold = !final && buffer.endsWith('\r') ? '\r' : '';
    const lines = (hold ? buffer.slice(0, -1) : buffer).split(/\r\n|\r|\n/);
    // The last piece is an unfinished line, unless the stream has ended.
    buffer = final ? '' : (lines.pop() ?? '') + hold;
    for (const line of lines) {
      if (line === '') dispatch();
      else if (line.startsWith(':')) continue;
      else {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
    }
  };

  return {
    push(bytes: Uint8Array) {
      buffer += decoder.decode(bytes, { stream: true });
      takeLines(false);
    },
    end() {
      buffer += decoder.decode();
      takeLines(true);
      dispatch();
    },
  };
}

/** Reads a response body to the end, feeding every frame to `onFrame`. Rejects with the reader's error (an abort too). */
export async function readSse(
  body: ReadableStream<Uint8Array>,
  onFrame: (frame: SseFrame) => void,
): Promise<void> {
  const parser = createSseParser(onFrame);
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.push(value);
  }
  parser.end();
}

/** How a streamed call answered: as a stream of events, or with a plain envelope's data. */
export type SseAnswer<T> = { kind: 'stream' } | { kind: 'json'; data: T };

/**
 * `POST url` with a JSON body, asking for an event stream. Each event goes to `onEvent` with its
 * data parsed as it arrives. A server that refuses before it starts answers a plain envelope
 * instead: its data is returned, its error thrown as `ApiError` (through the error catalogue).
 * Network failures and aborts reject as `fetch` does; the caller names what they mean.
 */
export async function fetchSSE<T = unknown>(
  url: string,
  options: { body: unknown; signal: AbortSignal; onEvent: (event: string, data: unknown) => void },
): Promise<SseAnswer<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: buildHeaders(url, { json: true, accept: 'text/event-stream' }),
    body: JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
    const envelope = envelopeOf<T>(await response.text().catch(() => ''), response.status);
    return { kind: 'json', data: handleEnvelope(envelope, { url, silent: true }) };
  }
  await readSse(response.body, ({ event, data }) => options.onEvent(event, JSON.parse(data)));
  return { kind: 'stream' };
}
