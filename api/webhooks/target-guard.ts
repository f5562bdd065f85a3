/**
 * Webhook targets must be public (issue 9, SSRF): private, loopback, link-local, unspecified, shared,
 * multicast and reserved addresses are refused when an endpoint is saved and again at delivery, after DNS
 * resolution, on every address the name resolves to; the delivery then connects to the address that was
 * checked (`pinnedLookup`), so a DNS answer that changes in between (rebinding) cannot swap it.
 * IPv4 written as an integer, in octal or hex (http://2130706433/, http://0x7f.1/) reaches us already
 * normalised by the WHATWG URL parser; IPv4-mapped / NAT64 IPv6 forms are checked as the IPv4 they carry.
 *
 * WEBHOOK_ALLOW_PRIVATE_HOSTS (comma-separated host names or addresses, e.g. `127.0.0.1,localhost`) lets
 * development and tests reach a receiver on such an address; empty in production.
 */
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  // Transition tunnels carry any IPv4 address inside (6to4 2002:7f00:1:: is 127.0.0.1; Teredo an obfuscated one),
  // and a host with such a route would reach it: no webhook receiver needs them.
  ['2002::', 16], // 6to4
  ['2001::', 32], // Teredo
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** The IPv4 address an IPv6 address carries (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible, NAT64 64:ff9b::), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::|::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True when the address (IPv4 or IPv6 text) is one a webhook may reach. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== null) return isPublicAddress(v4);
    return !blocked.check(address, 'ipv6');
  }
  return false;
}

/** The allow-list of WEBHOOK_ALLOW_PRIVATE_HOSTS, lower-cased. */
export function allowedPrivateHosts(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.WEBHOOK_ALLOW_PRIVATE_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase().replace(/^\[|\]$/g, ''))
    .filter(Boolean);
}

/** The host of a URL without IPv6 brackets, lower-cased. */
export const bareHost = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');

export class PrivateTargetError extends Error {
  constructor(host: string) {
    super(`target ${host} is a private, loopback or link-local address`);
  }
}

const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** The addresses a host name resolves to (all families). */
function resolveAll(host: string): Promise<{ address: string; family: number }[]> {
  return new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));
}

/**
 * Checks a target before saving it: an address literal or a local name must be public (or allowed); a
 * name is resolved and every address checked. A name that does not resolve now is accepted (delivery
 * checks again). Throws PrivateTargetError.
 */
export async function assertPublicTarget(url: URL, allow: string[]): Promise<void> {
  const host = bareHost(url);
  if (allow.includes(host)) return;
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw new PrivateTargetError(host);
    return;
  }
  if (isLocalName(host)) throw new PrivateTargetError(host);
  let addresses: { address: string }[];
  try {
    addresses = await resolveAll(host);
  } catch {
    return;
  }
  if (addresses.some((a) => !isPublicAddress(a.address) && !allow.includes(a.address))) throw new PrivateTargetError(host);
}

/**
 * A `lookup` for http(s).request: resolves the name, refuses it when ANY address is not public (unless
 * allowed), and hands the connection exactly the addresses it checked.
 */
export function pinnedLookup(allow: string[]): LookupFunction {
  return (hostname, options, callback) => {
    const host = hostname.toLowerCase();
    resolveAll(host).then(
      (addresses) => {
        const allowed = allow.includes(host);
        const refused = addresses.find((a) => !allowed && !isPublicAddress(a.address) && !allow.includes(a.address));
        if (refused || !addresses.length) return callback(new PrivateTargetError(host), '', 0);
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (!wanted.length) return callback(Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) return (callback as unknown as (e: null, a: typeof wanted) => void)(null, wanted);
        return callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
