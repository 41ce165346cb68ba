import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildJavaClient,
  javaToolchainAvailable,
  runJavaScenario,
  type JavaClient,
  type ScenarioRun,
} from './java-clients.js';
import { startSdkServer, type SdkServer } from './sdk-drivers.js';
import { waitUntil } from './wait-until.js';

/**
 * Beta releases read by nacos-client 1.4.8, which reads configs with `GET /nacos/v1/cs/configs` and listens
 * by long polling `/nacos/v1/cs/configs/listener`. It sends no address of its own: the server knows it by
 * its socket (127.0.0.1 here) or, behind a reverse proxy, by the `X-Forwarded-For` the proxy adds. So three
 * clients on this one host are three addresses: one connects directly (127.0.0.1), two through a small
 * reverse proxy each that forwards them as 10.9.9.8 and as 10.9.9.9 (the proxy's own socket is 127.0.0.1,
 * inside the beta: only the forwarded address keeps the third client out). The scenario is java/v3-gray's.
 */
let server: SdkServer;
let scratch: string;
let client: JavaClient;
const proxies: http.Server[] = [];

beforeAll(async () => {
  if (!javaToolchainAvailable) return;
  client = buildJavaClient('v1-gray', 'v3-gray');
  server = await startSdkServer();
  scratch = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-java-gray-v1-'));
}, 300_000);

afterAll(async () => {
  for (const proxy of proxies) proxy.close();
  await server?.app.dispose();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** A reverse proxy to the server (as nginx with `proxy_add_x_forwarded_for`) for a client known as `ip`. */
async function proxyAs(ip: string): Promise<string> {
  const proxy = http.createServer((req, res) => {
    const headers = Object.assign({}, req.headers, { 'x-forwarded-for': ip });
    const upstream = http.request(
      { host: '127.0.0.1', port: server.httpPort, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  proxies.push(proxy);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

const DATA_ID = 'gray-java.yaml';
const GROUP = 'GRAY';

interface Listener {
  heard: string[];
  listening: Promise<void>;
  run: Promise<ScenarioRun>;
}

function listen(serverAddr: string, name: string, stop: string): Listener {
  const heard: string[] = [];
  let ready!: () => void;
  const listening = new Promise<void>((resolve) => (ready = resolve));
  const run = runJavaScenario(client, serverAddr, path.join(scratch, name), 150_000, [stop], {
    onStep: (step, value) => {
      if (step === 'listening') ready();
      if (step.startsWith('heard')) heard.push(String(value));
    },
  });
  void run.then(() => ready());
  return { heard, listening, run };
}

async function send(method: 'POST' | 'DELETE', query: string, form?: Record<string, string>, betaIps?: string) {
  const headers: Record<string, string> = {};
  if (betaIps) headers.betaIps = betaIps;
  const res = await fetch(`http://${server.serverAddr}/nacos/v1/cs/configs?${query}`, {
    method,
    headers,
    body: form ? new URLSearchParams(form) : undefined,
  });
  return [res.status, await res.text()];
}

describe.skipIf(!javaToolchainAvailable)('beta releases read by nacos-client 1.4.8 over HTTP', () => {
  it('a beta reaches the clients whose address it lists, by getConfig and by a long-poll push; stopping it brings the stable back', async () => {
    const stable = { dataId: DATA_ID, group: GROUP, content: 'v: stable', type: 'yaml' };
    expect(await send('POST', '', stable)).toEqual([200, 'true']);
    const stop = path.join(scratch, 'stop');
    const direct = listen(server.serverAddr, 'direct', stop);
    const proxiedIn = listen(await proxyAs('10.9.9.8'), 'proxied-in', stop);
    const proxiedOut = listen(await proxyAs('10.9.9.9'), 'proxied-out', stop);
    try {
      await Promise.all([direct.listening, proxiedIn.listening, proxiedOut.listening]);

      const beta = { dataId: DATA_ID, group: GROUP, content: 'v: beta', type: 'yaml' };
      expect(await send('POST', '', beta, '127.0.0.1,10.9.9.8')).toEqual([200, 'true']);
      await waitUntil('the direct client to hear the beta', () => direct.heard.includes('v: beta'), 60_000);
      await waitUntil('the proxied client to hear the beta', () => proxiedIn.heard.includes('v: beta'), 60_000);

      expect(await send('DELETE', `dataId=${DATA_ID}&group=${GROUP}&beta=true`)).toEqual([
        200,
        JSON.stringify({ code: 200, message: 'stop beta ok', data: true }),
      ]);
      await waitUntil('the direct client to hear the stable again', () => direct.heard.length === 2, 60_000);
      await waitUntil('the proxied client to hear the stable again', () => proxiedIn.heard.length === 2, 60_000);

      // a beta again, read by getConfig at the end (the clients' `final` step) while it is on
      expect(await send('POST', '', { ...beta, content: 'v: beta 2' }, '127.0.0.1,10.9.9.8')).toEqual([200, 'true']);
      await waitUntil(
        'both beta clients to hear the second beta',
        () => [direct, proxiedIn].every((l) => l.heard.includes('v: beta 2')),
        60_000,
      );
    } finally {
      writeFileSync(stop, '');
    }
    const runs = await Promise.all([direct.run, proxiedIn.run, proxiedOut.run]);
    for (const run of runs) expect(run.exitCode, run.output).toBe(0);
    const [directRun, inRun, outRun] = runs;
    for (const [run, listener] of [
      [directRun, direct],
      [inRun, proxiedIn],
    ] as const) {
      expect([run.steps.read, run.steps.final, listener.heard]).toEqual([
        'v: stable',
        'v: beta 2',
        ['v: beta', 'v: stable', 'v: beta 2'],
      ]);
    }
    // forwarded as an address outside the beta: the stable config throughout, nothing heard
    expect([outRun.steps.read, outRun.steps.final, proxiedOut.heard]).toEqual(['v: stable', 'v: stable', []]);
  }, 240_000);
});
