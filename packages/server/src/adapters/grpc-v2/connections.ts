import type { ClientConnectionRegistry } from '../../core/connection/client-connection-registry.js';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import { encodePayload, type JsonObject } from './payload.js';

/** Where a connection's server messages go: its bi-stream (or, in tests, a list). */
export interface StreamSink {
  write(bytes: Buffer): void;
  end(): void;
}

export interface ConnectionTimings {
  /** How long a pushed request waits for the client's answer. */
  ackTimeoutMs: number;
  /** A connection silent for this long is probed with a ClientDetectionRequest. */
  detectionIdleMs: number;
  /** How long the probe waits before the connection is dropped. */
  detectionAckTimeoutMs: number;
}

export const DEFAULT_CONNECTION_TIMINGS: ConnectionTimings = {
  ackTimeoutMs: 5_000,
  detectionIdleMs: 15_000,
  detectionAckTimeoutMs: 3_000,
};

interface PendingPush {
  deadline: number;
  settle(ack: JsonObject | undefined): void;
}

/** One client connection: the HTTP/2 session identified by its peer address, and its bi-stream. */
export class GrpcConnection {
  readonly pending = new Map<string, PendingPush>();
  probing = false;
  closed = false;

  constructor(
    readonly id: string,
    readonly peer: string,
    readonly remoteIp: string,
    readonly sink: StreamSink,
  ) {}
}

/** `1.2.3.4:5678`, `::1:5678` or `::ffff:1.2.3.4:5678` (as the gRPC transport names peers) -> ip and port. */
export function parsePeer(peer: string): { ip: string; port: number } {
  const at = peer.lastIndexOf(':');
  if (at <= 0) return { ip: peer, port: 0 };
  const ip = peer
    .slice(0, at)
    .replace(/^\[|\]$/g, '')
    .replace(/^::ffff:(?=\d+\.)/, '');
  return { ip, port: Number(peer.slice(at + 1)) || 0 };
}

/**
 * The live connections of the gRPC door, by id and by peer. Unary calls and the bi-stream of one client
 * travel over the same HTTP/2 session, so the peer address ties them to one connection, as nacos does.
 */
