import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { fetchPublicBytes, isPublicAddress, PublicFetchError } from '../src/lib/public-fetch.ts';

const base = { maxBytes: 1024 * 1024, timeoutMs: 2000 };
const fetchAs = (url: string, extra: Partial<Parameters<typeof fetchPublicBytes>[1]> = {}) =>
  fetchPublicBytes(url, { signal: new AbortController().signal, ...base, ...extra });

describe('fetching provider result links (SSRF guards)', () => {
  let server: Server;
  let local: string;
  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/image') return res.end(Buffer.from('PNG-BYTES'));
      if (req.url === '/to-metadata') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return res.end();
      }
      if (req.url === '/to-private') {
        res.writeHead(302, { location: 'https://10.1.2.3/secret' });
        return res.end();
      }
      if (req.url === '/to-image') {
        res.writeHead(302, { location: '/image' });
        return res.end();
      }
      if (req.url === '/huge') {
        // No content-length: the cap must hold while streaming.
        const chunk = Buffer.alloc(64 * 1024, 1);
        let sent = 0;
        const write = () => {
          while (sent < 40 && res.write(chunk)) sent += 1;
          if (sent < 40) res.once('drain', write);
          else res.end();
        };
        return write();
      }
      if (req.url === '/silent') return; // never answers
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    local = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it('fetches from this machine only when allowed (development fakes), following safe redirects', async () => {
    assert.equal(String(await fetchAs(`${local}/image`, { allowLoopback: true })), 'PNG-BYTES');
    assert.equal(String(await fetchAs(`${local}/to-image`, { allowLoopback: true })), 'PNG-BYTES');
    await assert.rejects(fetchAs(`${local}/image`), PublicFetchError, 'loopback is not public');
  });

  it('refuses plain http, private, loopback, link-local and mapped addresses', async () => {
    for (const url of [
      'http://images.example.com/a.png',
      'https://10.0.0.8/a.png',
      'https://172.20.1.1/a.png',
      'https://192.168.1.10/a.png',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/a.png',
      'https://[fd00::1]/a.png',
      'https://[::ffff:127.0.0.1]/a.png',
      'https://0.0.0.0/a.png',
      'file:///etc/passwd',
      'ftp://example.com/a',
    ]) {
      await assert.rejects(fetchAs(url), PublicFetchError, url);
    }
  });

  it('checks the addresses a name resolves to, when it connects', async () => {
    await assert.rejects(fetchAs('https://localhost/a.png'), /resolves to (127\.0\.0\.1|::1)/);
  });

  it('re-checks every redirect', async () => {
    await assert.rejects(fetchAs(`${local}/to-metadata`, { allowLoopback: true }), PublicFetchError);
    await assert.rejects(
      fetchAs(`${local}/to-private`, { allowLoopback: true }),
      /10\.1\.2\.3 is not public/,
    );
  });

  it('stops a body past the cap while it streams, and a download that takes too long', async () => {
    await assert.rejects(fetchAs(`${local}/huge`, { allowLoopback: true }), /larger than 1048576 bytes/);
    // The silent server never answers: only the download's own timer can end this.
    await assert.rejects(
      fetchAs(`${local}/silent`, { allowLoopback: true, timeoutMs: 200 }),
      (error: Error) => {
        assert.equal((error.cause as Error | undefined)?.name, 'TimeoutError');
        return true;
      },
    );
  });

  it('judges addresses as public or not', () => {
    assert.equal(isPublicAddress('203.0.113.9'), true);
    assert.equal(isPublicAddress('2400:3200::1'), true);
    assert.equal(isPublicAddress('100.64.0.1'), false, 'carrier-grade NAT');
    assert.equal(isPublicAddress('::ffff:10.0.0.1'), false);
    assert.equal(isPublicAddress('127.0.0.1', true), true);
  });
});
