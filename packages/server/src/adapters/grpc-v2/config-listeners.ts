import type { ConfigWatching } from '../../core/config/config-watch-hub.js';
import type { ListenerSource, ListeningClient } from '../../core/config/listener-query.js';
import { parsePeer, type GrpcConnection, type GrpcConnections } from './connections.js';

/** A listened config as the client spelled it: notifications must echo exactly these strings. */
export interface ListenedConfig {
  dataId: string;
  group: string;
  tenant: string;
}

/** A listened config with the md5 the client reported in its last listen request (for the listener query). */
export interface ListenedConfigMd5 extends ListenedConfig {
  md5: string;
}

interface ConnectionListeners {
  conn: GrpcConnection;
  keys: Map<string, ListenedConfigMd5>;
  watcher: (keyString: string) => void;
  /** Listen answers in flight: their notifications wait (see `hold`). */
  holds: number;
  held: Set<string> | null;
}

/** Pushes after the first one that got no (or a failed) answer. */
const PUSH_ATTEMPTS = 3;

/**
 * The configs each gRPC connection listens to (`ConfigBatchListenRequest`). Each connection has one watcher
 * in the config center, registered under every key it listens to, so a change published through any door
 * pushes a `ConfigChangeNotifyRequest` to exactly the connections listening to that key.
 */
export class ConfigListeners implements ListenerSource {
  private readonly byConnection = new Map<string, ConnectionListeners>();

  constructor(
    private readonly watching: ConfigWatching,
    private readonly connections: GrpcConnections,
  ) {
    connections.onClose((conn) => this.removeConnection(conn.id));
  }

  listen(conn: GrpcConnection, keyString: string, config: ListenedConfigMd5): void {
    if (conn.closed) return;
    const entry = this.entryOf(conn);
    if (!entry.keys.has(keyString)) this.watching.watch(keyString, entry.watcher);
    entry.keys.set(keyString, config);
  }

  /**
   * Holds the connection's change notifications until the returned release runs: a notification must not
   * reach the client before the answer to its listen request. Held keys are notified once, on release.
   */
  hold(conn: GrpcConnection): () => void {
    const entry = this.entryOf(conn);
    entry.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      entry.holds--;
      if (entry.holds > 0) return;
      if (entry.keys.size === 0 && this.byConnection.get(conn.id) === entry) this.byConnection.delete(conn.id);
      if (!entry.held) return;
      const keys = entry.held;
      entry.held = null;
      for (const keyString of keys) this.notify(entry, keyString);
    };
  }

  private entryOf(conn: GrpcConnection): ConnectionListeners {
    let entry = this.byConnection.get(conn.id);
    if (!entry) {
      const created: ConnectionListeners = {
        conn,
        keys: new Map(),
        watcher: (key) => this.notify(created, key),
        holds: 0,
        held: null,
      };
      this.byConnection.set(conn.id, (entry = created));
    }
    return entry;
  }

  unlisten(conn: GrpcConnection, keyString: string): void {
    const entry = this.byConnection.get(conn.id);
    if (!entry?.keys.delete(keyString)) return;
    this.watching.unwatch(keyString, entry.watcher);
    if (entry.keys.size === 0) this.byConnection.delete(conn.id);
  }

  removeConnection(connectionId: string): void {
    const entry = this.byConnection.get(connectionId);
    if (!entry) return;
    this.byConnection.delete(connectionId);
    for (const keyString of entry.keys.keys()) this.watching.unwatch(keyString, entry.watcher);
  }

  /** The configs a connection listens to (console and tests). */
  listenedBy(connectionId: string): ListenedConfigMd5[] {
    return [...(this.byConnection.get(connectionId)?.keys.values() ?? [])];
  }

  /** Connections listening to at least one config. */
  connectionCount(): number {
    return this.byConnection.size;
  }

  /** Distinct configs listened to by at least one connection. */
  keyCount(): number {
    const keys = new Set<string>();
    for (const entry of this.byConnection.values()) for (const key of entry.keys.keys()) keys.add(key);
    return keys.size;
  }

  /**
   * The connections listening to a config key or coming from an IP (the client's declared one or the
   * transport's), for the listener query: a scan, as the query is rare and listening is not.
   */
  listeners(match: { keyString?: string; ip?: string }): ListeningClient[] {
    const found: ListeningClient[] = [];
    for (const entry of this.byConnection.values()) {
      const { conn } = entry;
      const info = this.connections.registry.get(conn.id);
      const ip = info?.clientIp || conn.remoteIp;
      if (match.ip !== undefined && match.ip !== ip && match.ip !== conn.remoteIp) continue;
      const port = info?.remotePort ?? parsePeer(conn.peer).port;
      const address = `${conn.remoteIp}:${port}`;
      const add = (keyString: string, config: ListenedConfigMd5) =>
        found.push({ via: 'grpc', ip, address, keyString, md5: config.md5 });
      if (match.keyString === undefined) for (const [keyString, config] of entry.keys) add(keyString, config);
      else {
        const config = entry.keys.get(match.keyString);
        if (config) add(match.keyString, config);
      }
    }
    return found;
  }

  /** Ids of the connections listening to a config key (console and tests). */
  connectionsListeningTo(keyString: string): string[] {
    const ids: string[] = [];
    for (const [id, entry] of this.byConnection) if (entry.keys.has(keyString)) ids.push(id);
    return ids;
  }

  private notify(entry: ConnectionListeners, keyString: string): void {
    if (entry.holds > 0) {
      (entry.held ??= new Set()).add(keyString);
      return;
    }
    const config = entry.keys.get(keyString);
    if (config) void this.pushChange(entry.conn, config);
  }

  private async pushChange(conn: GrpcConnection, config: ListenedConfig): Promise<void> {
    // the client's own strings, not the md5 kept beside them
    const body = { module: 'config', dataId: config.dataId, group: config.group, tenant: config.tenant };
    for (let attempt = 0; attempt < PUSH_ATTEMPTS && !conn.closed; attempt++) {
      const ack = await this.connections.push(conn, 'ConfigChangeNotifyRequest', body);
      // Clients ack with ConfigChangeNotifyResponse (Java) or NotifySubscriberResponse (Go, Python): any type will do.
      if (ack && ack.resultCode === 200) return;
    }
  }
}
