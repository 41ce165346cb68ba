import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../../shared/logger.js';
import { isWildcardHost } from '../../shared/wildcard-host.js';

/** Fastify's own keep-alive default, which the console had when it owned its port. */
const KEEP_ALIVE_MS = 72_000;

/**
 * The console's port, open from the start, with the console itself (its code, static files and routes:
 * some 50 ms of start-up) built when its first request arrives. The SDK ports are ready that much sooner,
 * and a server nobody opens the console of never loads it.
 */
export class LazyConsolePort {
  private app: Promise<FastifyInstance> | null = null;
  private readonly server: http.Server;

  constructor(
    private readonly build: () => Promise<FastifyInstance>,
    logger: Logger,
  ) {
    this.server = http.createServer((req, res) => {
      this.built().then(
        (app) => app.routing(req, res),
        (err: unknown) => {
          logger.error({ err }, 'the console could not be started');
          res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('console unavailable');
        },
      );
    });
    this.server.keepAliveTimeout = KEEP_ALIVE_MS;
    // as fastify sets it: a long transfer-file upload is not cut
    this.server.requestTimeout = 0;
  }

  /** Resolves with the console's URL, as fastify names it (127.0.0.1 for a wildcard host). */
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

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
    const app = await this.app?.catch(() => null);
    await app?.close();
  }

  private built(): Promise<FastifyInstance> {
    this.app ??= this.build().then(async (app) => {
      await app.ready();
      return app;
    });
    return this.app;
  }
}
