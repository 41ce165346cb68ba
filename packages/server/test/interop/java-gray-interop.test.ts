import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
 * Gray releases read by nacos-client 3.1.0 and 2.5.1 (the scenario of java/v3-gray, built for 2.5.1 by
 * java/v2-gray): for each version three clients listen to one config while the test
 * publishes over HTTP a beta for 127.0.0.1 and a tag release `blue`, then stops both. Each client reports
 * the IP the JVM is told (`com.alibaba.nacos.client.local.ip`); one declares `Vipserver-Tag=blue` among its
 * app labels (`nacos.app.conn.labels`).
 */
let server: SdkServer;
let scratch: string;
const clients: Record<string, JavaClient> = {};

beforeAll(async () => {
  if (!javaToolchainAvailable) return;
  clients['3.1.0'] = buildJavaClient('v3-gray');
  clients['2.5.1'] = buildJavaClient('v2-gray', 'v3-gray');
  server = await startSdkServer();
  scratch = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-java-gray-'));
}, 300_000);

afterAll(async () => {
  await server?.app.dispose();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const DATA_ID = 'gray-java.yaml';
const GROUP = 'GRAY';
const KEY = { namespaceId: '', group: GROUP, dataId: DATA_ID };
const VERSIONS = ['3.1.0', '2.5.1'];

/** A listening client: the changes it heard in order, and its run. */
interface Listener {
  heard: string[];
  listening: Promise<void>;
  run: Promise<ScenarioRun>;
}

function listen(client: JavaClient, name: string, ip: string, stop: string, labels?: string): Listener {
  const heard: string[] = [];
  let ready!: () => void;
  const listening = new Promise<void>((resolve) => (ready = resolve));
  const run = runJavaScenario(
    client,
    server.serverAddr,
    path.join(scratch, name),
    150_000,
    labels ? [stop, labels] : [stop],
    {
      jvmArgs: [`-Dcom.alibaba.nacos.client.local.ip=${ip}`],
      onStep: (step, value) => {
        if (step === 'listening') ready();
        if (step.startsWith('heard')) heard.push(String(value));
      },
    },
  );
  // a run that ends before it listens fails the test at its own assertions
  void run.then(() => ready());
  return { heard, listening, run };
}

async function send(method: 'POST' | 'DELETE', query: string, form?: Record<string, string>, betaIps?: string) {
  const url = `http://${server.serverAddr}/nacos/v1/cs/configs?${query}`;
  const headers: Record<string, string> = {};
  if (betaIps) headers.betaIps = betaIps;
  const res = await fetch(url, { method, headers, body: form ? new URLSearchParams(form) : undefined });
  return [res.status, await res.text()];
}

const publish = (content: string, extra: Record<string, string> = {}, betaIps?: string) =>
  send('POST', '', Object.assign({ dataId: DATA_ID, group: GROUP, content, type: 'yaml' }, extra), betaIps);

describe.skipIf(!javaToolchainAvailable)('gray releases read by nacos-client', () => {
  it.each(VERSIONS)(
    '%s: a beta reaches the client on its IP, a tag release the labelled client, and stopping them brings the stable back',
    async (version) => {
      const client = clients[version];
      expect(await publish('v: stable')).toEqual([200, 'true']);
      const stop = path.join(scratch, `stop-${version}`);
      const beta = listen(client, `${version}/beta`, '127.0.0.1', stop);
      const other = listen(client, `${version}/other`, '10.9.9.9', stop);
      const tagged = listen(client, `${version}/tagged`, '10.9.9.8', stop, 'Vipserver-Tag=blue');
      // the clients stop once the file exists, also when a step below fails
      try {
        await Promise.all([beta.listening, other.listening, tagged.listening]);

        // a beta for 127.0.0.1: that client hears it; the stable config is unchanged for everyone else
        expect(await publish('v: beta', {}, '127.0.0.1')).toEqual([200, 'true']);
        await waitUntil('the beta client to hear the beta', () => beta.heard.includes('v: beta'), 30_000);
        expect(server.app.core.configs.get(KEY)?.content).toBe('v: stable');

        // a tag release `blue`: only the labelled client hears it
        expect(await publish('v: blue', { tag: 'blue' })).toEqual([200, 'true']);
        await waitUntil('the tagged client to hear the tag release', () => tagged.heard.includes('v: blue'), 30_000);

        // both stopped: each goes back to the stable content
        expect(await send('DELETE', `dataId=${DATA_ID}&group=${GROUP}&beta=true`)).toEqual([
          200,
          JSON.stringify({ code: 200, message: 'stop beta ok', data: true }),
        ]);
        await waitUntil('the beta client to hear the stable again', () => beta.heard.length === 2, 30_000);
        expect((await send('DELETE', `dataId=${DATA_ID}&group=${GROUP}&tag=blue`))[0]).toBe(200);
        await waitUntil('the tagged client to hear the stable again', () => tagged.heard.length === 2, 30_000);
        expect(server.app.core.configs.graysOf(KEY)).toEqual([]);
      } finally {
        writeFileSync(stop, '');
      }
      const [betaRun, otherRun, taggedRun] = await Promise.all([beta.run, other.run, tagged.run]);
      for (const run of [betaRun, otherRun, taggedRun]) expect(run.exitCode, run.output).toBe(0);
      expect([betaRun.steps.read, betaRun.steps.final, beta.heard]).toEqual([
        'v: stable',
        'v: stable',
        ['v: beta', 'v: stable'],
      ]);
      expect([taggedRun.steps.read, taggedRun.steps.final, tagged.heard]).toEqual([
        'v: stable',
        'v: stable',
        ['v: blue', 'v: stable'],
      ]);
      // the client on another IP without the label read the stable config throughout
      expect([otherRun.steps.read, otherRun.steps.final, other.heard]).toEqual(['v: stable', 'v: stable', []]);
    },
    200_000,
  );
});
