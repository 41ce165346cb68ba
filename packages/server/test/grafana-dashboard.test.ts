import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_GAUGES } from '../src/core/cluster/cluster-gauges.js';
import { buildTestApp, type TestApp } from './helpers.js';
import { servedMetrics } from './served-metrics.js';

const DASHBOARD = new URL('../../../deploy/grafana/tsnacos-dashboard.json', import.meta.url);

interface Target {
  expr?: string;
}
interface Panel {
  type: string;
  title: string;
  datasource?: { uid?: string };
  targets?: Target[];
  panels?: Panel[];
}
interface Dashboard {
  panels: Panel[];
  templating: { list: Array<{ name: string; type: string; query: unknown }> };
}

const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
const panels = (list: Panel[]): Panel[] => list.flatMap((p) => [p, ...panels(p.panels ?? [])]);

/** PromQL's functions, aggregations and keywords the dashboard may use; any other word is a metric name. */
const PROMQL_WORDS = new Set([
  'sum',
  'avg',
  'min',
  'max',
  'count',
  'by',
  'without',
  'rate',
  'irate',
  'increase',
  'histogram_quantile',
  'label_values',
  'clamp_min',
  'clamp_max',
  'and',
  'or',
  'unless',
  'on',
  'ignoring',
  'offset',
]);

/** The metric series a PromQL expression (or a Grafana variable query) reads. */
function seriesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '') // label values, legend text
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\[[^\]]*\]/g, '') // ranges
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '') // grouping labels
    .replace(/\$\{?\w+\}?/g, ''); // dashboard variables
  const words = [...bare.matchAll(/[A-Za-z_:][\w:]*/g)].map((m) => m[0]);
  // label_values(metric, label): its second argument is a label
  const labels = [...expr.matchAll(/label_values\([^,()]+,\s*(\w+)\)/g)].map((m) => m[1]);
  return words.filter((w) => !PROMQL_WORDS.has(w) && !labels.includes(w));
}

const expressions = [
  ...panels(dashboard.panels).flatMap((p) => (p.targets ?? []).map((t) => t.expr ?? '')),
  ...dashboard.templating.list.flatMap((v) =>
    v.type === 'query' ? [typeof v.query === 'string' ? v.query : (v.query as { query: string }).query] : [],
  ),
];

describe('deploy/grafana/tsnacos-dashboard.json', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({});
  });
  afterAll(() => app.dispose());

  it('queries only series /metrics serves (a cluster node also serves its gauges)', async () => {
    const served = (await servedMetrics(app)).series;
    const queried = new Set(expressions.flatMap(seriesOf));
    expect(queried.size).toBeGreaterThan(15);
    expect([...queried].filter((name) => !served.has(name))).toEqual([]);
  });

  it('shows errors and the cluster, and reads every panel from the Prometheus data source variable', () => {
    const queried = new Set(expressions.flatMap(seriesOf));
    for (const name of [
      'http_request_server_error_total',
      'grpc_request_server_error_total',
      'login_refused_total',
      ...Object.keys(CLUSTER_GAUGES),
    ]) {
      expect(queried).toContain(name);
    }
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }),
    );
    for (const panel of panels(dashboard.panels).filter((p) => p.type !== 'row')) {
      expect({ panel: panel.title, uid: panel.datasource?.uid }).toEqual({ panel: panel.title, uid: '${datasource}' });
    }
  });

  it('reads the metric names out of PromQL', () => {
    expect(
      seriesOf(
        'histogram_quantile(0.99, sum by (instance, le) (rate(http_request_handle_rt_histogram_bucket{instance=~"$instance"}[$__rate_interval])))',
      ),
    ).toEqual(['http_request_handle_rt_histogram_bucket']);
    expect(seriesOf('label_values(app_rss_memory, instance)')).toEqual(['app_rss_memory']);
    expect(seriesOf('nope_total{a="b"} / ignoring(x) other')).toEqual(['nope_total', 'other']);
  });
});
