import { serviceKeyString, type ServiceKey } from './naming-model.js';

/**
 * Where a push goes: a 1.x client's UDP receiver (learned from `/instance/list?udpPort=`), or a gRPC
 * connection that sent `SubscribeServiceRequest`.
 */
export type SubscriberTarget = { kind: 'udp'; ip: string; port: number } | { kind: 'connection'; connectionId: string };

export interface Subscriber {
  readonly id: string;
  readonly key: ServiceKey;
  readonly keyString: string;
  readonly target: SubscriberTarget;
  /** The client's address (UDP receiver, or the gRPC peer), for display. */
  readonly ip: string;
  readonly port: number;
  /** The cluster filter of the subscription, echoed in every push. */
  clusters: string;
  agent: string;
  app: string;
  subscribedAt: number;
  lastSeen: number;
}

export interface SubscriberDetails {
  clusters?: string;
  ip: string;
  port: number;
  agent?: string;
  app?: string;
}

export interface SubscriberFilter {
  namespaceId?: string;
  groupName?: string;
  serviceName?: string;
}

/**
 * Subscribers per service. UDP subscribers are one per (receiver, clusters) and live while the client
 * keeps polling; connection subscribers are one per (connection, service) and live until unsubscribed or
 * disconnected.
 */
export class SubscriberRegistry {
  private readonly byService = new Map<string, Map<string, Subscriber>>();
  private readonly byConnection = new Map<string, Set<string>>();
  private total = 0;

  /** Adds a UDP subscriber or refreshes it (each poll of the instance list does). */
  touchUdp(key: ServiceKey, details: SubscriberDetails, now: number): Subscriber {
    const clusters = details.clusters ?? '';
    const keyString = serviceKeyString(key);
    // flat (join): kept as long as the subscriber
    const id = ['udp', details.ip, details.port, clusters].join('|');
    const existing = this.byService.get(keyString)?.get(id);
    if (existing) {
      existing.lastSeen = now;
      return existing;
    }
    const target: SubscriberTarget = { kind: 'udp', ip: details.ip, port: details.port };
    return this.add(key, keyString, id, target, details, now);
  }

  /** Subscribes a connection to a service, replacing its previous subscription there (new clusters). */
  subscribeConnection(key: ServiceKey, connectionId: string, details: SubscriberDetails, now: number): Subscriber {
    const keyString = serviceKeyString(key);
    const id = `conn|${connectionId}`;
    this.delete(keyString, id);
    const subscriber = this.add(key, keyString, id, { kind: 'connection', connectionId }, details, now);
    let keys = this.byConnection.get(connectionId);
    if (!keys) this.byConnection.set(connectionId, (keys = new Set()));
    keys.add(keyString);
    return subscriber;
  }

  unsubscribeConnection(key: ServiceKey, connectionId: string): boolean {
    const keyString = serviceKeyString(key);
    const keys = this.byConnection.get(connectionId);
    keys?.delete(keyString);
    if (keys?.size === 0) this.byConnection.delete(connectionId);
    return this.delete(keyString, `conn|${connectionId}`);
  }

  /** Drops every subscription of a connection; returns how many. */
  removeConnection(connectionId: string): number {
    const keys = this.byConnection.get(connectionId);
    if (!keys) return 0;
    this.byConnection.delete(connectionId);
    let n = 0;
    for (const keyString of keys) if (this.delete(keyString, `conn|${connectionId}`)) n++;
    return n;
  }

  /** Drops UDP subscribers not refreshed since `seenBefore`; returns how many. */
  expireUdp(seenBefore: number): number {
    let n = 0;
    for (const [keyString, subscribers] of this.byService) {
      for (const [id, s] of subscribers) {
        if (s.target.kind === 'udp' && s.lastSeen < seenBefore) {
          subscribers.delete(id);
          this.total--;
          n++;
        }
      }
      if (subscribers.size === 0) this.byService.delete(keyString);
    }
    return n;
  }

  /** Subscribers of one service. */
  of(key: ServiceKey): Subscriber[] {
    return [...(this.byService.get(serviceKeyString(key))?.values() ?? [])];
  }

  /** All subscribers matching the exact names given (absent = any), ordered by service then address. */
  list(filter: SubscriberFilter = {}): Subscriber[] {
    const out: Subscriber[] = [];
    for (const subscribers of this.byService.values()) {
      for (const s of subscribers.values()) {
        if (filter.namespaceId !== undefined && s.key.namespaceId !== filter.namespaceId) continue;
        if (filter.groupName !== undefined && s.key.groupName !== filter.groupName) continue;
        if (filter.serviceName !== undefined && s.key.serviceName !== filter.serviceName) continue;
        out.push(s);
      }
    }
    return out.sort(
      (a, b) =>
        a.key.groupName.localeCompare(b.key.groupName) ||
        a.key.serviceName.localeCompare(b.key.serviceName) ||
        a.ip.localeCompare(b.ip) ||
        a.port - b.port,
    );
  }

  count(): number {
    return this.total;
  }

  private add(
    key: ServiceKey,
    keyString: string,
    id: string,
    target: SubscriberTarget,
    details: SubscriberDetails,
    now: number,
  ): Subscriber {
    const subscriber: Subscriber = {
      id,
      key,
      keyString,
      target,
      ip: details.ip,
      port: details.port,
      clusters: details.clusters ?? '',
      agent: details.agent ?? '',
      app: details.app ?? '',
      subscribedAt: now,
      lastSeen: now,
    };
    let subscribers = this.byService.get(keyString);
    if (!subscribers) this.byService.set(keyString, (subscribers = new Map<string, Subscriber>()));
    subscribers.set(id, subscriber);
    this.total++;
    return subscriber;
  }

  private delete(keyString: string, id: string): boolean {
    const subscribers = this.byService.get(keyString);
    if (!subscribers?.delete(id)) return false;
    this.total--;
    if (subscribers.size === 0) this.byService.delete(keyString);
    return true;
  }
}
