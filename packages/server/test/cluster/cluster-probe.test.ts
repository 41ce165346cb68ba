import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../interop/wait-until.js';
import { startPostgres } from '../postgres-server.js';
import { startClusterNode, type ClusterNodeProcess } from './cluster-nodes.js';

/**
 * Persistent instance probes on a 2-node cluster: each instance is probed by one node, and what that node
 * finds is seen through both.
 */
const pg = await startPostgres();
if (typeof pg === 'string') console.warn(`cluster probe tests skipped: ${pg}`);

const INTERVAL_S = 5;
const nodes: ClusterNodeProcess[] = [];
const listeners: net.Server[] = [];
/** Connections each listening port accepted. */
const accepted = new Map<number, number>();

async function listen(): Promise<number> {
  const server = net.createServer((socket) => {
    const port = (server.address() as net.AddressInfo).port;
    accepted.set(port, (accepted.get(port) ?? 0) + 1);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  listeners.push(server);
  return (server.address() as net.AddressInfo).port;
}

async function register(node: ClusterNodeProcess, ip: string, port: number): Promise<void> {
  const query = new URLSearchParams({ serviceName: 'probed', ip, port: String(port), ephemeral: 'false' });
  const res = await fetch(`${node.http}/nacos/v1/ns/instance?${query}`, { method: 'POST' });
  expect(res.status).toBe(200);
}

async function health(node: ClusterNodeProcess): Promise<Map<string, boolean>> {
  const res = await fetch(`${node.http}/nacos/v1/ns/instance/list?serviceName=probed`);
  const hosts = ((await res.json()) as { hosts: { ip: string; port: number; healthy: boolean }[] }).hosts;
  return new Map(hosts.map((h) => [`${h.ip}:${h.port}`, h.healthy]));
}

beforeAll(async () => {
  if (typeof pg === 'string') return;
  const url = await pg.createDatabase('probes');
  const env = { RNACOS_NAMING_PERPETUAL_INSTANCE_PROBE_INTERVAL_SECOND: String(INTERVAL_S) };
  nodes.push(await startClusterNode(1, url, env));
  nodes.push(await startClusterNode(2, url, env));
}, 120_000);

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop().catch(() => undefined)));
  await Promise.all(listeners.map((s) => new Promise((resolve) => s.close(resolve))));
  if (typeof pg !== 'string') await pg.stop();
}, 60_000);

describe.skipIf(typeof pg === 'string')('persistent instance probes on a 2-node cluster', () => {
  it('probes each instance from one node only, and both nodes list what it found', async () => {
    const open: number[] = [];
    for (let i = 0; i < 8; i++) open.push(await listen());
    const closedPort = await listen();
    await new Promise((resolve) => listeners.pop()!.close(resolve));
    for (const port of open) await register(nodes[0], '127.0.0.1', port);
    // distinct loopback addresses: distinct instances on the closed port
    const closed = Array.from({ length: 8 }, (_, i) => `127.0.3.${i + 1}:${closedPort}`);
    for (const address of closed) await register(nodes[1], address.split(':')[0], closedPort);

    for (const node of nodes) {
      await waitUntil(
        `node ${node.nodeId} lists the closed ports unhealthy`,
        async () => {
          const seen = await health(node);
          return closed.every((a) => seen.get(a) === false) && open.every((p) => seen.get(`127.0.0.1:${p}`));
        },
        4 * INTERVAL_S * 1000,
      );
    }

    // over two intervals each open port gets two or three probes; probed by both nodes it would get four or more
    accepted.clear();
    await new Promise((resolve) => setTimeout(resolve, 2 * INTERVAL_S * 1000));
    for (const port of open) expect(accepted.get(port) ?? 0, `probes of port ${port}`).toBeLessThanOrEqual(3);
    expect(open.every((port) => (accepted.get(port) ?? 0) >= 1)).toBe(true);
  }, 90_000);
});
