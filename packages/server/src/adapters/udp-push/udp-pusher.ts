import dgram from 'node:dgram';
import { isIP } from 'node:net';
import { ChangeBatcher } from '../../core/naming/change-batcher.js';
import type { ServiceKey } from '../../core/naming/naming-model.js';
import type { NamingService } from '../../core/naming/naming-service.js';
import type { Subscriber } from '../../core/naming/subscriber-registry.js';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import { PUSH_CACHE_MILLIS, serviceListJson } from '../http-v1/naming-json.js';
import { decodeClientPacket, encodePush, MAX_DATAGRAM } from './push-packet.js';
import { isWildcardHost } from '../../shared/wildcard-host.js';

export interface UdpPushTiming {
  /** Changes that follow a push within this window go out together in one push. */
  delayMs: number;
  /** An unacknowledged push is resent after this long... */
  retryAfterMs: number;
  /** ...at most this many times. */
  maxRetries: number;
}

export const DEFAULT_UDP_PUSH_TIMING: UdpPushTiming = { delayMs: 100, retryAfterMs: 3_000, maxRetries: 2 };

interface PendingPush {
  ackId: string;
  /** Service + subscriber: a newer push to the same place supersedes this one. */
  slot: string;
  packet: Buffer;
  ip: string;
  port: number;
  sentAt: number;
  retries: number;
}

export interface UdpPushStats {
  sent: number;
  resent: number;
  acked: number;
  abandoned: number;
}

/**
 * Pushes instance-list changes to 1.x clients over UDP (nacos `PushService`): on a service change, each
 * UDP subscriber gets the list for its clusters as a `dom` packet; a `push-ack` echoing the packet's
 * `lastRefTime` settles it, otherwise it is resent a bounded number of times (driven by `tick`, so tests
 * use a manual clock). Sockets bind ephemeral ports in `start`, one per address family the host allows;
 * before that nothing is sent.
 */
export class UdpPusher {
  /** By address family (4, 6): a subscriber is pushed through the socket of its own family. */
  private readonly sockets = new Map<number, dgram.Socket>();
  private readonly batcher: ChangeBatcher;
  private readonly pending = new Map<string, PendingPush>();
  private readonly slots = new Map<string, string>();
  private readonly stopListening: () => void;
  private nextAckId: number;
  readonly stats: UdpPushStats = { sent: 0, resent: 0, acked: 0, abandoned: 0 };

  constructor(
    private readonly naming: NamingService,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly timing: UdpPushTiming = DEFAULT_UDP_PUSH_TIMING,
  ) {
    // Unique per packet and increasing, like the nano-time ids of nacos.
    this.nextAckId = Date.now() * 1000;
    this.batcher = new ChangeBatcher(timing.delayMs, (keys) => keys.forEach((k) => this.pushService(k)));
    this.stopListening = naming.onServiceChanged((key) => this.batcher.mark(key));
  }

  /**
   * Binds the sockets (any free port): for an IPv4 or IPv6 address, one socket on it; for a wildcard (or a
   * host name), an IPv4 and an IPv6 socket on the wildcards, the IPv6 one only where the machine has IPv6.
   */
  async start(host = '0.0.0.0'): Promise<void> {
    if (this.sockets.size > 0) return;
    const family = isIP(host);
    const wildcard = family === 0 || isWildcardHost(host);
    if (wildcard || family === 4) await this.bind(4, wildcard ? '0.0.0.0' : host);
    if (wildcard) {
      await this.bind(6, '::').catch((err: Error) =>
        this.logger.warn({ err }, 'no IPv6 UDP push socket; IPv6 subscribers will poll'),
      );
    } else if (family === 6) {
      await this.bind(6, host);
    }
  }

  /** The bound port of each family's socket. */
  ports(): { ipv4?: number; ipv6?: number } {
    return { ipv4: this.sockets.get(4)?.address().port, ipv6: this.sockets.get(6)?.address().port };
  }

  private async bind(family: 4 | 6, address: string): Promise<void> {
    const socket = dgram.createSocket({ type: family === 4 ? 'udp4' : 'udp6', ipv6Only: family === 6 });
    await new Promise<void>((resolve, reject) => {
      socket.once('error', (err) => {
        socket.close();
        reject(err);
      });
      socket.bind({ port: 0, address }, () => {
        socket.removeAllListeners('error');
        resolve();
      });
    });
    socket.on('message', (msg) => this.onMessage(msg));
    socket.on('error', (err) => this.logger.warn({ err }, 'UDP push socket error'));
    this.sockets.set(family, socket);
  }

  async close(): Promise<void> {
    this.stopListening();
    this.batcher.close();
    this.pending.clear();
    this.slots.clear();
    const sockets = [...this.sockets.values()];
    this.sockets.clear();
    await Promise.all(sockets.map((socket) => new Promise<void>((resolve) => socket.close(() => resolve()))));
  }

  /** Pushes what changed without waiting for the coalescing window. */
  flush(): void {
    this.batcher.flushNow();
  }

  pendingCount(): number {
    return this.pending.size;
  }

  /** Resends unacknowledged pushes that are due, and abandons those out of retries. */
  tick(): void {
    const now = this.clock.now();
    for (const push of this.pending.values()) {
      if (now - push.sentAt < this.timing.retryAfterMs) continue;
      if (push.retries >= this.timing.maxRetries) {
        this.settle(push);
        this.stats.abandoned++;
        continue;
      }
      push.retries++;
      push.sentAt = now;
      this.stats.resent++;
      this.transmit(push);
    }
  }

  private pushService(key: ServiceKey): void {
    if (this.sockets.size === 0) return;
    for (const subscriber of this.naming.subscribersOf(key)) {
      if (subscriber.target.kind === 'udp') this.pushTo(key, subscriber, subscriber.target.ip, subscriber.target.port);
    }
  }

  private pushTo(key: ServiceKey, subscriber: Subscriber, ip: string, port: number): void {
    if (!this.sockets.has(isIP(ip))) return;
    const info = this.naming.query(key, { clusters: subscriber.clusters });
    const ackId = this.nextAckId++;
    const packet = encodePush(serviceListJson(info, PUSH_CACHE_MILLIS), ackId);
    if (packet.length > MAX_DATAGRAM) {
      this.logger.warn(
        { service: info.groupedName, bytes: packet.length },
        'instance list too large for a UDP push; the client will poll',
      );
      return;
    }
    const slot = `${subscriber.keyString}|${subscriber.id}`;
    const superseded = this.slots.get(slot);
    if (superseded) this.pending.delete(superseded);
    const push: PendingPush = { ackId: String(ackId), slot, packet, ip, port, sentAt: this.clock.now(), retries: 0 };
    this.pending.set(push.ackId, push);
    this.slots.set(slot, push.ackId);
    this.stats.sent++;
    this.transmit(push);
  }

  private transmit(push: PendingPush): void {
    this.sockets.get(isIP(push.ip))?.send(push.packet, push.port, push.ip, (err) => {
      if (err) this.logger.debug({ err, target: `${push.ip}:${push.port}` }, 'UDP push not sent');
    });
  }

  private onMessage(msg: Buffer): void {
    const packet = decodeClientPacket(msg);
    if (packet?.type !== 'push-ack') return;
    const push = this.pending.get(packet.ackId);
    if (!push) return;
    this.settle(push);
    this.stats.acked++;
  }

  private settle(push: PendingPush): void {
    this.pending.delete(push.ackId);
    if (this.slots.get(push.slot) === push.ackId) this.slots.delete(push.slot);
  }
}
