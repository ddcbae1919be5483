import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

// IANA's IPv4 special-purpose registry, whole (RFC 6890 and later): none of these is an ordinary
// public host a webhook should reach, whatever its "globally reachable" flag says.
const SPECIAL_V4: [string, number][] = [
  ['0.0.0.0', 8], // this network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (DS-Lite, NAT64 discovery, …)
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.31.196.0', 24], // AS112
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // AS112 direct delegation
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast 255.255.255.255
];

// Inside global unicast (2000::/3, the only IPv6 space allowed at all): IANA's IPv6
// special-purpose blocks that fall in it.
const SPECIAL_V6: [string, number][] = [
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID, AMT, …
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
];

const special = new BlockList();
for (const [net, bits] of SPECIAL_V4) special.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of SPECIAL_V6) special.addSubnet(net, bits, 'ipv6');
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

// An IPv6 address as its eight 16-bit groups (a trailing dotted quad counts as two); null when it
// does not parse. A zone (fe80::1%eth0) is dropped.
export function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const b = quad.slice(1).map(Number);
    if (b.some((x) => x > 255)) return null;
    text = `${text.slice(0, quad.index)}${((b[0] << 8) | b[1]).toString(16)}:${((b[2] << 8) | b[3]).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const head = part(halves[0]);
  const tail = halves.length === 2 ? part(halves[1]) : [];
  const fill = 8 - head.length - tail.length;
  if (halves.length === 2 ? fill < 1 : fill !== 0) return null;
  const groups = [...head, ...new Array<number>(halves.length === 2 ? fill : 0).fill(0), ...tail];
  return groups.some((g) => Number.isNaN(g) || g < 0 || g > 0xffff) ? null : groups;
}

const v4Of = (hi: number, lo: number): string => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

// Why an address is not a public unicast host a webhook may reach, or null when it is one.
// Forms that carry an IPv4 address are judged by it (IPv4-mapped, 6to4); IPv4-compatible and
// NAT64 forms are refused outright, since they reach IPv4 hosts through a translator.
export function specialPurpose(address: string): string | null {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) return special.check(address, 'ipv4') ? 'a special-purpose IPv4 address' : null;
  if (family !== 6) return 'not an IP address';
  const g = ipv6Groups(address);
  if (!g) return 'not an IP address';
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeros(5) && g[5] === 0xffff) {
    const why = specialPurpose(v4Of(g[6], g[7]));
    return why && `an IPv4-mapped form of ${why}`;
  }
  if (zeros(6)) return 'an unspecified, loopback or IPv4-compatible IPv6 address';
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] <= 1)
    return 'a NAT64 (64:ff9b::/96, 64:ff9b:1::/48) address';
  const canonical = g.map((x) => x.toString(16)).join(':');
  if (!globalUnicast.check(canonical, 'ipv6'))
    return 'not a global unicast IPv6 address (multicast, link-local, unique-local, reserved…)';
  if (special.check(canonical, 'ipv6')) return 'a special-purpose IPv6 address';
  if (g[0] === 0x2002) {
    const why = specialPurpose(v4Of(g[1], g[2]));
    return why && `a 6to4 form of ${why}`;
  }
  return null;
}

// The addresses of this host's own interfaces, IPv4 ones in their mapped IPv6 form too.
type Interfaces = ReturnType<typeof networkInterfaces>;

function ownAddresses(interfaces: Interfaces): BlockList {
  const own = new BlockList();
  for (const list of Object.values(interfaces))
    for (const a of list ?? []) {
      const address = a.address.replace(/%.*$/, '');
      if (a.family === 'IPv4') {
        own.addAddress(address, 'ipv4');
        own.addAddress(`::ffff:${address}`, 'ipv6');
      } else own.addAddress(address, 'ipv6');
    }
  return own;
}

// Why a webhook may not be sent to this address, or null: a special-purpose address, or one of
// this host's own (a public address the server itself answers on). Interfaces are read on each
// call: they can change while the server runs.
export function refusedTarget(
  address: string,
  interfaces: Interfaces = networkInterfaces(),
): string | null {
  const why = specialPurpose(address);
  if (why) return why;
  const bare = address.replace(/%.*$/, '');
  const family = isIP(bare) === 4 ? 'ipv4' : 'ipv6';
  const g = family === 'ipv6' ? ipv6Groups(bare) : null;
  const form = g ? g.map((x) => x.toString(16)).join(':') : bare;
  if (ownAddresses(interfaces).check(form, family)) return "one of this host's own addresses";
  return null;
}
