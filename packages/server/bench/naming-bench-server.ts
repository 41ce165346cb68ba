/**
 * Server side of the naming benchmark, run as a child process (so the load generator does not share its
 * event loop). Role `tsnacos`: the real app on a temp data dir. Role `bare`: a node:http server that
 * answers each route with a fixed body, the same bytes tsnacos sends: the ceiling a Node HTTP server
 * reaches on this machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PUSH_CACHE_MILLIS, serviceListJson } from '../src/adapters/http-v1/naming-json.js';
import { buildApp } from '../src/app.js';
import { loadSettings } from '../src/settings.js';
import { createLogger } from '../src/shared/logger.js';

export type BenchMessage =
  | { type: 'ready'; port: number }
  | { type: 'rss'; rss: number; heapUsed: number; instances: number }
  | { type: 'loaded'; instances: number }
  | { type: 'cpu'; micros: number };

export type BenchCommand =
  | { type: 'load'; services: number; perService: number; offset: number }
  | { type: 'rss' }
  | { type: 'cpu' }
  | { type: 'stop' };

/** CPU time this process has used (user + system), in microseconds. */
function answerCpu(cmd: BenchCommand): void {
  if (cmd.type !== 'cpu') return;
  const { user, system } = process.cpuUsage();
  send({ type: 'cpu', micros: user + system });
}

const send = (m: BenchMessage) => process.send!(m);

async function tsnacos(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-bench-'));
  const settings = { ...loadSettings({ RNACOS_DATA_DIR: dataDir, RNACOS_LOG_LEVEL: 'silent' }), consolePort: 0 };
  const app = await buildApp({ settings: { ...settings, httpPort: 0, sdkHost: '127.0.0.1' }, logger: createLogger('silent') });
  await app.listen();
  const address = app.sdkHttp.server.address() as { port: number };
  const naming = app.core.naming;

  process.on('message', answerCpu);
  process.on('message', async (cmd: BenchCommand) => {
    if (cmd.type === 'load') {
      // Straight into the core: this measures memory, not registration speed.
      for (let s = cmd.offset; s < cmd.offset + cmd.services; s++) {
        const key = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: `mem-svc-${s}` };
        for (let i = 0; i < cmd.perService; i++) {
          await naming.registerInstance(key, {
            ip: `10.${(s >> 8) & 255}.${s & 255}.${i + 1}`,
            port: 8080,
            metadata: { version: '1.0.0', zone: `zone-${i % 3}` },
          });
        }
        // The answer a polling client gets, rendered and cached, as in steady state.
        serviceListJson(naming.query(key), PUSH_CACHE_MILLIS);
      }
      send({ type: 'loaded', instances: naming.stats().instanceCount });
    } else if (cmd.type === 'rss') {
      global.gc?.();
      const mem = process.memoryUsage();
      send({ type: 'rss', rss: mem.rss, heapUsed: mem.heapUsed, instances: naming.stats().instanceCount });
    } else if (cmd.type === 'stop') {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  send({ type: 'ready', port: address.port });
}

/** Bodies per `METHOD /path`, from BENCH_BODIES (JSON): the same bytes tsnacos answers with. */
async function bare(): Promise<void> {
  const bodies = JSON.parse(process.env.BENCH_BODIES ?? '{}') as Record<string, string>;
  const server = http.createServer((req, res) => {
    const route = (req.url ?? '').split('?')[0];
    const body = bodies[`${req.method} ${route}`] ?? 'ok';
    req.resume();
    res.writeHead(200, { 'content-type': body.startsWith('{') ? 'application/json;charset=UTF-8' : 'text/plain;charset=UTF-8' });
    res.end(body);
  });
  server.keepAliveTimeout = 75_000;
  process.on('message', answerCpu);
  process.on('message', (cmd: BenchCommand) => {
    if (cmd.type === 'stop') server.close(() => process.exit(0));
  });
  server.listen(0, '127.0.0.1', () => send({ type: 'ready', port: (server.address() as { port: number }).port }));
}

await (process.argv[2] === 'bare' ? bare() : tsnacos());
