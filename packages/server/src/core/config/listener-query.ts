import type { ConfigKey } from './config-key.js';

/** How a client listens: a nacos 2.x gRPC connection or a held 1.x HTTP long-poll. */
export type ListenVia = 'grpc' | 'http';

/** One client listening to one config, as a door reports it. */
export interface ListeningClient {
  via: ListenVia;
  /** The client's IP (a gRPC client's own idea of it when it declared one). */
  ip: string;
  /** `ip:port` the connection comes from. */
  address: string;
  /** `configKeyString` of the config. */
  keyString: string;
  /** The md5 the client last reported holding ("" when it holds none). */
  md5: string;
}

/** What a door can say about its listeners: the ones matching a config key, or a client IP. */
export interface ListenerSource {
  listeners(match: { keyString?: string; ip?: string }): ListeningClient[];
}

/** A listener with the config's current md5 beside the client's. */
export interface ListenerStatus {
  via: ListenVia;
  ip: string;
  address: string;
  namespaceId: string;
  group: string;
  dataId: string;
  md5: string;
  /** md5 of the config now ("" when it does not exist). */
  currentMd5: string;
  /** Whether the client holds the current content. */
  inSync: boolean;
}

/** The in-memory key's parts (see `configKeyString`). */
function keyOf(keyString: string): ConfigKey {
  const [namespaceId, group, dataId] = keyString.split('\u0002');
  return { namespaceId, group, dataId };
}

/**
 * "Who listens to this config, and with which md5?" and "what does this client listen to?". The doors keep
 * their listeners where their hot paths want them; this asks each of them when someone queries (rarely), so
 * listening costs nothing more than recording the md5 a client sent.
 */
export class ConfigListenerQuery {
  private readonly sources: ListenerSource[] = [];

  constructor(private readonly md5Of: (keyString: string) => string) {}

  addSource(source: ListenerSource): void {
    this.sources.push(source);
  }

  /** The clients listening to one config on this node. */
  byConfig(keyString: string): ListenerStatus[] {
    return this.collect({ keyString });
  }

  /** The configs a client (by IP) listens to on this node; `namespaceId` (canonical) narrows to one. */
  byIp(ip: string, namespaceId?: string): ListenerStatus[] {
    const all = this.collect({ ip: ip.trim() });
    return namespaceId === undefined ? all : all.filter((s) => s.namespaceId === namespaceId);
  }

  private collect(match: { keyString?: string; ip?: string }): ListenerStatus[] {
    const rows: ListenerStatus[] = [];
    for (const source of this.sources) {
      for (const client of source.listeners(match)) {
        const key = keyOf(client.keyString);
        const currentMd5 = this.md5Of(client.keyString);
        rows.push({
          via: client.via,
          ip: client.ip,
          address: client.address,
          namespaceId: key.namespaceId,
          group: key.group,
          dataId: key.dataId,
          md5: client.md5,
          currentMd5,
          inSync: client.md5 === currentMd5,
        });
      }
    }
    return rows.sort(
      (a, b) =>
        a.namespaceId.localeCompare(b.namespaceId) ||
        a.group.localeCompare(b.group) ||
        a.dataId.localeCompare(b.dataId) ||
        a.address.localeCompare(b.address),
    );
  }
}
