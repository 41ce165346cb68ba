// kill -9 of a cluster node -> its ephemeral instances gone from the other nodes' instance lists. The
// instances are registered by a gRPC client on the node that is killed; that client does not reconnect
// elsewhere (a real SDK would, and register again), so the instances can only go with the node's lease.
// One connection per instance: a nacos 2.x client holds one instance per service, a second replaces it.
import { BenchConnection } from './grpc-client.js';
import type { BenchServer } from './lib.js';

const SERVICE = 'kill-svc';
const GIVE_UP_MS = 60_000;

async function listed(node: BenchServer): Promise<number> {
  const res = await fetch(`${node.base}/nacos/v1/ns/instance/list?serviceName=${SERVICE}&healthyOnly=false`);
  if (res.status !== 200) return res.status === 404 ? 0 : NaN;
  const body = (await res.json()) as { hosts?: unknown[] };
  return body.hosts?.length ?? 0;
}

async function until(what: string, done: () => Promise<boolean>, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (await done()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  console.error(`${what}: not after ${limitMs / 1000} s`);
  return false;
}

/**
 * Registers `count` instances through `victim`, waits until `others` list them all, kills `victim` with
 * SIGKILL and answers the ms until every one of `others` lists none (NaN when that never happened).
 */
export async function killToGone(victim: BenchServer, others: BenchServer[], count: number): Promise<number> {
  const clients = Array.from({ length: count }, () => new BenchConnection(`127.0.0.1:${victim.grpcPort}`));
  try {
    for (const [i, client] of clients.entries()) {
      await client.connect();
      const answer = await client.call('InstanceRequest', {
        module: 'naming',
        namespace: 'public',
        groupName: 'DEFAULT_GROUP',
        serviceName: SERVICE,
        type: 'registerInstance',
        instance: { ip: `10.7.0.${i + 1}`, port: 8080, weight: 1, healthy: true, enabled: true, ephemeral: true },
      });
      if (answer.resultCode !== 200) throw new Error(`register on the node to kill: ${JSON.stringify(answer)}`);
    }
    const all = async () => (await Promise.all(others.map(listed))).every((n) => n === count);
    if (!(await until('instances listed on the other nodes', all, 10_000))) return NaN;
    const exited = new Promise((r) => victim.child.once('exit', r));
    const t0 = performance.now();
    victim.child.kill('SIGKILL');
    await exited;
    const none = async () => (await Promise.all(others.map(listed))).every((n) => n === 0);
    return (await until('instances gone after kill -9', none, GIVE_UP_MS)) ? performance.now() - t0 : NaN;
  } finally {
    for (const client of clients) client.close();
  }
}
