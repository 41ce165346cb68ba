import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../../shared/logger.js';
import { ConnectionTimeouts, headerTimeoutOptions, type HttpTimeouts } from './connection-timeouts.js';
import { RequestLog } from '../../shared/request-log.js';
import { isWildcardHost } from '../../shared/wildcard-host.js';
import type { FastPath } from './fast-path.js';
import { watchHttpRequest, type LoggedDoor } from './http-request-log.js';

/** How long close() lets busy connections finish before cutting them. */
const CLOSE_GRACE_MS = 1000;

export interface FastifyPortOptions {
  /** Named in the log and in the 503 answer when the app cannot be built: `console`, `OpenAPI`. */
  name: string;
  build: () => Promise<FastifyInstance>;
  /** Requests it answers never reach fastify (nor make the port build it). */
  fastPath?: FastPath;
  keepAliveTimeoutMs: number;
  /** Connections that send no request, stalled headers and bodies (see connection-timeouts.ts). */
  timeouts: HttpTimeouts;
  logger: Logger;
  /** The door requests are logged under (`http`, `console`); default `name`. */
  door?: string;
  /** Requests of another door on this port, and how their path is logged (MCP on the SDK port). */
  doorOf?: LoggedDoor;
}

/**
 * A port served by a plain node:http server that hands what its fast path does not answer to a fastify
 * app, built on the first such request unless `app()` asks for it before. A port whose clients only
 * send what the fast path answers (health probes, config reads and publishes, instance-list polls, beats; the console
 * nobody opens) never loads fastify's code and routes: some 8 MB, and 40–50 ms less to readiness.
 */
export class FastifyPort {
  private built: Promise<FastifyInstance> | null = null;
  private readonly server: http.Server;
  private readonly timeouts: ConnectionTimeouts;

  constructor(private readonly options: FastifyPortOptions) {
    const { fastPath, logger, name } = options;
    const timeouts = new ConnectionTimeouts(options.timeouts);
    this.timeouts = timeouts;
    const requestLog = new RequestLog(logger, 'http');
    const door = options.door ?? name;
    const { doorOf } = options;
    // debug watches every request from the start; below it, only those that may be refused
    const watchAnswer = (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (!requestLog.debug && requestLog.active) watchHttpRequest(requestLog, door, req, res, doorOf);
    };
    // a held long-poll or a long upload is not cut by a total request time: only stalls are
    this.server = http.createServer(headerTimeoutOptions(options.timeouts), (req, res) => {
      timeouts.onRequest(req);
      if (requestLog.debug) watchHttpRequest(requestLog, door, req, res, doorOf);
      if (fastPath?.(req, res, watchAnswer)) return;
      watchAnswer(req, res);
      this.app().then(
        (app) => app.routing(req, res),
        (err: unknown) => {
          logger.error({ err }, `the ${name} could not be started`);
          res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end(`${name} unavailable`);
        },
      );
    });
    this.server.keepAliveTimeout = options.keepAliveTimeoutMs;
    timeouts.attach(this.server);
  }

  /** The fastify app, built (once) and ready. */
  app(): Promise<FastifyInstance> {
    this.built ??= this.options.build().then(async (app) => {
      await app.ready();
      return app;
    });
    return this.built;
  }

  /** Resolves with the port's URL, as fastify names it (127.0.0.1 for a wildcard host). */
  listen(port: number, host: string): Promise<string> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        const bound = (this.server.address() as AddressInfo).port;
        const shown = isWildcardHost(host) ? '127.0.0.1' : host;
        resolve(`http://${shown.includes(':') ? `[${shown}]` : shown}:${bound}`);
      });
    });
  }

  /**
   * Stops accepting and closes idle connections; fastify closes (new requests on open connections get its
   * 503). A connection still busy after `CLOSE_GRACE_MS` is cut; one that finished its answer is closed
   * as idle (cutting it sooner could drop an answer still on its way out).
   */
  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeIdleConnections();
    const app = await this.built?.catch(() => null);
    await app?.close();
    const idle = setInterval(() => this.server.closeIdleConnections(), 20);
    const cut = setTimeout(() => this.server.closeAllConnections(), CLOSE_GRACE_MS);
    await closed;
    this.timeouts.stop();
    clearInterval(idle);
    clearTimeout(cut);
  }
}
