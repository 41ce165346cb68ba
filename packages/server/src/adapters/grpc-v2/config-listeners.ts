import type { ConfigWatching } from '../../core/config/config-watch-hub.js';
import type { GrpcConnection, GrpcConnections } from './connections.js';

/** A listened config as the client spelled it: notifications must echo exactly these strings. */
export interface ListenedConfig {
  dataId: string;
  group: string;
  tenant: string;
}

interface ConnectionListeners {
  conn: GrpcConnection;
  keys: Map<string, ListenedConfig>;
  watcher: (keyString: string) => void;
}

/** Pushes after the first one that got no (or a failed) answer. */
const PUSH_ATTEMPTS = 3;

/**
 * The configs each gRPC connection listens to (`ConfigBatchListenRequest`). Each connection has one watcher
 * in the config center, registered under every key it listens to, so a change published through any door
 * pushes a `ConfigChangeNotifyRequest` to exactly the connections listening to that key.
 */
export class ConfigListeners {
  private readonly byConnection = new Map<string, ConnectionListeners>();

  constructor(
    private readonly watching: ConfigWatching,
    private readonly connections: GrpcConnections,
  ) {
    connections.onClose((conn) => this.removeConnection(conn.id));
  }

  listen(conn: GrpcConnection, keyString: string, config: ListenedConfig): void {
    if (conn.closed) return;
    let entry = this.byConnection.get(conn.id);
    if (!entry) {
      const created: ConnectionListeners = { conn, keys: new Map(), watcher: (key) => this.notify(created, key) };
      this.byConnection.set(conn.id, (entry = created));
    }
    if (!entry.keys.has(keyString)) this.watching.watch(keyString, entry.watcher);
    entry.keys.set(keyString, config);
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
  listenedBy(connectionId: string): ListenedConfig[] {
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

  /** Ids of the connections listening to a config key (console and tests). */
  connectionsListeningTo(keyString: string): string[] {
    const ids: string[] = [];
    for (const [id, entry] of this.byConnection) if (entry.keys.has(keyString)) ids.push(id);
    return ids;
  }

  private notify(entry: ConnectionListeners, keyString: string): void {
    const config = entry.keys.get(keyString);
    if (config) void this.pushChange(entry.conn, config);
  }

  private async pushChange(conn: GrpcConnection, config: ListenedConfig): Promise<void> {
    for (let attempt = 0; attempt < PUSH_ATTEMPTS && !conn.closed; attempt++) {
      const ack = await this.connections.push(conn, 'ConfigChangeNotifyRequest', { module: 'config', ...config });
      // Clients ack with ConfigChangeNotifyResponse (Java) or NotifySubscriberResponse (Go, Python): any type will do.
      if (ack && ack.resultCode === 200) return;
    }
  }
}
