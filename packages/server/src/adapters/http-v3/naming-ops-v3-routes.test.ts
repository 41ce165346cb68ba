import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, listeningTestApp, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
let base: string;
const svc = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'ops' };
beforeAll(async () => {
  ({ app, base } = await listeningTestApp());
  for (const port of [1, 2]) {
    await app.core.naming.registerInstance(svc, { ip: '10.5.0.1', port, ephemeral: false, metadata: { keep: 'y' } });
  }
});
afterAll(() => app.dispose());

const put = (path: string, fields: Record<string, string>) =>
  app.sdkHttp.inject({ method: 'PUT', url: path, ...form(fields) });
const META = '/nacos/v3/admin/ns/instance/metadata/batch';

describe('/nacos/v3/admin/ns/instance/metadata/batch', () => {
  it('sets and removes metadata keys on the instances named, or on every one', async () => {
    const one = await put(META, {
      serviceName: 'ops',
      instances: JSON.stringify([{ ip: '10.5.0.1', port: 1, clusterName: 'DEFAULT' }]),
      metadata: '{"zone":"a"}',
      consistencyType: 'persist',
    });
    expect(one.json().data).toEqual({ updated: ['10.5.0.1:1:unknown:DEFAULT:persist'] });
    const all = await put(META, { serviceName: 'ops', metadata: '{"v":"2"}' });
    expect(all.json().data.updated).toHaveLength(2);
    const [first, second] = app.core.naming.listInstances(svc).sort((a, b) => a.port - b.port);
    expect(first.metadata).toEqual({ keep: 'y', zone: 'a', v: '2' });
    expect(second.metadata).toEqual({ keep: 'y', v: '2' });
    const removed = await app.sdkHttp.inject({
      method: 'DELETE',
      url: `${META}?${new URLSearchParams({ serviceName: 'ops', metadata: '{"v":""}' })}`,
    });
    expect(removed.json().data.updated).toHaveLength(2);
    expect(app.core.naming.listInstances(svc).every((i) => !('v' in i.metadata))).toBe(true);
    expect((await put(META, { serviceName: 'ops' })).json().code).toBe(10000);
    expect((await put(META, { serviceName: 'ops', metadata: '{}', instances: '{' })).json().code).toBe(20002);
  });
});

describe('/nacos/v3/admin/ns/health/instance and /ops/metrics', () => {
  it('marks a persistent instance unhealthy, over a real socket', async () => {
    const res = await fetch(`${base}/nacos/v3/admin/ns/health/instance`, {
      method: 'PUT',
      body: new URLSearchParams({ serviceName: 'ops', ip: '10.5.0.1', port: '2', healthy: 'false' }),
    });
    expect((await res.json()).data).toBe('ok');
    expect(app.core.naming.listInstances(svc).find((i) => i.port === 2)!.healthy).toBe(false);
    const missing = await put('/nacos/v3/admin/ns/health/instance', {
      serviceName: 'ops',
      ip: '10.5.0.1',
      port: '3',
      healthy: 'true',
    });
    expect(missing.json().code).toBe(21003);
    expect(
      (await put('/nacos/v3/admin/ns/health/instance', { serviceName: 'ops', ip: '10.5.0.1', port: '2' })).statusCode,
    ).toBe(400);
  });

  it('tells the naming counters', async () => {
    const status = await app.sdkHttp.inject({ method: 'GET', url: '/nacos/v3/admin/ns/ops/metrics' });
    expect(status.json().data).toEqual({ status: 'UP' });
    const full = await app.sdkHttp.inject({ method: 'GET', url: '/nacos/v3/admin/ns/ops/metrics?onlyStatus=false' });
    expect(full.json().data).toMatchObject({ status: 'UP', serviceCount: 1, instanceCount: 2 });
  });
});

describe('/nacos/v3/admin/core/loader', () => {
  it('lists no connections without gRPC clients, and checks its parameters', async () => {
    const current = await app.sdkHttp.inject({ method: 'GET', url: '/nacos/v3/admin/core/loader/current' });
    expect(current.json()).toEqual({ code: 0, message: 'success', data: {} });
    const post = (path: string, fields: Record<string, string>) =>
      app.sdkHttp.inject({ method: 'POST', url: `/nacos/v3/admin/core/loader/${path}`, ...form(fields) });
    expect((await post('reloadCurrent', { count: '10' })).json().code).toBe(0);
    expect((await post('reloadCurrent', { count: 'x' })).json().code).toBe(20002);
    expect((await post('reloadCurrent', {})).json().code).toBe(10000);
    expect((await post('reloadClient', { connectionId: 'nope' })).json().code).toBe(20004);
    const cluster = await app.sdkHttp.inject({ method: 'GET', url: '/nacos/v3/admin/core/loader/cluster' });
    expect(cluster.json().data).toMatchObject({ memberCount: 1, total: 0, detail: [{ conCount: 0 }] });
  });
});
