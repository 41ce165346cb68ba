import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClusterNode, type ClusterNodeProcess } from '../cluster/cluster-nodes.js';
import { startPostgres, type Postgres } from '../postgres-server.js';
import { buildJavaClient, javaToolchainAvailable, runJavaScenario, type JavaClient } from './java-clients.js';
import { waitUntil } from './wait-until.js';

/**
 * The official nacos Java client 2.5.1, given the three nodes of a cluster on one PostgreSQL, registers an
 * instance; the node it is connected to is killed (-9). The client fails over to another node and
 * registers again: the instance must stay listed on the surviving nodes all along, also after the dead
 * node's lease ran out and it was evicted.
 */
const pgServer = javaToolchainAvailable ? await startPostgres() : 'java, javac or mvn not found';
if (typeof pgServer === 'string') console.warn(`Java client cluster failover test skipped: ${pgServer}`);

const LEASE_SECONDS = 4;
let db: Postgres;
let dbUrl: string;
let client: JavaClient;
let scratch: string;
const nodes: ClusterNodeProcess[] = [];

async function listed(node: ClusterNodeProcess): Promise<string[] | null> {
  try {
    const res = await fetch(`${node.http}/nacos/v1/ns/instance/list?serviceName=failover-svc`);
    const body = (await res.json()) as { hosts: Array<{ ip: string; port: number }> };
    return body.hosts.map((h) => `${h.ip}:${h.port}`);
  } catch {
    return null; // the node is not answering: no sample
  }
}

async function owners(): Promise<number[]> {
  const conn = new pg.Client({ connectionString: dbUrl });
  await conn.connect();
  try {
    const { rows } = await conn.query<{ node_id: string }>(
      "SELECT node_id FROM ephemeral_instance WHERE service_name = 'failover-svc'",
    );
    return rows.map((r) => Number(r.node_id));
  } finally {
    await conn.end();
  }
}

async function states(node: ClusterNodeProcess): Promise<string> {
  const body = (await (await fetch(`${node.http}/nacos/v1/core/cluster/nodes`)).json()) as {
    data: Array<{ state: string; extendInfo: { nodeId: number } }>;
  };
  return body.data.map((m) => `${m.extendInfo.nodeId}:${m.state}`).join(',');
}

beforeAll(async () => {
  if (typeof pgServer === 'string') return;
  db = pgServer;
  client = buildJavaClient('v2-failover');
  dbUrl = await db.createDatabase('java_failover');
  const env = { RNACOS_CLUSTER_LEASE_SECOND: String(LEASE_SECONDS) };
  for (const id of [1, 2, 3]) nodes.push(await startClusterNode(id, dbUrl, env));
  scratch = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-java-failover-'));
}, 300_000);

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop().catch(() => undefined)));
  if (typeof pgServer !== 'string') await pgServer.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}, 60_000);

describe.skipIf(typeof pgServer === 'string')('a Java 2.5.1 client failing over between cluster nodes', () => {
  it('its instance stays listed on the surviving nodes through kill -9 of its node and the eviction', async () => {
    const run = runJavaScenario(client, nodes.map((n) => n.serverAddr).join(','), scratch, 150_000);
    for (const node of nodes) {
      await waitUntil(
        `node ${node.nodeId} lists the instance`,
        async () => (await listed(node))?.includes('10.50.0.1:8080'),
        30_000,
      );
    }
    // node ids start at 1: 0 means "not stored under exactly one node yet"
    const ownerId = await waitUntil('the instance is stored under one node', async () => {
      const found = await owners();
      return found.length === 1 ? found[0] : 0;
    });
    const dead = nodes.find((n) => n.nodeId === ownerId)!;
    const survivors = nodes.filter((n) => n !== dead);

    await dead.kill9();
    // sample both survivors until every node agrees the dead one is DOWN, and a few seconds beyond
    const samples: Array<{ node: number; hosts: string[] }> = [];
    const sample = async () => {
      for (const node of survivors) {
        const hosts = await listed(node);
        if (hosts) samples.push({ node: node.nodeId, hosts });
      }
    };
    const downOnAll = `${ownerId}:DOWN`;
    await waitUntil(
      'both survivors list the dead node DOWN',
      async () => {
        await sample();
        const seen = await Promise.all(survivors.map(states));
        return seen.every((s) => s.includes(downOnAll)) && seen[0] === seen[1];
      },
      30_000,
      100,
    );
    const until = Date.now() + 3_000;
    while (Date.now() < until) {
      await sample();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(samples.length).toBeGreaterThan(20);
    expect(samples.filter((s) => !s.hosts.includes('10.50.0.1:8080'))).toEqual([]);
    const [newOwner] = await owners();
    expect(survivors.map((n) => n.nodeId)).toContain(newOwner);

    writeFileSync(path.join(scratch, 'stop'), '');
    const ended = await run;
    expect(ended.exitCode, ended.output).toBe(0);
    expect(ended.steps).toEqual({ registered: true, serverStatus: 'UP' });
  }, 180_000);
});
