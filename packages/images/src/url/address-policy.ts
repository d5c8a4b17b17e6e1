import { isIPv4, isIPv6 } from 'node:net';

/** IPv4 ranges a server-side fetch must never reach: everything that is not the public internet. */
const blockedIpv4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT: the provider's internal network
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, home of cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, including the broadcast address 255.255.255.255
];

function ipv4ToNumber(ip: string): number {
  return ip.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

const blockedIpv4Ranges = blockedIpv4.map(([base, bits]) => {
  const size = 2 ** (32 - bits);
  const start = ipv4ToNumber(base);
  return { start, end: start + size - 1 };
});

function isBlockedIpv4Number(value: number): boolean {
  return blockedIpv4Ranges.some(({ start, end }) => value >= start && value <= end);
}

/** The eight 16-bit groups of a valid IPv6 address (zone index dropped, dotted IPv4 tail folded in). */
function ipv6Groups(ip: string): number[] {
  let text = ip.split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1] !== undefined) {
    const v4 = ipv4ToNumber(dotted[1]);
    text = `${text.slice(0, dotted.index)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

function embeddedIpv4(high: number, low: number): number {
  return high * 65536 + low;
}

function isBlockedIpv6(ip: string): boolean {
  const g = ipv6Groups(ip);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  // ::ffff:a.b.c.d reaches the IPv4 address itself on a dual-stack host.
  if (upperZero && g5 === 0xffff) return isBlockedIpv4Number(embeddedIpv4(g6, g7));
  // ::, ::1 and the deprecated IPv4-compatible addresses.
  if (upperZero && g5 === 0) return true;
  // NAT64 well-known prefix 64:ff9b::/96: the gateway forwards to the embedded IPv4 address.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return isBlockedIpv4Number(embeddedIpv4(g6, g7));
  }
  // 6to4 2002::/16 embeds an IPv4 address too.
  if (g0 === 0x2002) return isBlockedIpv4Number(embeddedIpv4(g1, g2));
  // Only global unicast (2000::/3) is the internet; this drops unique-local fc00::/7 (and with it
  // AWS's metadata address fd00:ec2::254), link-local fe80::/10, multicast ff00::/8, discard 100::/64.
  if ((g0 & 0xe000) !== 0x2000) return true;
  if (g0 === 0x2001 && g1 < 0x200) return true; // IETF protocol assignments, Teredo included
  if (g0 === 0x2001 && g1 === 0xdb8) return true; // documentation
  if (g0 === 0x3fff && g1 < 0x1000) return true; // documentation (RFC 9637)
  return false;
}

/**
 * Whether a server-side request to this IP address must be refused (SSRF protection): true for
 * loopback, private, link-local, carrier-grade NAT, multicast, reserved and documentation ranges, and
 * for IPv6 forms that lead to such an IPv4 address (mapped, NAT64, 6to4). Anything that is not a
 * valid IP address is refused too.
 */
export function isBlockedAddress(ip: string): boolean {
  const text = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (isIPv4(text)) return isBlockedIpv4Number(ipv4ToNumber(text));
  if (isIPv6(text)) return isBlockedIpv6(text);
  return true;
}
