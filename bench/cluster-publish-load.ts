// Config publish through every node of a cluster at once, each publishing over HTTP v1; most publishes
// create a new key, a share rewrites one of a few hot keys that the three nodes contend for.
import { loadAcross, type ClusterLoadRun } from './cluster-load.js';
import type { BenchServer } from './lib.js';

/** One in HOT_EVERY publishes rewrites one of HOT_KEYS keys; the others each create a new key. */
const HOT_EVERY = 5;
const HOT_KEYS = 10;

/** Acknowledged publishes per second (`rps`), all nodes together; `cpuUs` per publish. */
export type ClusterPublishRun = ClusterLoadRun;

let sequence = 0;

function nextPublish(): string {
  const n = sequence++;
  const dataId = n % HOT_EVERY === 0 ? `hot-${(n / HOT_EVERY) % HOT_KEYS}` : `pub-${n}`;
  return `dataId=${dataId}&group=BENCH&content=value-${n}`;
}

/** `connections` in all, split evenly over the nodes, for `seconds`. */
export function publishAcross(nodes: BenchServer[], connections: number, seconds: number): Promise<ClusterPublishRun> {
  return loadAcross(nodes, () => ({
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
  }));
}
