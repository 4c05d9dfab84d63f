import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import {
  inNetworks,
  isPublicAddress,
  mayConnect,
  readNetwork,
  THIS_MACHINE,
} from '../src/lib/public-address.ts';
import { ForbiddenAddressError, fetchPublicBytes, PublicFetchError } from '../src/lib/public-fetch.ts';

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
    assert.equal(String(await fetchAs(`${local}/image`, { privateNetworks: THIS_MACHINE })), 'PNG-BYTES');
    assert.equal(String(await fetchAs(`${local}/to-image`, { privateNetworks: THIS_MACHINE })), 'PNG-BYTES');
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
    await assert.rejects(
      fetchAs(`${local}/to-metadata`, { privateNetworks: THIS_MACHINE }),
      PublicFetchError,
    );
    await assert.rejects(
      fetchAs(`${local}/to-private`, { privateNetworks: THIS_MACHINE }),
      /10\.1\.2\.3 is not public/,
    );
  });

  it('stops a body past the cap while it streams, and a download that takes too long', async () => {
    await assert.rejects(
      fetchAs(`${local}/huge`, { privateNetworks: THIS_MACHINE }),
      /larger than 1048576 bytes/,
    );
    // The silent server never answers: only the download's own timer can end this.
    await assert.rejects(
      fetchAs(`${local}/silent`, { privateNetworks: THIS_MACHINE, timeoutMs: 200 }),
      (error: Error) => {
        assert.equal((error.cause as Error | undefined)?.name, 'TimeoutError');
        return true;
      },
    );
  });

  it('fetches plain http only inside the private networks the operator turned on', async () => {
    assert.equal(String(await fetchAs(`${local}/image`, { privateNetworks: ['127.0.0.1'] })), 'PNG-BYTES');
    await assert.rejects(
      fetchAs(`${local}/image`, { privateNetworks: ['192.168.1.0/24'] }),
      ForbiddenAddressError,
      'this machine is not the LAN the operator named',
    );
    await assert.rejects(
      fetchAs(`${local.replace('127.0.0.1', 'localhost')}/image`, { privateNetworks: ['10.0.0.0/8'] }),
      /resolves to/,
    );
  });

  it('refuses every spelling of this machine in a link, before connecting', async () => {
    for (const url of [
      'https://2130706433/a.png',
      'https://0x7f.1/a.png',
      'https://0177.0.0.1/a.png',
      'https://127.1/a.png',
      'https://[::127.0.0.1]/a.png',
      'https://[::ffff:7f00:1]/a.png',
      'https://[::ffff:0:7f00:1]/a.png',
      'https://[64:ff9b::7f00:1]/a.png',
      'https://[64:ff9b:1::a00:1]/a.png',
      'https://[2002:7f00:1::]/a.png',
      'https://[2002:a9fe:a9fe::]/latest/meta-data/',
      'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/a.png',
    ])
      await assert.rejects(fetchAs(url), ForbiddenAddressError, url);
  });

  it('judges addresses as public or not, by the IPv4 an IPv6 form carries', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2400:3200::1', '2606:4700:4700::1111'])
      assert.equal(isPublicAddress(address), true, address);
    // Translated forms of a public IPv4 are as public as it is.
    for (const address of ['2002:0808:0808::', '64:ff9b::808:808', '::ffff:8.8.8.8', '::ffff:0:808:808'])
      assert.equal(isPublicAddress(address), true, address);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1', // carrier-grade NAT
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '198.18.0.1',
      '203.0.113.9', // documentation
      '240.0.0.1',
      '::',
      '::1',
      'fe80::1',
      'fe80::1%eth0',
      'fd00::1',
      'ff02::1',
      '2001:db8::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1', // IPv4-mapped, hex
      '::127.0.0.1', // IPv4-compatible
      '::7f00:1',
      '::a9fe:a9fe',
      '::ffff:0:7f00:1', // SIIT (RFC 6145)
      '::ffff:0:a00:1',
      '64:ff9b::7f00:1', // NAT64 (RFC 6052)
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::808:808', // local-use NAT64: private by definition
      '2002:7f00:1::', // 6to4
      '2002:c0a8:101::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      '2001::1',
      'localhost',
      '2130706433',
      '',
      'not an address',
    ])
      assert.equal(isPublicAddress(address), false, address);
  });

  it('lets through only the private networks the operator named', () => {
    const lan = ['192.168.1.0/24', 'fd00::/8'];
    assert.equal(mayConnect('192.168.1.20', lan), true);
    assert.equal(mayConnect('::ffff:192.168.1.20', lan), true, 'the mapped form of the same address');
    assert.equal(mayConnect('fd00::7', lan), true);
    assert.equal(mayConnect('192.168.2.20', lan), false);
    assert.equal(mayConnect('127.0.0.1', lan), false);
    assert.equal(mayConnect('127.0.0.1'), false);
    assert.equal(mayConnect('127.0.0.1', THIS_MACHINE), true);
    assert.equal(mayConnect('::1', THIS_MACHINE), true);
    assert.equal(mayConnect('8.8.8.8', []), true);
    assert.equal(inNetworks('8.8.8.8', lan), false);
    assert.equal(inNetworks('2002:c0a8:114::', lan), false, '6to4 of a LAN address is not the LAN');
    assert.deepEqual(
      ['127.0.0.1', '10.0.0.0/8', 'fd00::/8', '::1', '0x7f.1', '10.1', 'lan', '10.0.0.0/33'].map(
        (network) => readNetwork(network) !== null,
      ),
      [true, true, true, true, false, false, false, false],
    );
  });
});
