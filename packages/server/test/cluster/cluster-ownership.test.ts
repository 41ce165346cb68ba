import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';
import { freePort } from '../server-process.js';
import { startRustDriver, type SdkDriver, type SdkServer } from '../interop/sdk-drivers.js';
import { waitUntil } from '../interop/wait-until.js';
import { startPostgres } from '../postgres-server.js';
import { startClusterNode, type ClusterNodeProcess } from './cluster-nodes.js';

/**
 * Ephemeral instances, edits and beats through any node of a 3-node cluster on one real PostgreSQL, and
 * node identity: what a load balancer in front of the nodes and an operator restarting them do.
 */
const pgServer = await startPostgres();
if (typeof pgServer === 'string') console.warn(`cluster ownership tests skipped: ${pgServer}`);

let dbUrl: string;
const nodes: ClusterNodeProcess[] = [];
const drivers: SdkDriver[] = [];

type Host = {
  ip: string;
  port: number;
  weight: number;
  healthy: boolean;
  enabled: boolean;
  metadata: Record<string, string>;
};

async function hostsOf(node: ClusterNodeProcess, service: string): Promise<Host[]> {
  const res = await fetch(`${node.http}/nacos/v1/ns/instance/list?serviceName=${service}&healthyOnly=false`);
  return res.status === 200 ? ((await res.json()) as { hosts: Host[] }).hosts : [];
}

async function send(node: ClusterNodeProcess, method: string, path: string, fields: Record<string, string>) {
  const res = await fetch(`${node.http}${path}?${new URLSearchParams(fields).toString()}`, { method });
  return { status: res.status, body: await res.text() };
}

async function ownersOf(service: string): Promise<number[]> {
  const conn = new pg.Client({ connectionString: dbUrl });
  await conn.connect();
  try {
    const { rows } = await conn.query<{ node_id: string }>(
      'SELECT node_id FROM ephemeral_instance WHERE service_name = $1 ORDER BY node_id',
      [service],
    );
    return rows.map((r) => Number(r.node_id));
  } finally {
    await conn.end();
  }
}

/** Waits until every node lists `service` as `expected` says (a projection of its hosts). */
async function onEveryNode(service: string, what: (hosts: Host[]) => unknown, expected: unknown): Promise<void> {
  for (const node of nodes) {
    await waitUntil(`node ${node.nodeId}: ${service} is ${JSON.stringify(expected)}`, async () => {
      return JSON.stringify(what(await hostsOf(node, service))) === JSON.stringify(expected);
    });
  }
}

const ports = (hosts: Host[]) => hosts.map((h) => h.port).sort();
const grpcAddrOf = (node: ClusterNodeProcess) => `127.0.0.1:${Number(node.serverAddr.split(':')[1]) + 1000}`;

beforeAll(async () => {
  if (typeof pgServer === 'string') return;
  dbUrl = await pgServer.createDatabase('ownership');
  for (const id of [1, 2, 3]) nodes.push(await startClusterNode(id, dbUrl));
}, 120_000);

afterAll(async () => {
  await Promise.all(drivers.map((d) => d.cleanup()));
  await Promise.all(nodes.map((n) => n.stop().catch(() => undefined)));
  if (typeof pgServer !== 'string') await pgServer.stop();
}, 60_000);

