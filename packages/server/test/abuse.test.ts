import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bombsAndOversized,
  consoleSession,
  dribblingBodies,
  heapAfterGc,
  hostileBytes,
  hostileUploads,
  inspectorUrl,
  Opened,
  sendUploads,
  silentConnections,
  startProbe,
  unfinishedMessages,
} from './abuse-kit.js';
import { RawNacosClient } from './grpc-raw-client.js';
import { tempDataDir } from './helpers.js';
import { waitUntil } from './interop/wait-until.js';
import { freePort, startServerProcess, waitForExit, type ServerProcess } from './server-process.js';

/**
 * A bounded abuse run against the built server in a child process: hostile gRPC frames and messages,
 * unfinished and oversized messages, compression bombs, silent and slow connections on every port, fuzzed
 * HTTP requests, and console uploads built to be slow or huge to read (each refused with its limit). Throughout, a health probe is answered within 100 ms; afterwards the server holds
 * no message bytes, has closed every connection that never finished a request, and (after a GC) its JS
 * heap is back within 10 % of where it started.
 */
const ABUSE_MS = 8_000;
const MB = 1024 * 1024;
let server: ServerProcess | undefined;
const dataDir = tempDataDir();
const opened = new Opened();

afterAll(async () => {
  opened.closeAll();
  if (server) {
    server.child.kill('SIGKILL');
    await waitForExit(server.child);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** A small deterministic generator, so a failing run can be repeated. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

const gauge = async (name: string) => {
  const text = await (await fetch(`${server!.baseUrl}/nacos/metrics`)).text();
  return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1]);
};

const HOSTILE_VALUES = [
  '',
  ' ',
  'x'.repeat(5000),
  '%00',
  '../../etc',
  '\u0000',
  'é€😀',
  '-1',
  '99999999999999999999',
  '{}',
  '[',
  'null',
];
const PATHS = [
  '/nacos/v1/cs/configs',
  '/nacos/v1/ns/instance',
  '/nacos/v1/ns/instance/list',
  '/nacos/v1/ns/instance/beat',
  '/nacos/v1/ns/service',
  '/nacos/v1/ns/service/list',
  '/nacos/v1/console/namespaces',
  '/nacos/v1/auth/login',
  '/nacos/v1/cs/history',
  '/nacos/v1/ns/catalog/services',
  '/nacos/v2/nope',
];
const PARAMS = [
  'dataId',
  'group',
  'tenant',
  'content',
  'serviceName',
  'ip',
  'port',
  'namespaceId',
  'pageNo',
  'pageSize',
  'beat',
  'weight',
  'username',
];

/** Random requests to the SDK port's routes with hostile parameters and bodies; returns the statuses. */
async function fuzzHttp(base: string, count: number, random: () => number): Promise<number[]> {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const statuses: number[] = [];
  const one = async () => {
    const params = new URLSearchParams();
    for (let i = 0; i < 1 + random() * 5; i++) params.set(pick(PARAMS), pick(HOSTILE_VALUES));
    const method = pick(['GET', 'POST', 'PUT', 'DELETE']);
    const inBody = method !== 'GET' && random() < 0.5;
    const res = await fetch(`${base}${pick(PATHS)}${inBody ? '' : `?${params}`}`, {
      method,
      ...(inBody
        ? {
            body: random() < 0.8 ? params.toString() : pick(HOSTILE_VALUES),
            headers: { 'content-type': pick(['application/x-www-form-urlencoded', 'application/json', 'text/plain']) },
          }
        : {}),
      signal: AbortSignal.timeout(5_000),
    });
    await res.arrayBuffer();
    statuses.push(res.status);
  };
  // three at a time: hostile, not a flood (the probe measures the server, not the machine running out of CPU)
  for (let i = 0; i < count; i += 3) await Promise.all(Array.from({ length: 3 }, one));
  return statuses;
}

describe('abuse of both doors', () => {
  it('keeps answering its probe, then frees what the abuse held', { timeout: 90_000 }, async () => {
    const consolePort = await freePort();
    server = await startServerProcess(
      {
        RNACOS_DATA_DIR: dataDir,
        RNACOS_HTTP_CONSOLE_PORT: String(consolePort),
        // messages up to 10 MB, 20 MB held per connection, 32 MB in all
        RNACOS_CONFIG_MAX_CONTENT: '1024',
        RNACOS_GRPC_MAX_BUFFERED_MB: '32',
        RNACOS_REQUEST_STALL_TIMEOUT_SECOND: '2',
        RNACOS_CONNECTION_IDLE_TIMEOUT_SECOND: '2',
        RNACOS_CONSOLE_ENABLE_CAPTCHA: 'false',
      },
      { built: true, nodeOptions: ['--inspect=127.0.0.1:0'] },
    );
    const inspector = inspectorUrl(server.output());
    const httpPort = Number(new URL(server.baseUrl).port);
    const { grpcPort } = server;
    const random = seeded(20_260_101);

    // warm up what any first client loads (the routes, a gRPC connection), so the baseline includes it
    const warm = new RawNacosClient(`127.0.0.1:${grpcPort}`);
    await warm.connect();
    await warm.request('ConfigQueryRequest', { dataId: 'warm', group: 'G' });
    warm.close();
    await fuzzHttp(server.baseUrl, 20, seeded(1));
    const consoleBase = `http://127.0.0.1:${consolePort}`;
    await fetch(`${consoleBase}/rnacos/api/console/v2/namespaces/list`);
    const session = await consoleSession(consoleBase, 'admin', 'admin');
    const uploads = hostileUploads(seeded(7));
    const heapBefore = await heapAfterGc(inspector);

    const probe = startProbe(`${server.baseUrl}/nacos/v1/console/health/readiness`);
    // the probe process's first fetch pays for loading its own HTTP client: those before the abuse are left out
    await waitUntil('the probe to answer', () => probe.samples.length >= 3);
    const warmSamples = probe.samples.length;
    const started = Date.now();
    unfinishedMessages(opened, grpcPort, 3, 3);
    // the server did take them in (up to its caps) before it let them go
    const held = waitUntil('unfinished messages held', async () => (await gauge('grpc_buffered_bytes')) >= 16 * MB);
    bombsAndOversized(opened, grpcPort, 6);
    hostileBytes(opened, grpcPort, 50, random);
    silentConnections(opened, [grpcPort, httpPort, consolePort], 100);
    const stopDribbling = dribblingBodies(opened, httpPort, 50);
    const uploadAnswers = sendUploads({ console: consoleBase, sdk: server.baseUrl }, session, uploads);
    const statuses = await fuzzHttp(server.baseUrl, 300, random);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, ABUSE_MS - (Date.now() - started))));
    stopDribbling();
    await held;
    // every hostile upload was refused with the limit it hit (or as damaged), none with an error or silence
    expect(await uploadAnswers).toEqual(
      uploads.map((u) => ({ what: u.what, status: u.status, message: expect.stringMatching(u.message) })),
    );

    // every connection that never finished a request has been closed by the server
    await waitUntil(
      'the server to close idle and stalled connections',
      () => opened.expectClosed.every((c) => c.closed),
      20_000,
    ).catch(() => expect(opened.expectClosed.filter((c) => !c.closed).map((c) => c.what)).toEqual([]));
    await waitUntil('no message bytes held', async () => (await gauge('grpc_buffered_bytes')) === 0, 20_000);
    probe.stop();
    opened.closeAll();

    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const during = probe.samples.slice(warmSamples);
    const answered = during.filter((s) => s.status === 200);
    expect(answered.length).toBe(during.length);
    expect(answered.length).toBeGreaterThan(ABUSE_MS / 200);
    expect(Math.max(...answered.map((s) => s.ms))).toBeLessThan(100);

    const heapAfter = await waitUntil(
      'the heap to settle',
      async () => {
        const used = await heapAfterGc(inspector);
        return used <= heapBefore * 1.1 ? used : 0;
      },
      15_000,
      1_000,
    ).catch(async () => heapAfterGc(inspector));
    expect(heapAfter / heapBefore).toBeLessThanOrEqual(1.1);
  });
});
