import ipaddr from 'ipaddr.js';

/**
 * The source an SDK login limit counts by: an IPv4 address (also when written IPv4-mapped), or the /64
 * network of an IPv6 address, since one host usually holds a whole /64 and could otherwise try from each.
 */
export function loginSourceOf(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return address ?? '';
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return ip.toString();
  const prefix = (ip as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`;
}
