import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawNacosClient } from '../grpc-raw-client.js';
import { startPostgres } from '../postgres-server.js';
import { startClusterNode, type ClusterNodeProcess } from './cluster-nodes.js';

/**
 * Writes of one ephemeral instance through different nodes, back to back: each is answered only once the
 * database holds it, so the next one, whichever node decides it, starts from it. Two nodes (child
 * processes) on one real PostgreSQL; every round uses a fresh instance and sends its second request the
 * moment the first is answered.
 */
const pgServer = await startPostgres();
if (typeof pgServer === 'string') console.warn(`cluster back-to-back tests skipped: ${pgServer}`);

const ROUNDS = 20;
/** How long a round's outcome may take to reach both nodes (announcements take milliseconds). */
const SETTLE_MS = 3_000;

let dbUrl: string;
const nodes: ClusterNodeProcess[] = [];
const grpcClients: RawNacosClient[] = [];

type State = string; // `absent` or `weight N`, per node and in the database

async function send(node: ClusterNodeProcess, method: string, fields: Record<string, string>): Promise<string> {
  const res = await fetch(`${node.http}/nacos/v1/ns/instance?${new URLSearchParams(fields).toString()}`, { method });
  return `${res.status} ${await res.text()}`;
}

async function listed(node: ClusterNodeProcess, service: string, ip: string): Promise<State> {
  const res = await fetch(`${node.http}/nacos/v1/ns/instance/list?serviceName=${service}&healthyOnly=false`);
  const hosts =
    res.status === 200 ? ((await res.json()) as { hosts: Array<{ ip: string; weight: number }> }).hosts : [];
  const host = hosts.find((h) => h.ip === ip);
  return host ? `weight ${host.weight}` : 'absent';
}

async function stored(service: string, ip: string): Promise<State> {
  const conn = new pg.Client({ connectionString: dbUrl });
  await conn.connect();
  try {
    const { rows } = await conn.query<{ instance: string }>(
      'SELECT instance FROM ephemeral_instance WHERE service_name = $1 AND ip = $2',
      [service, ip],
    );
    if (rows.length > 1) return `${rows.length} rows`;
    return rows.length === 0 ? 'absent' : `weight ${(JSON.parse(rows[0].instance) as { weight: number }).weight}`;
  } finally {
    await conn.end();
  }
}

/** What nodes 1, 2 and the database hold once they agree on `expected` or `SETTLE_MS` has passed. */
async function settled(service: string, ip: string, expected: State): Promise<State[]> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const states = [...(await Promise.all(nodes.map((n) => listed(n, service, ip)))), await stored(service, ip)];
    if (states.every((s) => s === expected) || Date.now() > deadline) return states;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Rounds whose end state is not `expected` on some node or in the database, described. */
async function wrongRounds(
  service: string,
  rounds: number,
  round: (ip: string) => Promise<string[]>,
  expected: State,
): Promise<string[]> {
  const wrong: string[] = [];
  for (let i = 1; i <= rounds; i++) {
    const ip = `10.44.${i}.${service.length}`;
    const answers = await round(ip);
    expect(
      answers.every((a) => a === '200 ok' || a === 'ok'),
      answers.join(', '),
    ).toBe(true);
    const [node1, node2, database] = await settled(service, ip, expected);
    if ([node1, node2, database].some((s) => s !== expected))
      wrong.push(`round ${i}: node 1 ${node1}, node 2 ${node2}, database ${database}`);
  }
  return wrong;
}

const report = (what: string, wrong: string[]) => `${wrong.length}/${ROUNDS} rounds ${what}:\n${wrong.join('\n')}`;

beforeAll(async () => {
  if (typeof pgServer === 'string') return;
  dbUrl = await pgServer.createDatabase('backtoback');
  for (const id of [1, 2]) nodes.push(await startClusterNode(id, dbUrl));
}, 120_000);

afterAll(async () => {
  for (const client of grpcClients) client.close();
  await Promise.all(nodes.map((n) => n.stop().catch(() => undefined)));
  if (typeof pgServer !== 'string') await pgServer.stop();
}, 60_000);

describe.skipIf(typeof pgServer === 'string')('writes of one instance through two nodes, back to back', () => {
  it('a deregister through node 2 right after the registration through node 1 removes it everywhere', async () => {
    const service = 'b2b-dereg';
    const wrong = await wrongRounds(
      service,
      ROUNDS,
      async (ip) => {
        const ref = { serviceName: service, ip, port: '8000' };
        return [await send(nodes[0], 'POST', ref), await send(nodes[1], 'DELETE', ref)];
      },
      'absent',
    );
    expect(wrong, report('kept a deregistered instance', wrong)).toEqual([]);
  }, 120_000);

  it('an edit through node 2 right after the registration through node 1 is kept everywhere', async () => {
    const service = 'b2b-edit';
    const wrong = await wrongRounds(
      service,
      ROUNDS,
      async (ip) => {
        const ref = { serviceName: service, ip, port: '8000' };
        return [await send(nodes[0], 'POST', ref), await send(nodes[1], 'PUT', { ...ref, weight: '5' })];
      },
      'weight 5',
    );
    expect(wrong, report('lost the edit or the instance', wrong)).toEqual([]);
  }, 120_000);

  it('edits through alternating nodes back to back: the last one answered is what every node lists', async () => {
    const service = 'b2b-alternate';
    const wrong = await wrongRounds(
      service,
      ROUNDS,
      async (ip) => {
        const ref = { serviceName: service, ip, port: '8000' };
        const answers = [await send(nodes[0], 'POST', ref)];
        for (const [node, weight] of [
          [1, 2],
          [0, 3],
          [1, 4],
        ] as const)
          answers.push(await send(nodes[node], 'PUT', { ...ref, weight: String(weight) }));
        return answers;
      },
      'weight 4',
    );
    expect(wrong, report('did not end with the last edit', wrong)).toEqual([]);
  }, 120_000);

  it('an edit through node 2 right after a gRPC registration on node 1 is kept everywhere', async () => {
    const service = 'b2b-grpc';
    const [host, port] = nodes[0].serverAddr.split(':');
    const wrong = await wrongRounds(
      service,
      ROUNDS,
      async (ip) => {
        const client = new RawNacosClient(`${host}:${Number(port) + 1000}`);
        grpcClients.push(client);
        await client.connect({ labels: { source: 'sdk', module: 'naming' } });
        const registered = await client.request('InstanceRequest', {
          namespace: 'public',
          serviceName: service,
          groupName: 'DEFAULT_GROUP',
          module: 'naming',
          type: 'registerInstance',
          instance: {
            ip,
            port: 8000,
            weight: 1,
            healthy: true,
            enabled: true,
            ephemeral: true,
            clusterName: 'DEFAULT',
          },
        });
        const ok = registered.body.success === true ? 'ok' : JSON.stringify(registered.body);
        return [ok, await send(nodes[1], 'PUT', { serviceName: service, ip, port: '8000', weight: '5' })];
      },
      'weight 5',
    );
    expect(wrong, report('lost the edit or the instance', wrong)).toEqual([]);
  }, 120_000);
});
