// One autocannon per node of a cluster, in one process, all at once: every response's latency is kept, so
// the percentiles and the rate are of all nodes together, and the server CPU is summed over the nodes.
import autocannon from 'autocannon';
import { cpuMicros } from './http-compare.js';
import { percentile, type BenchServer } from './lib.js';

export interface ClusterLoadRun {
  /** Requests answered 200 per second, all nodes together. */
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Server CPU time per request (µs), summed over the nodes. */
  cpuUs: number;
}

/** Runs `optionsFor(node, i)` against every node at once (`url` is filled in) and sums what they did. */
export async function loadAcross(
  nodes: BenchServer[],
  optionsFor: (node: BenchServer, i: number) => Omit<autocannon.Options, 'url'>,
): Promise<ClusterLoadRun> {
  const latencies: number[] = [];
  const cpu0 = nodes.map((n) => cpuMicros(n.child.pid!));
  const started = performance.now();
  const runs = nodes.map((node, i) => {
    // autocannon's answer is both the run's promise and its event emitter
    const run = autocannon({ ...optionsFor(node, i), url: node.base }) as unknown as autocannon.Instance;
    run.on('response', (_client, status, _bytes, ms) => {
      if (status === 200) latencies.push(ms);
    });
    return run as unknown as Promise<autocannon.Result>;
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
