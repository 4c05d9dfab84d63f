import { lookup } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Downloads a file from a URL that came from outside (an image provider's result link), without
 * letting that URL point the server at itself or its network: https only, every address the name
 * resolves to must be public (checked at connect time, so DNS rebinding cannot slip past), redirects
 * re-checked hop by hop, the body capped while it streams, and the whole download time-bounded.
 */

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

export class PublicFetchError extends Error {
  override name = 'PublicFetchError';
}

export interface PublicFetchOptions {
  signal: AbortSignal;
  maxBytes: number;
  timeoutMs: number;
  /** Development and tests: http:// to this machine is allowed (fake providers run there). */
  allowLoopback?: boolean;
  maxRedirects?: number;
}

function family(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

/** Whether an address may be connected to. IPv4-mapped IPv6 is judged as the IPv4 it carries. */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  if (allowLoopback && LOOPBACK.check(plain, family(plain))) return true;
  return !PRIVATE.check(plain, family(plain));
}

/** A `lookup` for http(s).request that refuses names resolving to any non-public address. */
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as { address: string; family: number }[];
      const refused = list.find((entry) => !isPublicAddress(entry.address, allowLoopback));
      if (refused || list.length === 0)
        return callback(
          new PublicFetchError(`${hostname} resolves to ${refused?.address ?? 'nothing'}`),
          '',
          4,
        );
      const first = list[0] as { address: string; family: number };
      if ((options as { all?: boolean }).all)
        return (callback as (e: null, a: typeof list) => void)(null, list);
      callback(null, first.address, first.family);
    });
  };
}

function checkUrl(raw: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PublicFetchError('not a URL');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopbackHost = host === 'localhost' || (isIP(host) !== 0 && LOOPBACK.check(host, family(host)));
  // A literal address never goes through the lookup, so it is judged here.
  if (isIP(host) !== 0 && !isPublicAddress(host, allowLoopback))
    throw new PublicFetchError(`${host} is not public`);
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && allowLoopback && loopbackHost) return url;
  throw new PublicFetchError(`${url.protocol} links are not fetched`);
}

function get(url: URL, options: PublicFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { lookup: guardedLookup(options.allowLoopback ?? false), signal }, resolve);
    req.on('error', reject);
    req.end();
  });
}

/** GETs `raw` and returns its body, following at most `maxRedirects` re-checked redirects. */
export async function fetchPublicBytes(raw: string, options: PublicFetchOptions): Promise<Buffer> {
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]);
  let url = checkUrl(raw, options.allowLoopback ?? false);
  for (let hop = 0; ; hop += 1) {
    const response = await get(url, options, signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hop >= (options.maxRedirects ?? 3)) throw new PublicFetchError('too many redirects');
      url = checkUrl(new URL(response.headers.location, url).toString(), options.allowLoopback ?? false);
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new PublicFetchError(`answered ${status}`);
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > options.maxBytes) {
      response.destroy();
      throw new PublicFetchError(`larger than ${options.maxBytes} bytes`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > options.maxBytes) {
        response.destroy();
        throw new PublicFetchError(`larger than ${options.maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }
}
