import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_GAUGES } from '../src/core/cluster/cluster-gauges.js';
import { buildTestApp, type TestApp } from './helpers.js';
import { servedMetrics } from './served-metrics.js';

const OPERATIONS = new URL('../../../docs/operations.md', import.meta.url);

/** The `| \`name\` | type | meaning |` rows of the "### Metrics" section of docs/operations.md. */
function documentedMetrics(): Map<string, { type: string; meaning: string }> {
  const text = readFileSync(OPERATIONS, 'utf8');
  const section = /^### Metrics\n([\s\S]*?)(?=^#{2,3} )/m.exec(text)?.[1] ?? '';
  return new Map(
    [...section.matchAll(/^\| `(\w+)` \| (\w+) \| (.*) \|$/gm)].map((m) => [m[1], { type: m[2], meaning: m[3] }]),
  );
}

describe('docs/operations.md "Metrics"', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({});
  });
  afterAll(() => app.dispose());

  it('names every metric /metrics serves, with its type, and none it does not serve', async () => {
    const served = (await servedMetrics(app)).types;
    expect(served.size).toBeGreaterThan(10);
    const documented = documentedMetrics();
    expect(Object.fromEntries([...documented].map(([name, { type }]) => [name, type]))).toEqual(
      Object.fromEntries(served),
    );
    for (const name of Object.keys(CLUSTER_GAUGES))
      expect(documented.get(name)?.meaning).toMatch(/^cluster mode only:/);
  });
});
