import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * The guard that keeps webhook deliveries off the service's own network: only https (the local runtime alone also
 * allows http to loopback), and no address that is private, loopback, link-local, the metadata service, shared,
 * reserved, multicast, or IPv4-mapped IPv6. It runs on the URL at registration and again on every address a host
 * resolves to at send time, inside the connection's own DNS lookup, so a name cannot change its answer between
 * the check and the connect. IPv4 written in decimal, octal or hex is normalised by the URL parser first, so
 * `https://2130706433/` is checked as 127.0.0.1.
 */
// One list per family: a BlockList matches IPv4 addresses against IPv6 rules as IPv4-mapped addresses, so a
// single list holding ::ffff:0:0/96 would block every IPv4 address.
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blockedV4.addSubnet(network, prefix, 'ipv4');
// Every IPv6 form that embeds or translates an IPv4 address is refused whole, whatever IPv4 address it carries:
// a gateway on the way may turn it into that IPv4 address (the metadata service, a private network).
export const EMBEDS_IPV4: readonly (readonly [string, number, string])[] = [
  ['::', 96, 'IPv4-compatible (deprecated, RFC 4291)'],
  ['::ffff:0:0', 96, 'IPv4-mapped (RFC 4291)'],
  ['::ffff:0:0:0', 96, 'IPv4-translated (RFC 2765)'],
  ['64:ff9b::', 96, 'NAT64 well-known prefix (RFC 6052)'],
  ['64:ff9b:1::', 48, 'NAT64 local-use prefix (RFC 8215)'],
  ['2001::', 32, 'Teredo (RFC 4380)'],
  ['2002::', 16, '6to4 (RFC 3056)'],
];
for (const [network, prefix] of [
  ['::1', 128], ['100::', 64], ['2001::', 23], ['2001:db8::', 32],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blockedV6.addSubnet(network, prefix, 'ipv6');
const unspecifiedOrLoopbackV6 = new BlockList();
unspecifiedOrLoopbackV6.addAddress('::', 'ipv6');
unspecifiedOrLoopbackV6.addAddress('::1', 'ipv6');
const embeddings = EMBEDS_IPV4.map(([network, prefix, name]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, 'ipv6');
  return { list, name };
});

/** IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible forms, in any spelling, once the URL parser normalised them. */
function isMappedV4(address: string): boolean {
  const normalized = new URL(`http://[${address}]/`).hostname.replace(/^\[|\]$/g, '');
  return /^::ffff:/i.test(normalized) || /^::[0-9a-f]{1,4}:[0-9a-f]{1,4}$/i.test(normalized);
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

export interface GuardOptions {
  /** Only the local runtime: http and loopback addresses are allowed, for receivers on the same machine. */
  readonly allowLoopback: boolean;
}

function family(address: string): 'ipv4' | 'ipv6' | null {
  const kind = isIP(address);
  return kind === 4 ? 'ipv4' : kind === 6 ? 'ipv6' : null;
}

/** Why this address may not be called, or null when it may. */
export function addressProblem(address: string, options: GuardOptions): string | null {
  const kind = family(address);
  if (!kind) return 'is not an IP address';
  const refusal = 'resolves to a private, loopback, link-local or reserved address';
  if (options.allowLoopback && loopback.check(address, kind)) return null;
  if (kind === 'ipv6' && !unspecifiedOrLoopbackV6.check(address, 'ipv6')) {
    const embedding = embeddings.find((candidate) => candidate.list.check(address, 'ipv6'));
    if (embedding) return `embeds an IPv4 address (${embedding.name})`;
    if (isMappedV4(address)) return 'is an IPv4-mapped IPv6 address';
  }
  return (kind === 'ipv4' ? blockedV4 : blockedV6).check(address, kind) ? refusal : null;
}

const stripBrackets = (host: string) => host.replace(/^\[|\]$/g, '');

/** Checks a URL's form and any IP literal in it, without resolving names; null when it passes. */
export function urlProblem(text: string, options: GuardOptions): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute URL';
  }
  const host = stripBrackets(url.hostname);
  const isLoopbackName = host === 'localhost' || (family(host) !== null && loopback.check(host, family(host)!));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowLoopback && isLoopbackName)) return 'must use https';
  if (url.username || url.password) return 'must not carry credentials';
  if (family(host)) return addressProblem(host, options);
  return null;
}

/** Resolves a host and checks every address it answers with. */
export async function resolvedProblem(host: string, options: GuardOptions): Promise<string | null> {
  const bare = stripBrackets(host);
  if (family(bare)) return addressProblem(bare, options);
  const addresses = await new Promise<LookupAddress[] | null>((resolve) => dnsLookup(bare, { all: true }, (error, found) => resolve(error ? null : found)));
  if (!addresses || addresses.length === 0) return 'has a host that does not resolve';
  for (const { address } of addresses) {
    const problem = addressProblem(address, options);
    if (problem) return problem;
  }
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses to connect to any address the guard forbids. */
export function guardedLookup(options: GuardOptions) {
  return (hostname: string, lookupOptions: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const problem = addresses.map((entry) => addressProblem(entry.address, options)).find((found) => found !== null);
      if (problem) return callback(Object.assign(new Error(`Refused: ${hostname} ${problem}`), { code: 'EBLOCKED' }), []);
      if (lookupOptions.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}
