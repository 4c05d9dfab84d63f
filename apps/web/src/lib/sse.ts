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
