import { rmSync } from 'node:fs';
import { afterEach } from 'vitest';
import { RawNacosClient } from './grpc-raw-client.js';
import { buildTestApp, tempDataDir, type TestApp } from './helpers.js';

type ConnectOptions = Parameters<RawNacosClient['connect']>[0];

export interface ListeningServer {
  /** The running app (throws before `start`). */
  readonly app: TestApp;
  /** Starts a server on this test's data dir (the same one on every start, so a second start is a restart). */
  start(): Promise<{ http: string; grpc: number }>;
  /** Closes the clients and the server, and starts again on the same data dir. */
  restart(): Promise<{ http: string; grpc: number }>;
  /** A raw gRPC client of 127.0.0.1 (the IP it reports), connected; closed after the test. */
  grpcClient(port: number, options?: ConnectOptions): Promise<RawNacosClient>;
}

/**
 * A listening server on a real SQLite file for tests that restart it on the same data: each test gets a
 * fresh data dir, and its clients, server and data dir are gone after it.
 */
export function listeningServer(): ListeningServer {
  let dataDir: string | undefined;
  let app: TestApp | undefined;
  const clients: RawNacosClient[] = [];

  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await app?.close();
    app = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  return {
    get app() {
      if (!app) throw new Error('the server is not started');
      return app;
    },
    async start() {
      dataDir ??= tempDataDir();
      app = await buildTestApp({ dataDir });
      const ports = await app.listen();
      return { http: ports.http, grpc: ports.grpc };
    },
    async restart() {
      for (const c of clients.splice(0)) c.close();
      await app?.close();
      return this.start();
    },
    async grpcClient(port, options) {
      const c = new RawNacosClient(`127.0.0.1:${port}`);
      clients.push(c);
      await c.connect(options);
      return c;
    },
  };
}
