import type http from 'node:http';
import type { Socket } from 'node:net';

export interface HttpTimeouts {
  /** Headers not complete this long after their first byte, or a body that stalls this long, cut the connection. */
  stallTimeoutMs: number;
  /** A connection that sends no request this long after it opened is closed. */
  idleTimeoutMs: number;
}

/** A body must bring at least this much per stall window, so a client dribbling a byte now and then is cut too. */
const MIN_BODY_BYTES_PER_WINDOW = 1024;

/** Options for `http.createServer`: headers that stall are answered 408 and cut by node itself. */
export function headerTimeoutOptions(timeouts: HttpTimeouts): http.ServerOptions {
  return {
    headersTimeout: timeouts.stallTimeoutMs,
    // how often node checks for it (at most every 30 s, its default)
    connectionsCheckingInterval: Math.max(100, Math.min(30_000, timeouts.stallTimeoutMs / 4)),
    requestTimeout: 0,
  };
}

interface BodyWatch {
  socket: Socket;
  windowStart: number;
  bytesAtStart: number;
}

/**
 * The timeouts node's http server lacks for a registry: a connection that never sends a request, and a
 * request body that stops (or nearly stops) arriving. A body that keeps coming (a large upload) is never
 * cut, nor is a request the server holds once it has been read (a long-poll).
 */
export class ConnectionTimeouts {
  private readonly bodies = new Set<BodyWatch>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly timeouts: HttpTimeouts) {}

  /** Registers the listeners on `server`; call before the request listener runs. */
  attach(server: http.Server): void {
    // node destroys a socket whose timeout fires when nobody listens to the server's 'timeout'
    server.on('connection', (socket: Socket) => socket.setTimeout(this.timeouts.idleTimeoutMs));
  }

  /** Call first for every request. */
  onRequest(req: http.IncomingMessage): void {
    // the wait for the first request is over; a keep-alive connection's later waits are node's keepAliveTimeout
    if (req.socket.timeout) req.socket.setTimeout(0);
    const length = req.headers['content-length'];
    if ((length === undefined || length === '0') && req.headers['transfer-encoding'] === undefined) return;
    const watch: BodyWatch = { socket: req.socket, windowStart: Date.now(), bytesAtStart: req.socket.bytesRead };
    this.bodies.add(watch);
    const done = () => this.bodies.delete(watch);
    req.once('end', done);
    req.once('close', done);
    this.start();
  }

  sweep(now = Date.now()): void {
    for (const watch of this.bodies) {
      if (now - watch.windowStart < this.timeouts.stallTimeoutMs) continue;
      const read = watch.socket.bytesRead;
      if (read - watch.bytesAtStart < MIN_BODY_BYTES_PER_WINDOW) {
        this.bodies.delete(watch);
        watch.socket.destroy();
        continue;
      }
      watch.windowStart = now;
      watch.bytesAtStart = read;
    }
    if (this.bodies.size === 0) this.stop();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.sweep(), Math.max(100, Math.min(1_000, this.timeouts.stallTimeoutMs / 4)));
    this.timer.unref();
  }
}