export class GrpcConnections {
  private readonly byId = new Map<string, GrpcConnection>();
  private readonly byPeerAddress = new Map<string, GrpcConnection>();
  /** Ids handed out by ServerCheck before the bi-stream opened, so the stream gets the same id. */
  private readonly announced = new Map<string, { id: string; at: number }>();
  private readonly closeHooks: Array<(conn: GrpcConnection) => void> = [];
  private nextRequestId = 1;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly registry: ClientConnectionRegistry,
    private readonly clock: Clock,
    private readonly logger: Logger,
    readonly timings: ConnectionTimings = DEFAULT_CONNECTION_TIMINGS,
    /** Set with RNACOS_ENABLE_GRPC_DETECTION_LOG: each probe and its outcome are logged here at info. */
    private readonly detectionLog?: Logger,
  ) {}

  /** The id of the connection a peer has (or will have once its stream opens). */
  idForPeer(peer: string): string {
    const open = this.byPeerAddress.get(peer);
    if (open) return open.id;
    let announced = this.announced.get(peer);
    if (!announced) {
      const { ip, port } = parsePeer(peer);
      announced = { id: `${this.clock.now()}_${ip}_${port}`, at: this.clock.now() };
      this.announced.set(peer, announced);
    }
    return announced.id;
  }

  /** Registers the connection of a newly opened bi-stream. */
  open(peer: string, sink: StreamSink): GrpcConnection {
    const previous = this.byPeerAddress.get(peer);
    if (previous) this.close(previous, 'a new stream replaced it');
    const id = this.idForPeer(peer);
    this.announced.delete(peer);
    const { ip, port } = parsePeer(peer);
    const conn = new GrpcConnection(id, peer, ip, sink);
    this.byId.set(id, conn);
    this.byPeerAddress.set(peer, conn);
    const now = this.clock.now();
    this.registry.add({
      id,
      remoteIp: ip,
      remotePort: port,
      clientIp: ip,
      clientVersion: '',
      appName: '',
      namespace: '',
      labels: {},
      connectedAt: now,
      lastActiveAt: now,
    });
    return conn;
  }

  byPeer(peer: string): GrpcConnection | undefined {
    return this.byPeerAddress.get(peer);
  }

  get(id: string): GrpcConnection | undefined {
    return this.byId.get(id);
  }

  list(): GrpcConnection[] {
    return [...this.byId.values()];
  }

  size(): number {
    return this.byId.size;
  }

  touch(conn: GrpcConnection): void {
    this.registry.touch(conn.id, this.clock.now());
  }

  /** Runs when a connection goes away, for whatever reason; state bound to it is dropped here. */
  onClose(hook: (conn: GrpcConnection) => void): void {
    this.closeHooks.push(hook);
  }

  /** Writes a server message that expects no answer (`body` may be JSON text already). */
  send(conn: GrpcConnection, type: string, body: JsonObject | string): void {
    if (conn.closed) return;
    try {
      conn.sink.write(encodePayload(type, body));
    } catch (err) {
      this.logger.debug({ err, connectionId: conn.id }, 'write to a closing stream failed');
    }
  }

  /**
   * Pushes a server request and resolves with the client's answer, or undefined when none came in time or
   * the connection went away. Never rejects.
   */
  push(
    conn: GrpcConnection,
    type: string,
    body: JsonObject,
    ackTimeoutMs = this.timings.ackTimeoutMs,
  ): Promise<JsonObject | undefined> {
    return this.pushJson(conn, type, (requestId) => JSON.stringify({ headers: {}, requestId, ...body }), ackTimeoutMs);
  }

  /** `push` for a body rendered by the caller (fan-out reuses one rendering), given its requestId. */
  pushJson(
    conn: GrpcConnection,
    type: string,
    render: (requestId: string) => string,
    ackTimeoutMs = this.timings.ackTimeoutMs,
  ): Promise<JsonObject | undefined> {
    if (conn.closed) return Promise.resolve(undefined);
    const requestId = String(this.nextRequestId++);
    return new Promise((resolve) => {
      conn.pending.set(requestId, { deadline: this.clock.now() + ackTimeoutMs, settle: resolve });
      this.send(conn, type, render(requestId));
    });
  }

  /** A response the client wrote on its stream: settles the push with the same requestId. */
  acknowledge(conn: GrpcConnection, ack: JsonObject): void {
    const requestId =
      typeof ack.requestId === 'string'
        ? ack.requestId
        : typeof ack.requestId === 'number'
          ? String(ack.requestId)
          : '';
    const pending = conn.pending.get(requestId);
    if (!pending) return;
    conn.pending.delete(requestId);
    pending.settle(ack);
  }

  /** Unregisters a connection and drops everything bound to it. Safe to call more than once. */
  close(conn: GrpcConnection, reason: string): void {
    if (conn.closed) return;
    conn.closed = true;
    this.byId.delete(conn.id);
    if (this.byPeerAddress.get(conn.peer) === conn) this.byPeerAddress.delete(conn.peer);
    this.registry.remove(conn.id);
    for (const pending of conn.pending.values()) pending.settle(undefined);
    conn.pending.clear();
    for (const hook of this.closeHooks) {
      try {
        hook(conn);
      } catch (err) {
        this.logger.error({ err, connectionId: conn.id }, 'cleanup of a closed connection failed');
      }
    }
    try {
      conn.sink.end();
    } catch {
      // The stream is already gone.
    }
    this.logger.debug({ connectionId: conn.id, reason }, 'gRPC connection closed');
  }

  /** Expires unanswered pushes and probes idle connections; runs every second while the server is up. */
  sweep(): void {
    const now = this.clock.now();
    for (const [peer, announced] of this.announced) {
      if (now - announced.at > 60_000) this.announced.delete(peer);
    }
    for (const conn of this.byId.values()) {
      for (const [requestId, pending] of conn.pending) {
        if (pending.deadline > now) continue;
        conn.pending.delete(requestId);
        pending.settle(undefined);
      }
      const info = this.registry.get(conn.id);
      if (!info || conn.probing || now - info.lastActiveAt < this.timings.detectionIdleMs) continue;
      conn.probing = true;
      const log = this.detectionLog;
      log?.info(
        { connectionId: conn.id, peer: conn.peer, silentMs: now - info.lastActiveAt },
        'gRPC client detection sent',
      );
      void this.push(conn, 'ClientDetectionRequest', { module: 'internal' }, this.timings.detectionAckTimeoutMs).then(
        (ack) => {
          conn.probing = false;
          // Any answer proves the client alive; only silence drops it.
          if (!ack) {
            log?.info(
              { connectionId: conn.id, peer: conn.peer },
              'gRPC client detection unanswered: connection dropped',
            );
            this.close(conn, 'no answer to client detection');
          } else log?.info({ connectionId: conn.id, peer: conn.peer }, 'gRPC client detection answered');
        },
      );
    }
  }

  startSweeping(intervalMs = 1_000): void {
    this.timer ??= setInterval(() => this.sweep(), intervalMs);
    this.timer.unref();
  }

  /** Asks one client to reconnect (ConnectResetRequest), to `redirectAddress` (`ip:port`) when given. */
  resetOne(id: string, redirectAddress?: string): void {
    const conn = this.get(id);
    if (!conn) return;
    const colon = redirectAddress?.lastIndexOf(':') ?? -1;
    const target =
      redirectAddress && colon > 0
        ? { serverIp: redirectAddress.slice(0, colon), serverPort: redirectAddress.slice(colon + 1) }
        : {};
    this.send(conn, 'ConnectResetRequest', {
      headers: {},
      requestId: String(this.nextRequestId++),
      module: 'internal',
      ...target,
    });
  }

  /** Asks every client to reconnect elsewhere (ConnectResetRequest), then closes every connection. */
  shutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.resetAll('server shutting down');
  }

  /** Asks every client to reconnect to another server (ConnectResetRequest), then closes its connection. */
  resetAll(reason: string): void {
    for (const conn of this.list()) {
      this.send(conn, 'ConnectResetRequest', {
        headers: {},
        requestId: String(this.nextRequestId++),
        module: 'internal',
      });
      this.close(conn, reason);
    }
  }
}
