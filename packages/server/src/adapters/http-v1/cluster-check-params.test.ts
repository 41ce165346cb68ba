import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterCheckOf } from '../../core/naming/persistent-check-spec.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
  await app.core.naming.createService(
    { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'web' },
    { metadata: { team: 'a' } },
  );
});
afterAll(() => app.dispose());

const key = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'web' };
const put = (path: string, params: Record<string, string>) =>
  app.sdkHttp.inject({ method: 'PUT', url: `${path}?${new URLSearchParams(params).toString()}` });
const http = { type: 'HTTP', path: 'ready', headers: 'Host:web', expectedResponseCode: 204 };
const base = { serviceName: 'web', clusterName: 'WEB', checkPort: '8080', useInstancePort4Check: 'false' };

describe('nacos update cluster (PUT /nacos/v1/ns/cluster, /nacos/v3/admin/ns/cluster)', () => {
  it("sets a cluster's checker, check port and port choice where the probes read them", async () => {
    const res = await put('/nacos/v1/ns/cluster', { ...base, healthChecker: JSON.stringify(http) });
    expect([res.statusCode, res.body]).toEqual([200, 'ok']);
    const metadata = app.core.naming.getService(key)!.metadata;
    expect(metadata.team).toBe('a');
    expect(clusterCheckOf(metadata, 'WEB')).toEqual({
      type: 'HTTP',
      path: '/ready',
      expectedCode: 204,
      headers: { Host: 'web' },
      checkPort: 8080,
      useInstancePort: false,
    });
    // other clusters keep the defaults
    expect(clusterCheckOf(metadata, 'DEFAULT')).toMatchObject({ type: 'TCP', useInstancePort: true });
    // back to TCP through v3: the HTTP settings go
    const v3 = await put('/nacos/v3/admin/ns/cluster', {
      ...base,
      useInstancePort4Check: 'true',
      healthChecker: '{"type":"TCP"}',
    });
    expect(v3.json()).toMatchObject({ code: 0, data: 'ok' });
    const after = app.core.naming.getService(key)!.metadata;
    expect(clusterCheckOf(after, 'WEB')).toMatchObject({ type: 'TCP', useInstancePort: true, path: '/' });
    expect(Object.keys(after).filter((k) => k.includes('path'))).toEqual([]);
  });

  it('refuses bad input with 400 and an unknown service (v1: 400, v3: 21008), changing nothing', async () => {
    const before = { ...app.core.naming.getService(key)!.metadata };
    const bad: Array<Record<string, string>> = [
      { ...base, healthChecker: '{"type":"MYSQL"}' },
      { ...base, healthChecker: 'not json' },
      { ...base, healthChecker: '[1]' },
      { ...base, healthChecker: JSON.stringify({ ...http, expectedResponseCode: 42 }) },
      { ...base, healthChecker: JSON.stringify({ ...http, headers: 'a:b\r\nc:d' }) },
      { ...base, healthChecker: `{"type":"TCP","path":"${'x'.repeat(5000)}"}` },
      { ...base, checkPort: '0', healthChecker: '{"type":"TCP"}' },
      { ...base, useInstancePort4Check: 'yes', healthChecker: '{"type":"TCP"}' },
      { ...base, clusterName: 'a b', healthChecker: '{"type":"TCP"}' },
      { ...base, healthChecker: '' },
    ];
    for (const params of bad) {
      const res = await put('/nacos/v1/ns/cluster', params);
      expect(res.statusCode, JSON.stringify(params).slice(0, 80)).toBe(400);
    }
    const unknown = { ...base, serviceName: 'nope', healthChecker: '{"type":"TCP"}' };
    expect((await put('/nacos/v1/ns/cluster', unknown)).statusCode).toBe(400);
    expect((await put('/nacos/v3/admin/ns/cluster', unknown)).json()).toMatchObject({ code: 21008 });
    expect(app.core.naming.getService(key)!.metadata).toEqual(before);
  });
});
