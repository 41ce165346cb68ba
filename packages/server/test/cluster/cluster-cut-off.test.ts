import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDbLinkProxy, type DbLinkProxy } from '../db-link-proxy.js';
import { RawNacosClient } from '../grpc-raw-client.js';
import { waitUntil } from '../interop/wait-until.js';
import { startPostgres } from '../postgres-server.js';
import { chaosNode, type ChaosNode } from './chaos/chaos-node.js';
import { FailoverGrpcClient } from './chaos/failover-grpc-client.js';
import { Random } from './chaos/random.js';
import { startClusterNode } from './cluster-nodes.js';

/**
 * A node that can no longer renew its lease while the others can (its link to PostgreSQL cut) lets its gRPC
 * clients go, so that they register through a node that represents them before the others evict it; it
 * takes no new client until it has its lease again. When the database is down for every node, nobody lets
 * clients go. Two nodes (child processes); node 1 reaches PostgreSQL through a link the test cuts.
 */
const pgServer = await startPostgres();
if (typeof pgServer === 'string') console.warn(`cluster cut-off tests skipped: ${pgServer}`);

const LEASE_MS = 4_000;
const ENV = { RNACOS_CLUSTER_LEASE_SECOND: String(LEASE_MS / 1000), RNACOS_DB_TIMEOUT_SECOND: '3' };
const SERVICE = 'cut-off';

let link: DbLinkProxy;
const nodes: ChaosNode[] = [];
const clients: FailoverGrpcClient[] = [];

async function listed(node: ChaosNode, ip: string): Promise<boolean | undefined> {
  try {
    const res = await fetch(`${node.http}/nacos/v1/ns/instance/list?serviceName=${SERVICE}&healthyOnly=false`, {
      signal: AbortSignal.timeout(2_000),
    });
    const { hosts } = (await res.json()) as { hosts: Array<{ ip: string }> };
    return hosts.some((h) => h.ip === ip);
  } catch {
    return undefined;
  }
}

/** A 2.x client given both nodes, connected to `first`, with its instance registered. */
async function clientOn(first: ChaosNode, ip: string): Promise<FailoverGrpcClient> {
  const client = new FailoverGrpcClient(`client-${ip}`, nodes, new Random(7));
  clients.push(client);
  await client.start(first.grpc);
  expect(client.nodeId).toBe(first.nodeId);
  const answer = await client.register({
    namespace: 'public',
    serviceName: SERVICE,
    groupName: 'DEFAULT_GROUP',
    module: 'naming',
    type: 'registerInstance',
    instance: { ip, port: 8080, weight: 1, healthy: true, enabled: true, ephemeral: true, clusterName: 'DEFAULT' },
  });
  expect(answer.body.success).toBe(true);
  return client;
}

/** Polls node 2's list for `ms`: the longest stretch `ip` was missing from it. */
async function longestMissing(ip: string, ms: number): Promise<number> {
  const until = Date.now() + ms;
  let since: number | undefined;
  let longest = 0;
  while (Date.now() < until) {
    const now = Date.now();
    if ((await listed(nodes[1], ip)) === false) {
      since ??= now;
      longest = Math.max(longest, now - since);
    } else since = undefined;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return longest;
}

beforeAll(async () => {
  if (typeof pgServer === 'string') return;
  const dbUrl = await pgServer.createDatabase('cutoff');
  link = await startDbLinkProxy(pgServer.port);
  nodes.push(chaosNode(await startClusterNode(1, link.url(dbUrl), ENV), link));
  nodes.push(chaosNode(await startClusterNode(2, dbUrl, ENV), await startDbLinkProxy(pgServer.port)));
  for (const node of nodes) {
    await waitUntil(`node ${node.nodeId} lists both nodes UP`, async () => {
      const body = (await (await fetch(`${node.http}/nacos/v1/core/cluster/nodes`)).json()) as {
        data: Array<{ state: string }>;
      };
      return body.data.filter((m) => m.state === 'UP').length === 2;
    });
  }
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.close();
  await Promise.all(nodes.map((n) => n.process.stop().catch(() => undefined)));
  await Promise.all(nodes.map((n) => n.link.close()));
  if (typeof pgServer !== 'string') await pgServer.stop();
}, 60_000);

describe.skipIf(typeof pgServer === 'string')('a node cut off from the database', () => {
  it('sends its gRPC clients to a node that can represent them, keeping their instances listed, and takes none meanwhile', async () => {
    const ip = '10.66.0.1';
    const client = await clientOn(nodes[0], ip);
    await waitUntil('node 2 lists the instance', () => listed(nodes[1], ip));
    link.set({ kind: 'dropped' });
    let missing: number;
    try {
      // three leases: long past the moment the others evict node 1
      missing = await longestMissing(ip, LEASE_MS * 3);
      expect(client.nodeId, `the client moved to node 2 (its instance missing there for ${missing} ms)`).toBe(2);
      const newcomer = new RawNacosClient(nodes[0].grpc);
      const refused = await newcomer.connect().then(
        () => 'connected',
        (err: Error) => err.message,
      );
      newcomer.close();
      expect(refused).not.toBe('connected');
    } finally {
      link.set({ kind: 'up' });
    }
    expect(missing, `missing from node 2 for ${missing} ms`).toBeLessThan(1_500);
    await waitUntil(
      'node 1 takes clients again',
      async () => {
        const again = new RawNacosClient(nodes[0].grpc);
        const ok = await again.connect().then(
          () => true,
          () => false,
        );
        again.close();
        return ok;
      },
      20_000,
      500,
    );
  }, 60_000);

  it('when the database is down for every node, the nodes keep their clients', async () => {
    const ip = '10.66.0.2';
    const client = await clientOn(nodes[1], ip);
    const switches = client.switches;
    const server = pgServer as Exclude<typeof pgServer, string>;
    server.freeze();
    try {
      await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 2.5));
      expect(client.switches).toBe(switches);
      expect(await listed(nodes[1], ip)).toBe(true);
    } finally {
      server.thaw();
    }
  }, 60_000);
});
