import { rmSync } from 'node:fs';
import { afterEach } from 'vitest';
import { RawNacosClient } from './grpc-raw-client.js';
import { buildTestApp, tempDataDir, type TestApp } from './helpers.js';

export interface ListeningServer {
  /** The running app (throws before `start`). */
  readonly app: TestApp;
  /** Starts a server on this test's data dir (the same one on every start, so a second start is a restart). */
  start(): Promise<{ http: string; grpc: number }>;
  /** A raw gRPC client of 127.0.0.1 (the IP it reports), connected; closed after the test. */
  grpcClient(port: number): Promise<RawNacosClient>;
  /** A raw gRPC client connected with these labels (e.g. a `Vipserver-Tag`); closed after the test. */
  labelledClient(port: number, labels: Record<string, string>): Promise<RawNacosClient>;
  /** Closes the clients opened so far (before a restart). */
  closeClients(): void;
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
    async grpcClient(port) {
      const c = new RawNacosClient(`127.0.0.1:${port}`);
      clients.push(c);
      await c.connect();
      return c;
    },
    async labelledClient(port, labels) {
      const c = new RawNacosClient(`127.0.0.1:${port}`);
      clients.push(c);
      await c.connect({ labels });
      return c;
    },
    closeClients() {
      for (const c of clients.splice(0)) c.close();
    },
  };
}
