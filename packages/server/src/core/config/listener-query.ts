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

/** What to list: the listeners of one config (`keyString`) or of one client IP. */
export interface ListenerMatch {
  keyString?: string;
  ip?: string;
}

/** The other nodes of a cluster: each asked for its own clients; `unanswered` names the nodes that did not answer. */
export interface PeerListenerSource {
  listeners(match: ListenerMatch): Promise<{ clients: ListeningClient[]; unanswered: string[] }>;
}

/** Listeners with the config's current md5, and the nodes whose clients are missing from them. */
export interface ListenerAnswer {
  rows: ListenerStatus[];
  /** Nodes (`host:port`) that did not answer in time or answered something unusable: their clients are not listed. */
  unanswered: string[];
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
  private peers: PeerListenerSource | undefined;

  constructor(private readonly md5Of: (keyString: string) => string) {}

  addSource(source: ListenerSource): void {
    this.sources.push(source);
  }

  /** On a cluster node: the other nodes, asked by `inCluster`. */
  setPeers(peers: PeerListenerSource): void {
    this.peers = peers;
  }

  /** The raw listeners of this node's doors (what a cluster node answers another one). */
  localClients(match: ListenerMatch): ListeningClient[] {
    return this.sources.flatMap((source) => source.listeners(match));
  }

  /**
   * The listeners of every live node of the cluster (this node's alone on a single node, answered without
   * waiting for anything): one config (`keyString`) or one client IP, `namespaceId` narrowing the latter. The
   * md5 each client holds is compared with this node's current md5.
   */
  inCluster(asked: ListenerMatch, namespaceId?: string): ListenerAnswer | Promise<ListenerAnswer> {
    const match = asked.ip === undefined ? { keyString: asked.keyString } : { ip: asked.ip.trim() };
    const narrowed = (rows: ListenerStatus[]) =>
      namespaceId === undefined ? rows : rows.filter((s) => s.namespaceId === namespaceId);
    const own = this.localClients(match);
    if (!this.peers) return { rows: narrowed(this.statuses(own)), unanswered: [] };
    return this.peers.listeners(match).then(({ clients, unanswered }) => ({
      rows: narrowed(this.statuses(own.concat(clients))),
      unanswered,
    }));
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

  private collect(match: ListenerMatch): ListenerStatus[] {
    return this.statuses(this.localClients(match));
  }

  private statuses(clients: ListeningClient[]): ListenerStatus[] {
    const rows: ListenerStatus[] = [];
    for (const client of clients) {
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
    return rows.sort(
      (a, b) =>
        a.namespaceId.localeCompare(b.namespaceId) ||
        a.group.localeCompare(b.group) ||
        a.dataId.localeCompare(b.dataId) ||
        a.address.localeCompare(b.address),
    );
  }
}
