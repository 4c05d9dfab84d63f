import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface FakeRembg {
  /** `http://127.0.0.1:<port>/api/remove`, for MATTING_URL. */
  url: string;
  /** Requests in the order they came, by the form field that carried the image and the path. */
  seen: { field: string; path: string }[];
  mode: 'ok' | 'busy' | 'broken';
  /** Each answer takes this long, as a real model does. */
  delayMs: number;
  /**
   * Holds the `from`-th request (1-based) and every later one until the returned function is
   * called: a caller is then certainly mid-image, however slow the machine.
   */
  hold(from: number): () => void;
  close(): Promise<void>;
}

/**
 * A matting service speaking rembg's protocol (`POST /api/remove`, multipart `file`, a PNG back):
 * the product is every pixel darker than 200 in red.
 */
export async function startFakeRembg(): Promise<FakeRembg> {
  let held: { from: number; released: Promise<void> } | null = null;
  const state: FakeRembg = {
    url: '',
    seen: [],
    mode: 'ok',
    delayMs: 0,
    hold(from) {
      let release = () => {};
      held = { from, released: new Promise<void>((resolve) => (release = resolve)) };
      return () => release();
    },
    close: async () => {},
  };
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      body: Buffer.concat(chunks),
    }).formData();
    const file = form.get('file');
    state.seen.push({ field: file ? 'file' : 'none', path: request.url ?? '' });
    if (held && state.seen.length >= held.from) await held.released;
    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (state.mode === 'busy') return response.writeHead(503, { 'retry-after': '12' }).end();
    if (state.mode === 'broken' || !(file instanceof Blob)) return response.writeHead(500).end();
    const { data, info } = await sharp(Buffer.from(await file.arrayBuffer()))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const alpha = Buffer.alloc(info.width * info.height);
    for (let p = 0; p < alpha.length; p += 1) alpha[p] = (data[p * 3] as number) < 200 ? 255 : 0;
    const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
      .joinChannel(alpha, { raw: { width: info.width, height: info.height, channels: 1 } })
      .png()
      .toBuffer();
    response.writeHead(200, { 'content-type': 'image/png' }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/remove`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
