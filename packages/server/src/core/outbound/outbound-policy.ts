import type ipaddr from 'ipaddr.js';
import { hostInterfaces } from '../../shared/host-interfaces.js';
import { inRange, judgedForm, parseRanges, REFUSED_RANGES, type AddressRange } from './outbound-ranges.js';

export const ALLOW_SETTING = 'RNACOS_OUTBOUND_ALLOW_CIDRS';
export const DENY_SETTING = 'RNACOS_OUTBOUND_DENY_CIDRS';

/** Why a connection is refused. */
export interface Refusal {
  /** The address judged, as connected to (an IPv4-mapped address as its IPv4 address). */
  address: string;
  port: number;
  /** What the address is: `loopback`, `this server's console port`, `in RNACOS_OUTBOUND_DENY_CIDRS 10.0.0.0/8`. */
  why: string;
  /** The setting that would let the connection through; null when none does. */
  widenedBy: string | null;
}

/** A refusal as the text a caller shows (an MCP tool error). */
export function refusalText(refusal: Refusal, name?: string): string {
  const where = refusal.address.includes(':')
    ? `[${refusal.address}]:${refusal.port}`
    : `${refusal.address}:${refusal.port}`;
  const target = name ? `${name} (${where})` : where;
  const widen = refusal.widenedBy ? `; ${refusal.widenedBy} widens it` : '; no setting widens it';
  return `${target} is refused by the outbound policy (${refusal.why})${widen}`;
}

/** Thrown (or handed to a connect callback) instead of connecting. */
export class OutboundRefusedError extends Error {
  readonly code = 'E_OUTBOUND_REFUSED';
  constructor(
    readonly refusal: Refusal,
    name?: string,
  ) {
    super(refusalText(refusal, name));
    this.name = 'OutboundRefusedError';
  }
}

export interface OutboundPolicyOptions {
  /** Ranges allowed although a built-in rule refuses them (RNACOS_OUTBOUND_ALLOW_CIDRS). */
  allow?: string[];
  /** Ranges refused as well; they win over allowed ones (RNACOS_OUTBOUND_DENY_CIDRS). */
  deny?: string[];
  /** This host's addresses; default: every interface's. */
  hostAddresses?: () => string[];
}

export type OwnPort = 'HTTP' | 'gRPC' | 'console';

/**
 * Where tsnacos may connect when a user's data makes it call out (MCP tool calls): judged on the address a
 * connection goes to, after DNS. Refused: tsnacos's own ports on this host (always), the deny ranges, and,
 * unless an allow range holds the address, loopback, link-local, unspecified, multicast, broadcast and cloud
 * metadata addresses (also written as IPv4-mapped or -compatible IPv6). Private networks stay allowed:
 * that is where registered instances live.
 */
export class OutboundPolicy {
  private readonly allow: AddressRange[];
  private readonly deny: AddressRange[];
  private readonly ownPorts = new Map<number, OwnPort>();
  private readonly hostAddresses: () => string[];

  constructor(options: OutboundPolicyOptions = {}) {
    this.allow = parseRanges((options.allow ?? []).join(','));
    this.deny = parseRanges((options.deny ?? []).join(','));
    this.hostAddresses = options.hostAddresses ?? interfaceAddresses;
  }

  /** A port this server listens on (0, not listening, is ignored); set again once a port is bound. */
  setOwnPort(kind: OwnPort, port: number): void {
    for (const [p, k] of this.ownPorts) if (k === kind) this.ownPorts.delete(p);
    if (port > 0) this.ownPorts.set(port, kind);
  }

  /**
   * Null when a connection to `address:port` may be made; the refusal otherwise. `allowLoopback` lets
   * loopback addresses through (never this server's own ports): the instance prober's TCP connects.
   */
  judge(address: string, port: number, allowLoopback = false): Refusal | null {
    const ip = judgedForm(address);
    const refuse = (why: string, widenedBy: string | null): Refusal => ({
      address: ip?.toString() ?? address,
      port,
      why,
      widenedBy,
    });
    if (!ip) return refuse('not an IP address', null);
    const own = this.ownPorts.get(port);
    if (own && this.isThisHost(ip)) return refuse(`this server's ${own} port`, null);
    const denied = this.deny.find((r) => inRange(ip, r));
    if (denied) return refuse(`in ${DENY_SETTING} ${denied.text}`, DENY_SETTING);
    if (this.allow.some((r) => inRange(ip, r))) return null;
    if (allowLoopback && ip.range() === 'loopback') return null;
    const refused = REFUSED_RANGES.find((r) => inRange(ip, r));
    return refused ? refuse(refused.what, ALLOW_SETTING) : null;
  }

  /** Loopback and unspecified addresses reach this host whatever the interfaces say. */
  private isThisHost(ip: ipaddr.IPv4 | ipaddr.IPv6): boolean {
    const range = ip.range();
    if (range === 'loopback' || range === 'unspecified') return true;
    const text = ip.toString();
    return this.hostAddresses().some((a) => judgedForm(a)?.toString() === text);
  }
}

/** None when the interfaces cannot be listed (a sandbox without netlink): loopback is still known. */
function interfaceAddresses(): string[] {
  return Object.values(hostInterfaces().interfaces).flatMap((list) => (list ?? []).map((i) => i.address));
}
