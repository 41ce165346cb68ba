import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { rangeItems } from './range-items.js';

/** An address range: a parsed CIDR and how it was written (for messages). */
export interface AddressRange {
  range: [ipaddr.IPv4 | ipaddr.IPv6, number];
  text: string;
}

/** A built-in refused range and the class a refusal names. */
export interface ClassRange extends AddressRange {
  what: string;
}

const classRange = (text: string, what: string): ClassRange => ({ range: ipaddr.parseCIDR(text), text, what });

/**
 * Refused unless an allow range says otherwise. The cloud metadata and platform addresses come before the
 * wider ranges holding them, so a refusal names them; 100.100.100.200, fd00:ec2::254 and 168.63.129.16 sit in
 * ranges a service network may use (CGNAT, ULA, public), so only the address itself is refused.
 */
export const REFUSED_RANGES: readonly ClassRange[] = [
  classRange('0.0.0.0/8', 'unspecified'),
  classRange('127.0.0.0/8', 'loopback'),
  classRange('169.254.169.254/32', 'cloud metadata'),
  classRange('169.254.0.0/16', 'link-local'),
  classRange('224.0.0.0/4', 'multicast'),
  classRange('255.255.255.255/32', 'broadcast'),
  classRange('100.100.100.200/32', 'cloud metadata (Alibaba Cloud)'),
  classRange('168.63.129.16/32', 'cloud platform (Azure WireServer)'),
  classRange('::/128', 'unspecified'),
  classRange('::1/128', 'loopback'),
  classRange('fe80::/10', 'link-local'),
  classRange('ff00::/8', 'multicast'),
  classRange('fd00:ec2::254/128', 'cloud metadata (AWS)'),
  classRange('fd00:ec2::23/128', 'cloud credentials (EKS Pod Identity)'),
];

/** IPv6 prefixes whose last 32 bits are an IPv4 address that the connection reaches (or a gateway does). */
const EMBEDDING_IPV4 = [
  '::ffff:0:0/96', // IPv4-mapped
  '::/96', // IPv4-compatible (deprecated, still parsed by stacks)
  '::ffff:0:0:0/96', // SIIT (RFC 6145)
  '64:ff9b::/96', // NAT64 well-known prefix
].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

/** The address as judged: an IPv6 form that carries an IPv4 address is that IPv4 address. */
export function judgedForm(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIP(bare) === 0) return undefined;
  const ip = ipaddr.parse(bare);
  if (ip.kind() === 'ipv4') return ip;
  const v6 = ip as ipaddr.IPv6;
  // :: and ::1 lie inside ::/96 but are IPv6's own unspecified and loopback addresses
  if (v6.parts.slice(0, 7).every((p) => p === 0) && v6.parts[7] <= 1) return v6;
  if (EMBEDDING_IPV4.some((prefix) => v6.match(prefix))) return new ipaddr.IPv4(v6.toByteArray().slice(12));
  return v6;
}

export function inRange(ip: ipaddr.IPv4 | ipaddr.IPv6, range: AddressRange): boolean {
  return ip.kind() === range.range[0].kind() && ip.match(range.range);
}

/**
 * A setting's list of ranges: CIDRs or single addresses (`127.0.0.1`, `10.0.0.0/8`, `fd00::/8`), separated by
 * commas or spaces; dotted-decimal IPv4 only. An IPv4-mapped IPv6 range is taken as its IPv4 range.
 */
export function parseRanges(text: string): AddressRange[] {
  return rangeItems(text).map(({ item, address, prefix }) => {
    const ip = ipaddr.parse(address);
    if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() && prefix >= 96) {
      return { range: [(ip as ipaddr.IPv6).toIPv4Address(), prefix - 96], text: item };
    }
    return { range: [ip, prefix], text: item };
  });
}
