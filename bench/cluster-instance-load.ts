// Ephemeral instances registered and deregistered over HTTP v1 through one node or through several nodes
// at once: a fixed number of new instances (spread over SERVICES services) registered, then the same
// instances deregistered, each through the node after the one that registered it when several nodes take
// part (so the deregister is decided by a node that does not own the instance).
import { loadAcross, type ClusterLoadRun } from './cluster-load.js';
import type { BenchServer } from './lib.js';

const SERVICES = 100;

export type InstanceRun = ClusterLoadRun;

/** Instance `n` of a run (its service, ip and port), as a query string. */
function instanceQuery(run: number, n: number): string {
  const service = `bench-eph-${n % SERVICES}`;
  return `serviceName=${service}&ip=10.${run & 255}.${(n >> 8) & 255}.${n & 255}&port=8080&ephemeral=true`;
}

/**
 * `amount` requests of `method` in all, split evenly over `nodes`, `connections` in all; instance `n` goes
 * to `nodes[(n + shift) % nodes.length]`, so a deregister with `shift` 1 reaches another node than its
 * registration with `shift` 0.
 */
export function instancesAcross(
  nodes: BenchServer[],
  method: 'POST' | 'DELETE',
  run: number,
  amount: number,
  connections: number,
  shift = 0,
): Promise<InstanceRun> {
  return loadAcross(nodes, (_node, i) => {
    // the instances of this node: n with (n + shift) % nodes.length === i
    let k = 0;
    const next = () => {
      const n = k++ * nodes.length + ((i - shift + nodes.length * 2) % nodes.length);
      return `/nacos/v1/ns/instance?${instanceQuery(run, n)}`;
    };
    return {
      connections: Math.ceil(connections / nodes.length),
      amount: Math.floor(amount / nodes.length),
      requests: [{ method, setupRequest: (req) => ({ ...req, method, path: next() }) }],
    };
  });
}
