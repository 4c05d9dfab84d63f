import { describe, expect, it } from 'vitest';
import { createSseParser, readSse, type SseFrame } from '../sse';

const STREAM =
  'event: start\ndata: {"id":7}\n\n' +
  ': ping\n\n' +
  'event: text\ndata: {"text":"跨境电商🚀出海"}\n\n' +
  'event: text\ndata: {"text":"第二段 ✨"}\n\n' +
  'event: done\ndata: {"id":7}\n\n';

function parseInPieces(bytes: Uint8Array, cuts: number[]): SseFrame[] {
  const frames: SseFrame[] = [];
  const parser = createSseParser((f) => frames.push(f));
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    parser.push(bytes.subarray(start, cut));
    start = cut;
  }
  parser.end();
  return frames;
}

describe('the SSE frame parser', () => {
  const bytes = new TextEncoder().encode(STREAM);
  const whole = parseInPieces(bytes, []);

  it('reads events and data, and drops comment lines', () => {
    expect(whole.map((f) => f.event)).toEqual(['start', 'text', 'text', 'done']);
    expect(JSON.parse(whole[1]?.data ?? '').text).toBe('跨境电商🚀出海');
  });

  it('gives the same frames however the bytes are split, even inside a Chinese character or an emoji', () => {
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(parseInPieces(bytes, [cut])).toEqual(whole);
    }
  });

  it('gives the same frames when every byte arrives alone', () => {
    const everyByte = Array.from({ length: bytes.length - 1 }, (_, i) => i + 1);
    expect(parseInPieces(bytes, everyByte)).toEqual(whole);
  });

  it('accepts CRLF line ends, a CRLF split across pieces, multi-line data and a last frame without a blank line', () => {
    const text = 'event: text\r\ndata: 第一行\r\ndata: 第二行\r\n\r\nevent: done\r\ndata: {}';
    const crlf = new TextEncoder().encode(text);
    const cutInsideCrlf = text.indexOf('\r\n') + 1;
    const frames = parseInPieces(crlf, [cutInsideCrlf]);
    expect(frames).toEqual([
      { event: 'text', data: '第一行\n第二行' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('readSse reads a response body to its end', async () => {
    const body = new Response(bytes).body as ReadableStream<Uint8Array>;
    const frames: SseFrame[] = [];
    await readSse(body, (f) => frames.push(f));
    expect(frames).toEqual(whole);
  });
});
