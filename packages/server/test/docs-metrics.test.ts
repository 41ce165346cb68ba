import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.js';

const OPERATIONS = new URL('../../../docs/operations.md', import.meta.url);

/** The `| \`name\` | type |` rows of the "### Metrics" section of docs/operations.md. */
function documentedMetrics(): Map<string, string> {
  const text = readFileSync(OPERATIONS, 'utf8');
  const section = /^### Metrics\n([\s\S]*?)(?=^#{2,3} )/m.exec(text)?.[1] ?? '';
  return new Map([...section.matchAll(/^\| `(\w+)` \| (\w+) \|/gm)].map((m) => [m[1], m[2]]));
}

describe('docs/operations.md "Metrics"', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({});
  });
  afterAll(() => app.dispose());

  it('names every metric /metrics serves, with its type, and none it does not serve', async () => {
    const body = (await app.sdkHttp.inject({ method: 'GET', url: '/metrics' })).body;
    const served = new Map([...body.matchAll(/^# TYPE (\w+) (\w+)$/gm)].map((m) => [m[1], m[2]]));
    expect(served.size).toBeGreaterThan(10);
    expect(Object.fromEntries(documentedMetrics())).toEqual(Object.fromEntries(served));
  });
});
