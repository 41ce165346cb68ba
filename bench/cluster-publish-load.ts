// Config publish through every node of a cluster at once: one autocannon per node, in one process, each
// publishing over HTTP v1; most publishes create a new key, a share rewrites one of a few hot keys that
// the three nodes contend for. Every response's latency is kept, so the p99 is of all nodes together.
import autocannon from 'autocannon';
import { cpuMicros } from './http-compare.js';
import { percentile, type BenchServer } from './lib.js';

/** One in HOT_EVERY publishes rewrites one of HOT_KEYS keys; the others each create a new key. */
const HOT_EVERY = 5;
const HOT_KEYS = 10;

export interface ClusterPublishRun {
  /** Acknowledged publishes per second, all nodes together. */
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Server CPU time per publish (µs), summed over the nodes. */
  cpuUs: number;
}

let sequence = 0;

function nextPublish(): string {
  const n = sequence++;
  const dataId = n % HOT_EVERY === 0 ? `hot-${(n / HOT_EVERY) % HOT_KEYS}` : `pub-${n}`;
  return `dataId=${dataId}&group=BENCH&content=value-${n}`;
}

/** `connections` in all, split evenly over the nodes, for `seconds`. */
export async function publishAcross(
  nodes: BenchServer[],
  connections: number,
  seconds: number,
): Promise<ClusterPublishRun> {
  const latencies: number[] = [];
  const cpu0 = nodes.map((n) => cpuMicros(n.child.pid!));
  const runs = nodes.map((node) => {
    // autocannon's answer is both the run's promise and its event emitter
    const run = autocannon({
      url: node.base,
      connections: Math.ceil(connections / nodes.length),
      duration: seconds,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            path: '/nacos/v1/cs/configs',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: nextPublish(),
          }),
        },
      ],
    }) as unknown as autocannon.Instance;
    run.on('response', (_client, status, _bytes, ms) => {
      if (status === 200) latencies.push(ms);
    });
    return run as unknown as Promise<autocannon.Result>;
  });
  const results = await Promise.all(runs);
  const cpu = nodes.reduce((sum, n, i) => sum + cpuMicros(n.child.pid!) - cpu0[i], 0);
  latencies.sort((a, b) => a - b);
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  const duration = Math.max(...results.map((r) => r.duration || 1));
  return {
    rps: latencies.length / duration,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    cpuUs: cpu / Math.max(1, total),
  };
}
