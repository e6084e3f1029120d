import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key under which per-address limits count a client: an IPv4 address as it is (also when
 * written IPv4-mapped, `::ffff:a.b.c.d`), an IPv6 address by its /64 prefix. One IPv6 host is
 * routinely given a whole /64 and may send from any address in it, so counting the full address
 * would give it 2^64 allowances. Anything that is not an IP address is its own key.
 */
export function clientKey(ip: string): string {
  const address = ip.split('%')[0]!; // an IPv6 zone (fe80::1%eth0) names no other host
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail too). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => parseInt(group, 16)) : [];
  const front = parse(head);
  const back = parse(tail);
  const gap = tail === undefined ? 0 : 8 - front.length - back.length;
  return [...front, ...Array<number>(gap).fill(0), ...back];
}