describe.skipIf(typeof pgServer === 'string')('ownership of ephemeral instances in a cluster', () => {
  it('the console state says cluster mode', async () => {
    const state = await (await fetch(`${nodes[0].http}/nacos/v1/console/server/state`)).json();
    expect(state).toMatchObject({ standalone_mode: 'cluster', function_mode: null });
  });

  it('an HTTP instance registered through node 1 and deregistered through node 2 is gone everywhere', async () => {
    const ref = { serviceName: 'lb-dereg', ip: '10.3.0.1', port: '8001' };
    expect((await send(nodes[0], 'POST', '/nacos/v1/ns/instance', ref)).body).toBe('ok');
    await onEveryNode('lb-dereg', ports, [8001]);
    expect((await send(nodes[1], 'DELETE', '/nacos/v1/ns/instance', ref)).body).toBe('ok');
    await onEveryNode('lb-dereg', ports, []);
    expect(await ownersOf('lb-dereg')).toEqual([]);
  });

  it('a gRPC instance of node 1 deregistered through node 2 is gone everywhere', async () => {
    const rust = await startRustDriver({ serverAddr: nodes[0].serverAddr } as SdkServer);
    drivers.push(rust);
    await rust.driver.call('naming.create', { ...rust.clientArgs, client: 'r1' });
    await rust.driver.call('naming.register', {
      client: 'r1',
      service: 'grpc-dereg',
      instance: { ip: '10.3.0.2', port: 8002, weight: 1, healthy: true, enabled: true, ephemeral: true },
    });
    await onEveryNode('grpc-dereg', ports, [8002]);
    const ref = { serviceName: 'grpc-dereg', ip: '10.3.0.2', port: '8002' };
    expect((await send(nodes[1], 'DELETE', '/nacos/v1/ns/instance', ref)).body).toBe('ok');
    await onEveryNode('grpc-dereg', ports, []);
  });

  it('an edit through node 3 reaches every node, and a later change by the owner keeps it', async () => {
    const ref = { serviceName: 'lb-edit', ip: '10.3.0.3', port: '8003' };
    expect((await send(nodes[0], 'POST', '/nacos/v1/ns/instance', ref)).body).toBe('ok');
    await onEveryNode('lb-edit', ports, [8003]);
    expect((await send(nodes[2], 'PUT', '/nacos/v1/ns/instance', { ...ref, weight: '5' })).body).toBe('ok');
    const view = (hosts: Host[]) => hosts.map((h) => [h.weight, h.metadata.zone ?? null]);
    await onEveryNode('lb-edit', view, [[5, null]]);
    // the owner changes another field: the weight set through node 3 stays
    const metadata = JSON.stringify({ zone: 'a' });
    expect((await send(nodes[0], 'PUT', '/nacos/v1/ns/instance', { ...ref, metadata })).body).toBe('ok');
    await onEveryNode('lb-edit', view, [[5, 'a']]);
    expect(await ownersOf('lb-edit')).toEqual([1]);
  });

  it('beats through a load balancer reaching only node 2 keep node 1 the owner and the instance healthy', async () => {
    const metadata = JSON.stringify({
      'preserved.heart.beat.interval': '1000',
      'preserved.heart.beat.timeout': '3000',
      'preserved.ip.delete.timeout': '6000',
    });
    const ref = { serviceName: 'lb-beats', ip: '10.3.0.4', port: '8004' };
    expect((await send(nodes[0], 'POST', '/nacos/v1/ns/instance', { ...ref, metadata })).body).toBe('ok');
    await onEveryNode('lb-beats', ports, [8004]);
    // twice the delete timeout of beats that node 1 never receives itself
    for (let i = 0; i < 12; i++) {
      const beat = await send(nodes[1], 'PUT', '/nacos/v1/ns/instance/beat', ref);
      expect(beat.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const health = (hosts: Host[]) => hosts.map((h) => [h.port, h.healthy]);
    for (const node of nodes) expect(health(await hostsOf(node, 'lb-beats'))).toEqual([[8004, true]]);
    expect(await ownersOf('lb-beats')).toEqual([1]);
  }, 60_000);

  it('a second process with the id and the address of a live node is refused, naming both', async () => {
    const ref = { serviceName: 'on-node-2', ip: '10.3.0.5', port: '8005' };
    expect((await send(nodes[1], 'POST', '/nacos/v1/ns/instance', ref)).body).toBe('ok');
    await onEveryNode('on-node-2', ports, [8005]);
    const started = await runCli([], {
      env: {
        RNACOS_DB_URL: dbUrl,
        RNACOS_RAFT_NODE_ID: '2',
        RNACOS_RAFT_NODE_ADDR: grpcAddrOf(nodes[1]),
        RNACOS_HTTP_PORT: String(await freePort()),
        RNACOS_CLUSTER_LEASE_SECOND: '4',
      },
      timeoutMs: 30_000,
    });
    expect(started.code).toBe(1);
    expect(started.stderr).toContain(`cluster node id 2 is in use by the live node at ${grpcAddrOf(nodes[1])}`);
    expect((await fetch(`${nodes[1].http}/nacos/v1/console/health/readiness`)).status).toBe(200);
    await onEveryNode('on-node-2', ports, [8005]); // node 2's instances were not touched
  });

  it('a node restarted right after kill -9 takes its id back once the old lease stops renewing', async () => {
    await nodes[2].kill9();
    const started = Date.now();
    await nodes[2].restart();
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(nodes[2].output()).toContain('cluster node id 3: the previous process');
    const state = async (node: ClusterNodeProcess) => {
      const body = await (await fetch(`${node.http}/nacos/v1/core/cluster/nodes`)).json();
      return (body.data as Array<{ state: string }>).map((m) => m.state).join(',');
    };
    for (const node of nodes)
      await waitUntil(`node ${node.nodeId} lists 3 UP`, async () => (await state(node)) === 'UP,UP,UP');
  }, 60_000);
  it('HTTP beats reaching node 2 when their owner node 1 dies: node 2 takes the instance over, node 3 never drops it', async () => {
    const metadata = JSON.stringify({
      'preserved.heart.beat.interval': '1000',
      'preserved.heart.beat.timeout': '3000',
      'preserved.ip.delete.timeout': '6000',
    });
    const ref = { serviceName: 'lb-takeover', ip: '10.3.0.6', port: '8006' };
    expect((await send(nodes[0], 'POST', '/nacos/v1/ns/instance', { ...ref, metadata })).body).toBe('ok');
    await onEveryNode('lb-takeover', ports, [8006]);
    let beating = true;
    const beats = (async () => {
      while (beating) {
        await send(nodes[1], 'PUT', '/nacos/v1/ns/instance/beat', ref);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();
    try {
      await nodes[0].kill9();
      const samples: number[][] = [];
      const downOnNode3 = async () => {
        const body = await (await fetch(`${nodes[2].http}/nacos/v1/core/cluster/nodes`)).json();
        return (body.data as Array<{ state: string }>)[0].state === 'DOWN';
      };
      await waitUntil(
        'node 3 lists node 1 DOWN',
        async () => {
          samples.push(ports(await hostsOf(nodes[2], 'lb-takeover')));
          return downOnNode3();
        },
        30_000,
        100,
      );
      await waitUntil('node 1 is evicted', async () => !(await ownersOf('lb-takeover')).includes(1), 30_000, 100);
      for (let i = 0; i < 20; i++) {
        samples.push(ports(await hostsOf(nodes[2], 'lb-takeover')));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(samples.filter((p) => !p.includes(8006))).toEqual([]);
      expect(await ownersOf('lb-takeover')).toEqual([2]);
    } finally {
      beating = false;
      await beats;
    }
  }, 60_000);
});
