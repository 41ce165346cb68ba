// Ephemeral instances registered and deregistered over HTTP v1 through one node or through several nodes
// at once: a fixed number of new instances (spread over SERVICES services) registered, then the same
// instances deregistered, each through the node after the one that registered it when several nodes take
// part (so the deregister is decided by a node that does not own the instance).
import autocannon from 'autocannon';
import { cpuMicros } from './http-compare.js';
import { percentile, type BenchServer } from './lib.js';

const SERVICES = 100;

export interface InstanceRun {
  /** Requests answered `ok` per second, all nodes together. */
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Server CPU time per request (µs), summed over the nodes. */
  cpuUs: number;
}

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
export async function instancesAcross(
  nodes: BenchServer[],
  method: 'POST' | 'DELETE',
  run: number,
  amount: number,
  connections: number,
  shift = 0,
): Promise<InstanceRun> {
  const latencies: number[] = [];
  const cpu0 = nodes.map((n) => cpuMicros(n.child.pid!));
  const perNode = Math.floor(amount / nodes.length);
  const started = performance.now();
  const runs = nodes.map((node, i) => {
    // the instances of this node: n with (n + shift) % nodes.length === i
    let k = 0;
    const next = () => {
      const n = k++ * nodes.length + ((i - shift + nodes.length * 2) % nodes.length);
      return `/nacos/v1/ns/instance?${instanceQuery(run, n)}`;
    };
    const load = autocannon({
      url: node.base,
      connections: Math.ceil(connections / nodes.length),
      amount: perNode,
      requests: [{ method, setupRequest: (req) => ({ ...req, method, path: next() }) }],
    }) as unknown as autocannon.Instance;
    load.on('response', (_client, status, _bytes, ms) => {
      if (status === 200) latencies.push(ms);
    });
    return load as unknown as Promise<autocannon.Result>;
  });
  const results = await Promise.all(runs);
  const seconds = (performance.now() - started) / 1000;
  const cpu = nodes.reduce((sum, n, i) => sum + cpuMicros(n.child.pid!) - cpu0[i], 0);
  latencies.sort((a, b) => a - b);
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    cpuUs: cpu / Math.max(1, total),
  };
}
