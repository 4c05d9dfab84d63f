import { lookup } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { inNetworks, mayConnect, type PrivateNetworks } from './public-address.ts';

/**
 * Downloads a file from a URL that came from outside (an image provider's result link), without
 * letting that URL point the server at itself or its network: https only, every address the name
 * resolves to must be public (checked at connect time, so DNS rebinding cannot slip past), redirects
 * re-checked hop by hop, the body capped while it streams, and the whole download time-bounded.
 * `guardedGet` is the same guard for the console's lookups (channels/provider-lookup.ts).
 */

export class PublicFetchError extends Error {
  override name = 'PublicFetchError';
}

/** The host is, or resolves to, an address the server may not connect to. */
export class ForbiddenAddressError extends PublicFetchError {
  override name = 'ForbiddenAddressError';
}

export interface PublicFetchOptions {
  signal: AbortSignal;
  maxBytes: number;
  timeoutMs: number;
  /**
   * The private networks the operator turned on (CHANNEL_PRIVATE_NETWORKS; this machine in
   * development and tests): links into them are fetched, and only they may be plain http.
   */
  privateNetworks?: PrivateNetworks;
  maxRedirects?: number;
}

/** Judges one address the request would connect to: true lets it through. */
export type AddressCheck = (address: string) => boolean;

/** A `lookup` for http(s).request that refuses a name when any address it resolves to fails `check`. */
function guardedLookup(check: AddressCheck): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as { address: string; family: number }[];
      const refused = list.find((entry) => !check(entry.address));
      if (refused || list.length === 0)
        return callback(
          new ForbiddenAddressError(`${hostname} resolves to ${refused?.address ?? 'nothing'}`),
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

/**
 * GETs `url`, connecting only to addresses that pass `check`: a literal address is judged here (it
 * never goes through the lookup), a name at connect time, every address it resolves to, so a DNS
 * answer that changes between a check and the connection cannot slip past. A fresh connection each
 * time: no pooled socket opened under another check is reused. Redirects are the caller's.
 */
export function guardedGet(
  url: URL,
  options: { signal: AbortSignal; check: AddressCheck; headers?: Record<string, string> },
): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !options.check(host))
    return Promise.reject(new ForbiddenAddressError(`${host} is not public`));
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return Promise.reject(new PublicFetchError(`${url.protocol} links are not fetched`));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        lookup: guardedLookup(options.check),
        signal: options.signal,
        headers: options.headers,
        agent: false,
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * What a provider's result link may reach: https to public addresses; plain http only inside the
 * operator's private networks (a local image server), every address of the name in them.
 */
function resultCheck(raw: string, networks: PrivateNetworks): { url: URL; check: AddressCheck } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PublicFetchError('not a URL');
  }
  if (url.protocol === 'https:') return { url, check: (address) => mayConnect(address, networks) };
  if (url.protocol === 'http:' && networks.length > 0)
    return { url, check: (address) => inNetworks(address, networks) };
  throw new PublicFetchError(`${url.protocol} links are not fetched`);
}

/** GETs `raw` and returns its body, following at most `maxRedirects` re-checked redirects. */
export async function fetchPublicBytes(raw: string, options: PublicFetchOptions): Promise<Buffer> {
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]);
  const networks = options.privateNetworks ?? [];
  let target = resultCheck(raw, networks);
  for (let hop = 0; ; hop += 1) {
    const response = await guardedGet(target.url, { signal, check: target.check });
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hop >= (options.maxRedirects ?? 3)) throw new PublicFetchError('too many redirects');
      target = resultCheck(new URL(response.headers.location, target.url).toString(), networks);
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new PublicFetchError(`answered ${status}`);
    }
    return await readCapped(response, options.maxBytes);
  }
}

/** An answer longer than its cap: declared so, or found so while it streamed. */
export class TooLargeError extends PublicFetchError {
  override name = 'TooLargeError';
}

/**
 * The whole body, read as it streams and given up (the connection closed) as soon as it passes
 * `maxBytes`: never more than the cap and one chunk is held.
 */
export async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length'] ?? 0);
  if (declared > maxBytes) {
    response.destroy();
    throw new TooLargeError(`larger than ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new TooLargeError(`larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
