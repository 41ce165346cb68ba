// Server-side cost of one push fan-out, without sockets: the real app (built from dist) with `n`
// connections whose streams only count bytes, each subscribed to one service; times rendering and
// writing the NotifySubscriberRequest of every subscriber after a change.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../packages/server/src/app.js';
import { loadSettings } from '../packages/server/src/settings.js';
import { createLogger } from '../packages/server/src/shared/logger.js';

export async function fanOutServerCost(n: number, rounds: number): Promise<number[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-fanout-'));
  const settings = {
    ...loadSettings({ RNACOS_DATA_DIR: dataDir, RNACOS_LOG_LEVEL: 'silent' }),
    httpPort: 0,
    grpcPort: 0,
    consolePort: 0,
  };
  const app = await buildApp({ settings, logger: createLogger('silent') });
  try {
    const sink = { write() {}, end() {} };
    const key = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'fanout-svc' };
    const conns = Array.from({ length: n }, (_, i) =>
      app.grpc.connections.open(`10.1.${i >> 8}.${i & 255}:40000`, sink),
    );
    for (const c of conns)
      app.core.naming.subscribeConnection(key, c.id, { clusters: '', ip: c.remoteIp, port: 40000 });
    const owner = app.grpc.connections.open('10.9.9.9:40000', sink);
    const times: number[] = [];
    for (let r = 0; r < rounds; r++) {
      await app.core.naming.replaceConnectionInstances(owner.id, key, [{ ip: '10.9.9.9', port: 10_000 + r }]);
      const t0 = performance.now();
      app.grpc.namingPushes.flushNow();
      times.push(performance.now() - t0);
      // Answer every push, as clients do, so nothing waits for a timeout.
      for (const c of conns)
        for (const requestId of [...c.pending.keys()])
          app.grpc.connections.acknowledge(c, { requestId, resultCode: 200 });
    }
    return times.sort((a, b) => a - b);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
