import { CLUSTER_GAUGES } from '../src/core/cluster/cluster-gauges.js';
import type { TestApp } from './helpers.js';

/** What /metrics serves: each metric's type (its `# TYPE` line) and every series name it prints. */
export interface ServedMetrics {
  types: Map<string, string>;
  series: Set<string>;
}

/** /metrics of a single node, plus the gauges only a cluster node serves (each node serves them there). */
export async function servedMetrics(app: TestApp): Promise<ServedMetrics> {
  const body = (await app.sdkHttp.inject({ method: 'GET', url: '/metrics' })).body;
  const types = new Map([...body.matchAll(/^# TYPE (\w+) (\w+)$/gm)].map((m) => [m[1], m[2]]));
  const series = new Set([...body.matchAll(/^(\w+)(?:\{[^}]*\})? /gm)].map((m) => m[1]));
  for (const name of Object.keys(CLUSTER_GAUGES)) {
    types.set(name, 'gauge');
    series.add(name);
  }
  return { types, series };
}
