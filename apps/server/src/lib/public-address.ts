import ipaddr from 'ipaddr.js';

/**
 * Which addresses the server may connect to when a provider (or an operator's typed address) names
 * one: public unicast only, judged by ipaddr.js, which knows the special ranges; an IPv6 address
 * that carries an IPv4 by a translation or tunnelling scheme is judged by the IPv4 it carries.
 * Private addresses pass only inside the networks the operator turned on (CHANNEL_PRIVATE_NETWORKS,
 * for a local SD WebUI or Ollama).
 */

/** Networks as `address/prefix` (or a bare address), checked once at start by `readNetwork`. */
export type PrivateNetworks = readonly string[];

/** This machine: what development and tests allow when CHANNEL_PRIVATE_NETWORKS is unset. */
export const THIS_MACHINE: PrivateNetworks = ['127.0.0.0/8', '::1/128'];

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** `10.0.0.0/8`, `192.168.1.20` or `fd00::/8` as a network; null when it is not one. */
export function readNetwork(text: string): [Address, number] | null {
  const value = text.trim();
  try {
    if (ipaddr.isValidCIDR(value)) return ipaddr.parseCIDR(value);
    // Four decimal parts only: `10.1` or `0x7f.1` in a setting is a typo, not a wish.
    if (ipaddr.IPv6.isValid(value) || ipaddr.IPv4.isValidFourPartDecimal(value)) {
      const address = ipaddr.parse(value);
      return [address, address.kind() === 'ipv4' ? 32 : 128];
    }
  } catch {
    // falls through: not a network
  }
  return null;
}

function parse(text: string): Address | null {
  // Node's resolver and the URL parser give canonical forms; anything else is refused, not guessed.
  const value = text.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(value)) return null;
  try {
    return ipaddr.process(value);
  } catch {
    return null;
  }
}

const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 address an IPv6 one stands for: IPv4-compatible `::a.b.c.d` (ipaddr.js calls it unicast),
 * SIIT `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d` and 6to4 `2002:AABB:CCDD::`. `refuse` for the
 * schemes that lead somewhere we cannot judge: Teredo (a tunnel through a relay) and the local-use
 * NAT64 prefix 64:ff9b:1::/48, which is private by definition. IPv4-mapped forms never get here:
 * `ipaddr.process` turns them into IPv4 first.
 */
function carriedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | 'none' | 'refuse' {
  const p = address.parts as [number, number, number, number, number, number, number, number];
  if (p.slice(0, 6).every((part) => part === 0)) return v4(p[6], p[7]);
  switch (address.range()) {
    case 'rfc6145':
      return v4(p[6], p[7]);
    case 'rfc6052':
      return p[2] === 0 ? v4(p[6], p[7]) : 'refuse';
    case '6to4':
      return v4(p[1], p[2]);
    case 'teredo':
      return 'refuse';
    default:
      return 'none';
  }
}

/** A public unicast address: no loopback, private, link-local, shared, reserved or translated private one. */
export function isPublicAddress(text: string): boolean {
  const address = parse(text);
  if (!address) return false;
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const carried = carriedIPv4(address as ipaddr.IPv6);
  if (carried === 'refuse') return false;
  if (carried !== 'none') return carried.range() === 'unicast';
  return address.range() === 'unicast';
}

/** Whether the address lies inside one of the operator's private networks. */
export function inNetworks(text: string, networks: PrivateNetworks): boolean {
  const address = parse(text);
  if (!address) return false;
  return networks.some((network) => {
    const range = readNetwork(network);
    return range !== null && range[0].kind() === address.kind() && address.match(range);
  });
}

/** Whether the server may connect there: a public address, or one inside the operator's networks. */
export function mayConnect(text: string, networks: PrivateNetworks = []): boolean {
  return isPublicAddress(text) || inNetworks(text, networks);
}
