import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { startDbLinkProxy, type DbLinkProxy } from '../db-link-proxy.js';
import { pythonSdkAvailable, startPythonDriver, type SdkDriver, type SdkServer } from '../interop/sdk-drivers.js';
import { waitUntil } from '../interop/wait-until.js';
import { startPostgres } from '../postgres-server.js';
import { startClusterNode, type ClusterNodeProcess } from './cluster-nodes.js';

/**
 * nacos-sdk-python 3.2.0 redoes its registrations and subscriptions only on a 30 s timer, and that timer's
 * task dies for good when a call it waits on is cancelled, as its own reconnect does to the calls still
 * under way on the channel it leaves. A node that lets its clients go (it lost its lease) must therefore
 * leave no call of theirs waiting: here the SDK moves once (its redo now due), and at its redo tick the node
 * it moved to stalls on its database, so the redo's registration waits there until that node lets the SDK
 * go too. The SDK must still redo its subscription on its next tick, and be told of later changes.
 * Two nodes (child processes) on a real PostgreSQL, each through a link the test can cut or slow down.
 */
const pgServer = pythonSdkAvailable ? await startPostgres() : 'nacos-sdk-python not installed';
if (typeof pgServer === 'string') console.warn(`SDK let-go test skipped: ${pgServer}`);

const LEASE_MS = 4_000;
/** nacos-sdk-python redoes lost registrations and subscriptions on a 30 s timer that starts with the client. */
const REDO_EVERY_MS = 30_000;
const SERVICE = 'let-go';
const nodes: ClusterNodeProcess[] = [];
const links: DbLinkProxy[] = [];
let sdk: SdkDriver | undefined;
let failed = false;
let t0 = Date.now();
const at = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The node holding the SDK's gRPC connection (the only one in this test). */
async function sdkNode(): Promise<ClusterNodeProcess | undefined> {
  for (const node of nodes) {
    const text = await fetch(`${node.http}/nacos/metrics`).then(
      (r) => r.text(),
      () => '',
    );
    if (/^grpc_conn_size\S* 1$/m.test(text)) return node;
  }
  return undefined;
}

/** Registers an ephemeral HTTP instance and beats it every 5 s (it stays listed) until the returned stop. */
async function httpRegister(node: ClusterNodeProcess, ip: string): Promise<() => void> {
  const query = `serviceName=${SERVICE}&ip=${ip}&port=80`;
  const res = await fetch(`${node.http}/nacos/v1/ns/instance?${query}`, { method: 'POST' });
  expect(await res.text()).toBe('ok');
  const beats = setInterval(() => {
    void fetch(`${node.http}/nacos/v1/ns/instance/beat?${query}`, { method: 'PUT' }).catch(() => undefined);
  }, 5_000);
  return () => clearInterval(beats);
}

function told(driver: SdkDriver, ip: string): boolean {
  return driver.driver.events.some(
    (e) => e.event === 'naming' && (e.instances as Array<{ ip: string }>).some((i) => i.ip === ip),
  );
}

beforeAll(async () => {
  if (typeof pgServer === 'string') return;
  const dbUrl = await pgServer.createDatabase('let_go');
  const env = { RNACOS_CLUSTER_LEASE_SECOND: String(LEASE_MS / 1000), RNACOS_DB_TIMEOUT_SECOND: '10' };
  for (const id of [1, 2]) {
    const link = await startDbLinkProxy(pgServer.port);
    links.push(link);
    nodes.push(await startClusterNode(id, link.url(dbUrl), env));
  }
}, 120_000);

afterAll(async () => {
  if (failed) {
    // the SDK's own account (DEBUG: its redo ticks) and the nodes', for a closer look
    const dir = sdk?.clientArgs.logDir;
    for (const f of dir ? readdirSync(dir) : []) {
      if (f.endsWith('.log')) console.log(`==== ${f}\n${readFileSync(path.join(dir!, f), 'utf8').slice(-80_000)}`);
    }
    for (const node of nodes) console.log(`==== node ${node.nodeId}\n${node.output().slice(-20_000)}`);
  }
  await sdk?.cleanup();
  await Promise.all(nodes.map((n) => n.stop().catch(() => undefined)));
  await Promise.all(links.map((l) => l.close()));
  if (typeof pgServer !== 'string') await pgServer.stop();
}, 60_000);

describe.skipIf(typeof pgServer === 'string')('nacos-sdk-python subscribed through a node that lets it go', () => {
  it('is told of later changes after its redo was under way there', async () => {
    onTestFailed(() => {
      failed = true;
    });
    const driver = (sdk = await startPythonDriver({
      serverAddr: nodes.map((n) => n.serverAddr).join(','),
    } as SdkServer));
    t0 = Date.now();
    await driver.driver.call('naming.create', { ...driver.clientArgs, client: 'naming', logLevel: 'DEBUG' });
    await driver.driver.call('naming.register', {
      client: 'naming',
      service: SERVICE,
      instance: { ip: '10.7.0.1', port: 80 },
    });
    await driver.driver.call('naming.subscribe', { client: 'naming', service: SERVICE });
    // 1. the SDK's node loses its database: it lets the SDK go, which moves and has its registration and
    //    subscription to redo on its next redo tick
    const first = (await waitUntil('the SDK is connected', sdkNode))!;
    console.log(`${at()} cutting node ${first.nodeId} (the SDK's) off`);
    links[first.nodeId - 1].set({ kind: 'dropped' });
    const second = (await waitUntil(
      'the SDK moved',
      async () => {
        const node = await sdkNode();
        return node && node !== first ? node : undefined;
      },
      20_000,
      200,
    ))!;
    links[first.nodeId - 1].set({ kind: 'up' });
    console.log(`${at()} the SDK moved to node ${second.nodeId}`);
    // 2. just before the redo tick, the SDK's new node stalls on its database: the redo's registration waits
    //    there for its commit until that node lets its clients go as well
    await sleep(REDO_EVERY_MS - 1_500 - (Date.now() - t0));
    console.log(`${at()} node ${second.nodeId}'s database link stalls`);
    links[second.nodeId - 1].set({ kind: 'slow', delayMs: 60_000 });
    await waitUntil(
      'the SDK moved back',
      async () => {
        const node = await sdkNode();
        return node && node !== second ? node : undefined;
      },
      20_000,
      200,
    );
    links[second.nodeId - 1].set({ kind: 'up' });
    console.log(`${at()} the SDK moved back`);
    // 3. a change of the service through the node the SDK is on now reaches it, at the latest once it redid
    //    its subscription on the next tick
    const stopBeats = await httpRegister(first, '10.7.1.1');
    console.log(`${at()} registered 10.7.1.1 through node ${first.nodeId}`);
    try {
      await waitUntil('the SDK is told of 10.7.1.1', () => told(driver, '10.7.1.1'), REDO_EVERY_MS + 5_000, 200);
    } finally {
      stopBeats();
    }
    console.log(`${at()} the SDK was told of 10.7.1.1`);
  }, 120_000);
});
