import { isIP } from 'node:net';
import { type Env, fail } from './read-env.ts';

/** The proxy `TRUST_PROXY=true` means: an nginx on this machine. */
export const LOOPBACK_PROXY = ['127.0.0.1', '::1'];

/**
 * TRUST_PROXY: `false`, `true` (an nginx on this machine: loopback only), proxy addresses / CIDRs,
 * or a hop count. Addresses are the safe kind: a header is believed only from them, so a client
 * that reaches the app port directly cannot choose its own address. A hop count believes whoever
 * connects, and is only for an app port nothing but the proxies can reach.
 */
export function readTrustProxy(env: Env): false | number | string[] {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (['', '0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(raw.toLowerCase())) return LOOPBACK_PROXY;
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  const proxies = raw.split(',').map((part) => part.trim());
  const isAddress = (part: string) => {
    const [address = '', bits, extra] = part.split('/');
    if (extra !== undefined || !isIP(address)) return false;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
  };
  if (proxies.every(isAddress)) return proxies;
  fail(
    'TRUST_PROXY',
    raw,
    '应为 false、true（只信任本机的 nginx）、代理的 IP / CIDR 列表（逗号分隔），或代理层数',
  );
}
