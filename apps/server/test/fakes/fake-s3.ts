import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake S3-compatible store (path-style: `/<bucket>/<key>`): PUT, GET and DELETE of objects, and
 * S3's XML `NoSuchKey` error. It records the Authorization header of each request (SigV4 from the SDK).
 */
export interface FakeS3 {
  url: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  authorizations: string[];
  close(): Promise<void>;
}

export async function startFakeS3(): Promise<FakeS3> {
  const state: FakeS3 = { url: '', objects: new Map(), authorizations: [], close: async () => {} };
  const server = createServer(async (req, res) => {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    state.authorizations.push(String(req.headers.authorization ?? ''));
    const path = decodeURIComponent((req.url ?? '').split('?', 1)[0] ?? '');
    if (req.method === 'PUT') {
      state.objects.set(path, {
        body: Buffer.concat(parts),
        contentType: String(req.headers['content-type'] ?? ''),
      });
      res.writeHead(200, { etag: '"fake"' });
      return res.end();
    }
    if (req.method === 'DELETE') {
      state.objects.delete(path);
      res.writeHead(204);
      return res.end();
    }
    const object = state.objects.get(path);
    if (!object) {
      res.writeHead(404, { 'content-type': 'application/xml' });
      return res.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
      );
    }
    res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
    res.end(object.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
