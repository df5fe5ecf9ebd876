import { BlockList, isIP } from "node:net";

/**
 * Which IP addresses the server may connect to on a user's behalf (image proxy, image analysis).
 * Strict: an address is public only when it is a well-formed unicast address outside every
 * private, loopback, link-local, shared, documentation, benchmarking, multicast and reserved
 * range. Anything that does not parse as an IP address is not public. Pure: no DNS, no I/O.
 */

// IPv4 ranges that are never reachable on the public internet (IANA special-purpose registry).
const V4_BLOCKED: ReadonlyArray<readonly [string, number]> = [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches the local host on Linux
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT (shared address space)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, incl. cloud metadata 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation TEST-NET-1
  ["192.88.99.0", 24], // deprecated 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation TEST-NET-2
  ["203.0.113.0", 24], // documentation TEST-NET-3
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, incl. broadcast 255.255.255.255
];

const v4Blocked = new BlockList();
for (const [net, prefix] of V4_BLOCKED) v4Blocked.addSubnet(net, prefix, "ipv4");

/** Dotted-quad IPv4 (canonical decimal, no leading zeros) as an unsigned 32-bit number, or null. */
function parseV4(s: string): number | null {
  const parts = s.split(".");
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    // Leading zeros are refused: some resolvers read them as octal, so their meaning is ambiguous.
    if (!/^(0|[1-9]\d{0,2})$/.test(p)) return null;
    const v = Number(p);
    if (v > 255) return null;
    n = n * 256 + v;
  }
  return n;
}

const v4String = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");

function isPublicV4(n: number): boolean {
  return !v4Blocked.check(v4String(n), "ipv4");
}

/** An IPv6 address (already validated by isIP) as its eight 16-bit groups. */
function parseV6(s: string): number[] | null {
  let text = s.toLowerCase();
  // A trailing dotted IPv4 (::ffff:1.2.3.4, ::1.2.3.4) becomes two groups.
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (tail.includes(".")) {
    const v4 = parseV4(tail);
    if (v4 === null) return null;
    text = `${text.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  const out: number[] = [];
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
    out.push(parseInt(g, 16));
  }
  return out.length === 8 ? out : null;
}

const embeddedV4 = (hi: number, lo: number) => ((hi << 16) | lo) >>> 0;

function isPublicV6(g: number[]): boolean {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  // ::/96 — the unspecified address, loopback ::1 and deprecated IPv4-compatible ::a.b.c.d. None is
  // a legitimate destination, so the whole block is refused (stricter than checking the IPv4 inside).
  if (zeros(0, 6)) return false;
  // IPv4-mapped ::ffff:a.b.c.d: the socket really connects to the IPv4 address inside.
  if (zeros(0, 5) && g[5] === 0xffff) return isPublicV4(embeddedV4(g[6], g[7]));
  // NAT64 well-known prefix 64:ff9b::/96 reaches the IPv4 address inside through a translator.
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return isPublicV4(embeddedV4(g[6], g[7]));
  // Only global unicast 2000::/3 remains a candidate. This refuses fc00::/7 (unique local), fe80::/10
  // (link-local), fec0::/10 (site-local), ff00::/8 (multicast), 64:ff9b:1::/48 (local NAT64),
  // 100::/64 (discard), 5f00::/16 (SRv6), ::ffff:0:a.b.c.d (IPv4-translated) and everything unassigned.
  if ((g[0] & 0xe000) !== 0x2000) return false;
  // 2001::/23 IETF protocol assignments: Teredo 2001::/32 (tunnels to an obfuscated IPv4),
  // benchmarking 2001:2::/48, ORCHID 2001:10::/28 and 2001:20::/28, and the rest of the block.
  if (g[0] === 0x2001 && g[1] < 0x0200) return false;
  // 2001:db8::/32 documentation.
  if (g[0] === 0x2001 && g[1] === 0x0db8) return false;
  // 6to4 2002::/16 carries an IPv4 address in its next 32 bits; that address must be public.
  if (g[0] === 0x2002) return isPublicV4(embeddedV4(g[1], g[2]));
  // 3fff::/20 documentation (RFC 9637).
  if (g[0] === 0x3fff && g[1] < 0x1000) return false;
  return true;
}

/**
 * True when `ip` is an IPv4 or IPv6 address on the public internet. Accepts what dns.lookup and
 * sockets report: dotted-quad IPv4, any IPv6 notation (compressed, expanded, upper case, with a
 * dotted IPv4 tail) and an IPv6 literal in brackets. A zone index (fe80::1%eth0) is only valid on
 * local scopes, so it is never public; nor is anything that is not an IP address.
 */
export function isPublicAddress(ip: string): boolean {
  if (typeof ip !== "string") return false;
  let s = ip.trim();
  if (s.startsWith("[") && s.endsWith("]")) s = s.slice(1, -1);
  if (s.includes("%")) return false;
  const version = isIP(s);
  if (version === 4) {
    const n = parseV4(s);
    return n !== null && isPublicV4(n);
  }
  if (version === 6) {
    const groups = parseV6(s);
    return groups !== null && isPublicV6(groups);
  }
  return false;
}
