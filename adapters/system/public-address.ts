import { BlockList, isIP } from 'node:net';

/*
 * Which IP addresses a webhook may connect to: public unicast ones only. The ranges below are the IANA special-purpose
 * registries' non-global blocks (RFC 6890 and successors) that matter for server-side request forgery: "this
 * network", private, shared (CGNAT), loopback, link-local, documentation, benchmarking, multicast and reserved, in
 * IPv4 and IPv6; an IPv4 address written as IPv6 (::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d, the deprecated ::a.b.c.d)
 * is refused, and judged by the IPv4 address it carries as well.
 */
// Two lists: a BlockList checks an IPv4 address against its IPv6 rules as ::ffff:a.b.c.d, which the IPv6 list refuses.
const NON_PUBLIC_V4 = new BlockList();
const NON_PUBLIC_V6 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NON_PUBLIC_V4.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23],
  ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['::', 96],
] as const) NON_PUBLIC_V6.addSubnet(net, bits, 'ipv6');

/** The IPv4 address an IPv6 address carries in its last 32 bits when it is mapped, NAT64 or IPv4-compatible; else null. */
function embeddedIpv4(address: string): string | null {
  const groups = expandIpv6(address);
  if (!groups) return null;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && (groups[5] === 0xffff || groups[5] === 0);
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b;
  if (!mapped && !nat64) return null;
  return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part read as two groups); null when malformed. */
function expandIpv6(address: string): number[] | null {
  let text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number);
    text = text.slice(0, -dotted[1]!.length) + `${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const groups = tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** Whether an IP address (v4 or v6, brackets allowed) is a public unicast address; false for anything not an address. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !NON_PUBLIC_V4.check(bare, 'ipv4');
  if (family !== 6) return false;
  // The blocks above refuse every IPv4-carrying form (mapped, NAT64, compatible); the carried address is checked too, so
  // that a form missing from them still cannot reach a private IPv4 address.
  const v4 = embeddedIpv4(bare);
  return !NON_PUBLIC_V6.check(bare, 'ipv6') && (v4 === null || !NON_PUBLIC_V4.check(v4, 'ipv4'));
}
